#pragma once
// Discrete Laplacians divided by h^2, on the device. Each form is the fused sum
// of one stencil; numerics/stencil_taps lists the same weights for the host
// (stability limit, Fourier symbol, tests).
#include "config/config.hpp"
#include "core/types.hpp"
#include "numerics/stencil_taps.hpp"

namespace gs {

// inv_h2[d] = 1 / h_d^2; the isotropic stencils require equal spacing and use inv_h2[0].
template <Stencil S>
struct Laplacian;

template <>
struct Laplacian<Stencil::P5> {
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const ConstField& f, int z, int y, int x, const Real* inv_h2) {
    const Real c = f(z, y, x);
    return inv_h2[0] * (f(z, y, x - 1) + f(z, y, x + 1) - 2 * c) +
           inv_h2[1] * (f(z, y - 1, x) + f(z, y + 1, x) - 2 * c);
  }
};

template <>
struct Laplacian<Stencil::P9> {
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const ConstField& f, int z, int y, int x, const Real* inv_h2) {
    const Real faces = f(z, y, x - 1) + f(z, y, x + 1) + f(z, y - 1, x) + f(z, y + 1, x);
    const Real diagonals = f(z, y - 1, x - 1) + f(z, y - 1, x + 1) + f(z, y + 1, x - 1) + f(z, y + 1, x + 1);
    return (4 * faces + diagonals - 20 * f(z, y, x)) * (inv_h2[0] / 6);
  }
};

template <>
struct Laplacian<Stencil::P7> {
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const ConstField& f, int z, int y, int x, const Real* inv_h2) {
    const Real c = f(z, y, x);
    return inv_h2[0] * (f(z, y, x - 1) + f(z, y, x + 1) - 2 * c) +
           inv_h2[1] * (f(z, y - 1, x) + f(z, y + 1, x) - 2 * c) +
           inv_h2[2] * (f(z - 1, y, x) + f(z + 1, y, x) - 2 * c);
  }
};

namespace detail {
KOKKOS_FORCEINLINE_FUNCTION Real faces3(const ConstField& f, int z, int y, int x) {
  return f(z, y, x - 1) + f(z, y, x + 1) + f(z, y - 1, x) + f(z, y + 1, x) + f(z - 1, y, x) + f(z + 1, y, x);
}
KOKKOS_FORCEINLINE_FUNCTION Real edges3(const ConstField& f, int z, int y, int x) {
  return f(z, y - 1, x - 1) + f(z, y - 1, x + 1) + f(z, y + 1, x - 1) + f(z, y + 1, x + 1) +
         f(z - 1, y, x - 1) + f(z - 1, y, x + 1) + f(z + 1, y, x - 1) + f(z + 1, y, x + 1) +
         f(z - 1, y - 1, x) + f(z - 1, y + 1, x) + f(z + 1, y - 1, x) + f(z + 1, y + 1, x);
}
KOKKOS_FORCEINLINE_FUNCTION Real corners3(const ConstField& f, int z, int y, int x) {
  return f(z - 1, y - 1, x - 1) + f(z - 1, y - 1, x + 1) + f(z - 1, y + 1, x - 1) + f(z - 1, y + 1, x + 1) +
         f(z + 1, y - 1, x - 1) + f(z + 1, y - 1, x + 1) + f(z + 1, y + 1, x - 1) + f(z + 1, y + 1, x + 1);
}
}  // namespace detail

template <>
struct Laplacian<Stencil::P19> {
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const ConstField& f, int z, int y, int x, const Real* inv_h2) {
    return (2 * detail::faces3(f, z, y, x) + detail::edges3(f, z, y, x) - 24 * f(z, y, x)) * (inv_h2[0] / 6);
  }
};

template <>
struct Laplacian<Stencil::P27> {
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const ConstField& f, int z, int y, int x, const Real* inv_h2) {
    return (14 * detail::faces3(f, z, y, x) + 3 * detail::edges3(f, z, y, x) + detail::corners3(f, z, y, x) -
            128 * f(z, y, x)) *
           (inv_h2[0] / 30);
  }
};

}  // namespace gs
