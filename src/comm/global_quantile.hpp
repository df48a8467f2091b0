// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Exact order statistics of doubles spread over the ranks of a communicator.
// A radix select on the 64-bit order-preserving key of each value: 8 passes of
// 8 bits, each a 256-bin count on the device summed over ranks in 64-bit
// integers. Integer sums are exact and order-free, so the selected value is
// the same bits on any rank count and any layout (a sort of the values
// gathered on one rank would give it too, at the cost of the global field).
#include <mpi.h>

#include "core/buffer_spec.hpp"
#include "core/types.hpp"

namespace gs {

// Bins of one radix pass: the counts View global_order_statistic allocates
// (and the memory check counts) holds this many 64-bit integers.
constexpr int kRadixBins = 256;

struct OrderStatistic {
  double value = 0;     // the r-th smallest value (0-based) over all ranks
  long long above = 0;  // how many values over all ranks are greater than it
};

// The r-th smallest of all `values` of all ranks of `comm`, 0 <= r < their
// total count (collective). -0.0 counts as +0.0; values must not be NaN.
// The counts global_order_statistic allocates (with a host copy), for the memory check.
BufferSpec radix_count_buffer();
OrderStatistic global_order_statistic(Kokkos::View<const double*, MemSpace> values, long long r, MPI_Comm comm);

// Total count of `values` over all ranks (collective).
long long global_count(Kokkos::View<const double*, MemSpace> values, MPI_Comm comm);

}  // namespace gs
