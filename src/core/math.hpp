// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Device math across Kokkos versions (Experimental:: in 3.x, Kokkos:: from 3.7).
#include <Kokkos_Core.hpp>

namespace gs {
#if KOKKOS_VERSION >= 30700
namespace kmath = ::Kokkos;
#else
namespace kmath = ::Kokkos::Experimental;
#endif
}  // namespace gs
