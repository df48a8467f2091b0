// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// How much memory a rank can have, for the check that a run fits
// (driver/run_memory.hpp) and the benchmark's arrays: the host's available
// memory, or on CUDA and HIP builds the rank's device's free memory, shared
// by the ranks that use it.
#include <mpi.h>

namespace gs {

// Collective. Bytes a rank can have in host memory: MemAvailable shared by
// the ranks of its node, the smallest over all ranks, so every rank decides
// alike. 0: unknown.
double host_memory_per_rank(MPI_Comm comm);
// Collective. Bytes a rank can have in the field memory space: the host's
// share above on host builds; on CUDA and HIP builds the free memory of the
// rank's device shared by the ranks of the node on the same device. 0:
// unknown (other device backends: Kokkos has no portable query, and the
// device then reports its own allocation failure).
double memory_per_rank(MPI_Comm comm);

}  // namespace gs
