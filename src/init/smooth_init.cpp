// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "init/smooth_init.hpp"

#include "core/math.hpp"
#include "grid/cell_index.hpp"

namespace gs {

namespace {

template <class Real>
struct SmoothStateKernel {
  Field<Real> u, v;
  CellIndex cells;
  int dims;
  double amplitude;

  KOKKOS_INLINE_FUNCTION void operator()(int z, int y, int x) const {
    constexpr double two_pi = 6.283185307179586476925286766559;
    const int idx[3] = {x, y, z};
    // x_d / L_d is the unit centre, so the angle depends only on the physical position.
    double xi[3] = {0, 0, 0};
    double product = 1;
    for (int d = 0; d < dims; ++d) {
      xi[d] = two_pi * cells.unit_centre(d, idx[d]);
      product *= kmath::sin(xi[d]);
    }
    const double w = 0.5 + 0.25 * (product + kmath::cos(xi[0] + 2 * xi[1] + xi[2]));
    const double vv = amplitude * w;
    u(z, y, x) = Real(1 - vv);
    v(z, y, x) = Real(vv);
  }
};

}  // namespace

template <class Real>
void apply_smooth_initial_condition(const SimConfig& cfg, const Decomposition& dec, State<Real>& state) {
  const SmoothStateKernel<Real> k{state.u, state.v, CellIndex::of(dec), cfg.grid.dims, cfg.init.amplitude};
  // for each owned cell centre x: v = A w(x), u = 1 - v (see smooth_init.hpp)
  Kokkos::parallel_for("smooth_initial_condition", dec.owned().policy(), k);
  Kokkos::fence();
}

template void apply_smooth_initial_condition(const SimConfig&, const Decomposition&, State<float>&);
template void apply_smooth_initial_condition(const SimConfig&, const Decomposition&, State<double>&);

}  // namespace gs
