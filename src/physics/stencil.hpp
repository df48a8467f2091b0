#pragma once
// Discrete Laplacians divided by h^2, on the device. Each form is the fused sum
// of one stencil; numerics/stencil_taps lists the same weights for the host
// (stability limit, Fourier symbol, tests).
#include "config/config.hpp"
#include "core/types.hpp"
#include "numerics/stencil_taps.hpp"

namespace gs {

// Device forms. Each reads the field through an accessor `f(dz, dy, dx)`: the
// value at that offset from the cell being updated. The same template then
// serves a View indexed per cell (GPUs, tests) and raw row pointers hoisted once
// per row (CPUs, where the compiler can only vectorise plain pointer loads), and
// the arithmetic, term by term and in the same order, is identical in both, so
// the bits do not depend on which form ran.
// inv_h2[d] = 1 / h_d^2; the isotropic stencils require equal spacing and use inv_h2[0].
template <Stencil S>
struct Laplacian;

// Cell (z, y, x) of a View as an offset accessor.
struct ViewAt {
  const ConstField& f;
  int z, y, x;
  KOKKOS_FORCEINLINE_FUNCTION Real operator()(int dz, int dy, int dx) const { return f(z + dz, y + dy, x + dx); }
};

template <>
struct Laplacian<Stencil::P5> {
  template <class At>
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const At& f, const Real* inv_h2) {
    const Real c = f(0, 0, 0);
    return inv_h2[0] * (f(0, 0, -1) + f(0, 0, 1) - 2 * c) + inv_h2[1] * (f(0, -1, 0) + f(0, 1, 0) - 2 * c);
  }
};

template <>
struct Laplacian<Stencil::P9> {
  template <class At>
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const At& f, const Real* inv_h2) {
    const Real faces = f(0, 0, -1) + f(0, 0, 1) + f(0, -1, 0) + f(0, 1, 0);
    const Real diagonals = f(0, -1, -1) + f(0, -1, 1) + f(0, 1, -1) + f(0, 1, 1);
    return (4 * faces + diagonals - 20 * f(0, 0, 0)) * (inv_h2[0] / 6);
  }
};

template <>
struct Laplacian<Stencil::P7> {
  template <class At>
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const At& f, const Real* inv_h2) {
    const Real c = f(0, 0, 0);
    return inv_h2[0] * (f(0, 0, -1) + f(0, 0, 1) - 2 * c) + inv_h2[1] * (f(0, -1, 0) + f(0, 1, 0) - 2 * c) +
           inv_h2[2] * (f(-1, 0, 0) + f(1, 0, 0) - 2 * c);
  }
};

namespace detail {
template <class At>
KOKKOS_FORCEINLINE_FUNCTION Real faces3(const At& f) {
  return f(0, 0, -1) + f(0, 0, 1) + f(0, -1, 0) + f(0, 1, 0) + f(-1, 0, 0) + f(1, 0, 0);
}
template <class At>
KOKKOS_FORCEINLINE_FUNCTION Real edges3(const At& f) {
  return f(0, -1, -1) + f(0, -1, 1) + f(0, 1, -1) + f(0, 1, 1) + f(-1, 0, -1) + f(-1, 0, 1) + f(1, 0, -1) +
         f(1, 0, 1) + f(-1, -1, 0) + f(-1, 1, 0) + f(1, -1, 0) + f(1, 1, 0);
}
template <class At>
KOKKOS_FORCEINLINE_FUNCTION Real corners3(const At& f) {
  return f(-1, -1, -1) + f(-1, -1, 1) + f(-1, 1, -1) + f(-1, 1, 1) + f(1, -1, -1) + f(1, -1, 1) + f(1, 1, -1) +
         f(1, 1, 1);
}
}  // namespace detail

template <>
struct Laplacian<Stencil::P19> {
  template <class At>
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const At& f, const Real* inv_h2) {
    return (2 * detail::faces3(f) + detail::edges3(f) - 24 * f(0, 0, 0)) * (inv_h2[0] / 6);
  }
};

template <>
struct Laplacian<Stencil::P27> {
  template <class At>
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const At& f, const Real* inv_h2) {
    return (14 * detail::faces3(f) + 3 * detail::edges3(f) + detail::corners3(f) - 128 * f(0, 0, 0)) *
           (inv_h2[0] / 30);
  }
};

// The Laplacian of field f at cell (z, y, x).
template <Stencil S>
KOKKOS_FORCEINLINE_FUNCTION Real laplacian(const ConstField& f, int z, int y, int x, const Real* inv_h2) {
  return Laplacian<S>::apply(ViewAt{f, z, y, x}, inv_h2);
}

}  // namespace gs
