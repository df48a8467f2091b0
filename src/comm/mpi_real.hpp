// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The MPI datatype of the state's scalar (Real, core/types.hpp).
#include <mpi.h>

#include <type_traits>

#include "core/types.hpp"

namespace gs {

template <class Real>
inline MPI_Datatype mpi_real() {
  return std::is_same_v<Real, float> ? MPI_FLOAT : MPI_DOUBLE;
}

}  // namespace gs
