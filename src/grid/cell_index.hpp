// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Global position of an owned cell from its array index. Kernels that must give
// the same numbers on any decomposition (initial conditions, parameter maps,
// the digest) take one of these by value.
#include <cstdint>

#include "core/types.hpp"
#include "grid/decomposition.hpp"

namespace gs {

struct CellIndex {
  long shift[3] = {0, 0, 0};  // global index = array index + shift
  long n[3] = {1, 1, 1};      // global cells per dimension

  static CellIndex of(const Decomposition& dec) {
    CellIndex c;
    const IndexBox owned = dec.owned();
    for (int d = 0; d < 3; ++d) {
      c.shift[d] = dec.offset()[d] - owned.lo[d];
      c.n[d] = dec.global_n()[d];
    }
    return c;
  }

  KOKKOS_INLINE_FUNCTION long global(int d, int i) const { return i + shift[d]; }
  // The global index of array index i wrapped into [0, n): for a ghost cell,
  // the owned cell of the periodic domain whose value it holds.
  KOKKOS_INLINE_FUNCTION long wrapped(int d, int i) const {
    const long g = (i + shift[d]) % n[d];
    return g < 0 ? g + n[d] : g;
  }
  // Cell centre along d as a fraction of the domain, in (0, 1).
  KOKKOS_INLINE_FUNCTION double unit_centre(int d, int i) const { return (double(i + shift[d]) + 0.5) / double(n[d]); }
  // unit_centre of the wrapped index: the same bits as the owned cell's for a ghost.
  KOKKOS_INLINE_FUNCTION double wrapped_centre(int d, int i) const { return (double(wrapped(d, i)) + 0.5) / double(n[d]); }
  // Row-major global cell number, x fastest.
  KOKKOS_INLINE_FUNCTION std::uint64_t linear(int z, int y, int x) const {
    return (std::uint64_t(z + shift[2]) * std::uint64_t(n[1]) + std::uint64_t(y + shift[1])) * std::uint64_t(n[0]) +
           std::uint64_t(x + shift[0]);
  }
};

}  // namespace gs
