// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
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

// stencil_dims(S) == 3, at compile time.
constexpr bool stencil_is_3d(Stencil s) {
  return s == Stencil::P7 || s == Stencil::P19 || s == Stencil::P27 || s == Stencil::X13;
}

// Cell (z, y, x) of a View as an offset accessor.
template <class View>
struct ViewAt {
  using value_type = typename View::non_const_value_type;
  const View& f;
  int z, y, x;
  KOKKOS_FORCEINLINE_FUNCTION value_type operator()(int dz, int dy, int dx) const { return f(z + dz, y + dy, x + dx); }
};
template <class View>
KOKKOS_FORCEINLINE_FUNCTION ViewAt<View> view_at(const View& f, int z, int y, int x) {
  return {f, z, y, x};
}

template <>
struct Laplacian<Stencil::P5> {
  template <class At, class Real>
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const At& f, const Real* inv_h2) {
    const Real c = f(0, 0, 0);
    return inv_h2[0] * (f(0, 0, -1) + f(0, 0, 1) - 2 * c) + inv_h2[1] * (f(0, -1, 0) + f(0, 1, 0) - 2 * c);
  }
};

template <>
struct Laplacian<Stencil::P9> {
  template <class At, class Real>
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const At& f, const Real* inv_h2) {
    const Real faces = f(0, 0, -1) + f(0, 0, 1) + f(0, -1, 0) + f(0, 1, 0);
    const Real diagonals = f(0, -1, -1) + f(0, -1, 1) + f(0, 1, -1) + f(0, 1, 1);
    return (4 * faces + diagonals - 20 * f(0, 0, 0)) * (inv_h2[0] / 6);
  }
};

template <>
struct Laplacian<Stencil::P7> {
  template <class At, class Real>
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const At& f, const Real* inv_h2) {
    const Real c = f(0, 0, 0);
    return inv_h2[0] * (f(0, 0, -1) + f(0, 0, 1) - 2 * c) + inv_h2[1] * (f(0, -1, 0) + f(0, 1, 0) - 2 * c) +
           inv_h2[2] * (f(-1, 0, 0) + f(1, 0, 0) - 2 * c);
  }
};

// grid.order = 4: the radius-2 cross, per axis
// (16 (f(-1) + f(1)) - (f(-2) + f(2)) - 30 f(0)) / (12 h_d^2).
template <class Real>
KOKKOS_FORCEINLINE_FUNCTION Real fourth_order_axis(Real m2, Real m1, Real c, Real p1, Real p2) {
  return 16 * (m1 + p1) - (m2 + p2) - 30 * c;
}

// The sum over the axes of a grid of `Dims` dimensions, in the order x, y, z.
template <int Dims>
struct CrossLaplacian {
  template <class At, class Real>
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const At& f, const Real* inv_h2) {
    const Real c = f(0, 0, 0);
    Real sum = fourth_order_axis(f(0, 0, -2), f(0, 0, -1), c, f(0, 0, 1), f(0, 0, 2)) * (inv_h2[0] / 12) +
               fourth_order_axis(f(0, -2, 0), f(0, -1, 0), c, f(0, 1, 0), f(0, 2, 0)) * (inv_h2[1] / 12);
    if constexpr (Dims == 3) sum = sum + fourth_order_axis(f(-2, 0, 0), f(-1, 0, 0), c, f(1, 0, 0), f(2, 0, 0)) * (inv_h2[2] / 12);
    return sum;
  }
};

template <>
struct Laplacian<Stencil::X9> : CrossLaplacian<2> {};

template <>
struct Laplacian<Stencil::X13> : CrossLaplacian<3> {};

// The 19- and 27-point stencils, factorised by x columns. Their weights depend
// only on how many of (dx, dy, dz) are non-zero, so the sum over the 3x3x3 box
// is the sum over its three (y, z) cross-sections at dx = -1, 0, 1, and each
// cross-section needs only three numbers of its own column: the centre c, the
// sum of its 4 face neighbours p and of its 4 diagonal neighbours d:
//   27-point: side(c, p, d) = 14 c + 3 p + d        (dx = +-1)
//             middle        = -128 c + 14 p + 3 d   (dx = 0)
//   19-point: side = 2 c + p;  middle = -24 c + 2 p + d
// L(x) = (side(x - 1) + middle(x) + side(x + 1)) * inv_h2 / 30 (or / 6). A CPU
// row computes (c, p, d) once per column, 9 loads, and reuses each side for two
// cells, where the sum of 26 neighbours took 27 loads and 29 additions per
// cell; a GPU thread computes the same three terms itself, so both forms give
// the same bits.
template <class Real>
struct ColumnSums {
  Real c, p, d;
};

template <class At>
KOKKOS_FORCEINLINE_FUNCTION ColumnSums<typename At::value_type> column_sums(const At& f, int dx) {
  return {f(0, 0, dx), f(0, -1, dx) + f(0, 1, dx) + f(-1, 0, dx) + f(1, 0, dx),
          f(-1, -1, dx) + f(-1, 1, dx) + f(1, -1, dx) + f(1, 1, dx)};
}

template <Stencil S>
struct ColumnWeights;
template <>
struct ColumnWeights<Stencil::P19> {
  template <class Real>
  KOKKOS_FORCEINLINE_FUNCTION static Real side(const ColumnSums<Real>& s) { return 2 * s.c + s.p; }
  template <class Real>
  KOKKOS_FORCEINLINE_FUNCTION static Real middle(const ColumnSums<Real>& s) { return -24 * s.c + 2 * s.p + s.d; }
  template <class Real>
  KOKKOS_FORCEINLINE_FUNCTION static Real scale(const Real* inv_h2) { return inv_h2[0] / 6; }
};
template <>
struct ColumnWeights<Stencil::P27> {
  template <class Real>
  KOKKOS_FORCEINLINE_FUNCTION static Real side(const ColumnSums<Real>& s) { return 14 * s.c + 3 * s.p + s.d; }
  template <class Real>
  KOKKOS_FORCEINLINE_FUNCTION static Real middle(const ColumnSums<Real>& s) { return -128 * s.c + 14 * s.p + 3 * s.d; }
  template <class Real>
  KOKKOS_FORCEINLINE_FUNCTION static Real scale(const Real* inv_h2) { return inv_h2[0] / 30; }
};

// Whether Laplacian<S> is the column form above (the CPU row kernel then reuses columns).
template <Stencil S>
constexpr bool kColumnFactorised = S == Stencil::P19 || S == Stencil::P27;

// The Laplacian from the three cross-section values; the one expression both
// kernel forms evaluate.
template <Stencil S, class Real>
KOKKOS_FORCEINLINE_FUNCTION Real column_laplacian(Real left, Real middle, Real right, const Real* inv_h2) {
  return (left + middle + right) * ColumnWeights<S>::scale(inv_h2);
}

// The column form of a whole cell (GPU threads, tests): the three
// cross-sections' sums, weighted, then combined.
template <Stencil S>
struct ColumnLaplacian {
  template <class At, class Real>
  KOKKOS_FORCEINLINE_FUNCTION static Real apply(const At& f, const Real* inv_h2) {
    using W = ColumnWeights<S>;
    return column_laplacian<S>(W::side(column_sums(f, -1)), W::middle(column_sums(f, 0)), W::side(column_sums(f, 1)),
                               inv_h2);
  }
};

template <>
struct Laplacian<Stencil::P19> : ColumnLaplacian<Stencil::P19> {};

template <>
struct Laplacian<Stencil::P27> : ColumnLaplacian<Stencil::P27> {};

// The Laplacian of field f at cell (z, y, x).
template <Stencil S, class View, class Real>
KOKKOS_FORCEINLINE_FUNCTION Real laplacian(const View& f, int z, int y, int x, const Real* inv_h2) {
  return Laplacian<S>::apply(view_at(f, z, y, x), inv_h2);
}

}  // namespace gs
