// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "physics/gray_scott.hpp"

#include "physics/cell_update.hpp"
#include "physics/parameter_map.hpp"
#include "physics/stencil.hpp"

namespace gs {

namespace {

// GPU form: one cell per thread over a flattened index, x fastest, so
// consecutive threads touch consecutive addresses (Kokkos 3.4's default MDRange
// tiles would give each block a z extent that 2D grids do not have).
template <class Real, Stencil S, StageKind K, bool Mapped>
struct CellKernel {
  ConstField<Real> u, v, base_u, base_v, prev_u, prev_v, F_map, k_map;
  Field<Real> out_u, out_v, rate_u, rate_v;
  CellCoefficients<Real> coef;
  int x_begin, nx, y_begin, ny, z_begin;

  KOKKOS_INLINE_FUNCTION void operator()(long long i) const {
    const int x = x_begin + int(i % nx);
    const long long row = i / nx;
    const int y = y_begin + int(row % ny), z = z_begin + int(row / ny);
    const CellCoefficients<Real> c = at_cell<Mapped>(coef, F_map, k_map, z, y, x);
    const SpeciesAt<Real> su{u(z, y, x), Laplacian<S>::apply(view_at(u, z, y, x), c.inv_h2),
                             reads_base(K) ? base_u(z, y, x) : Real(0), reads_prev(K) ? prev_u(z, y, x) : Real(0),
                             reads_rate(K) ? rate_u(z, y, x) : Real(0)};
    const SpeciesAt<Real> sv{v(z, y, x), Laplacian<S>::apply(view_at(v, z, y, x), c.inv_h2),
                             reads_base(K) ? base_v(z, y, x) : Real(0), reads_prev(K) ? prev_v(z, y, x) : Real(0),
                             reads_rate(K) ? rate_v(z, y, x) : Real(0)};
    store_cell<K>(update_cell<K>(c, su, sv), out_u(z, y, x), out_v(z, y, x), writes_rate(K) ? &rate_u(z, y, x) : nullptr,
                  writes_rate(K) ? &rate_v(z, y, x) : nullptr);
  }
};

template <Stencil S, StageKind K, bool Mapped, class Real>
void launch(const ReactionDiffusion<Real>& p, const IndexBox& box, const StageRegisters<Real>& r, KernelForm form) {
  if (box.empty()) return;
  // Serial form of the kernel:
  // for (z, y, x) in box:
  //   du = Du * lap(u)(z, y, x) - u v^2 + F (1 - u);  dv = Dv * lap(v)(z, y, x) + u v^2 - (F + k) v
  //   (F, k = F_map(z, y, x), k_map(z, y, x) when a parameter map is in use)
  //   out_u = u + c_f dt du;  out_v = v + c_f dt dv  (Forward; the other kinds weigh in
  //   their registers, numerics/stage_kind.hpp; clamped if asked)
  const int nx = box.hi[0] - box.lo[0], ny = box.hi[1] - box.lo[1];
  [[maybe_unused]] const int nz = box.hi[2] - box.lo[2];
  // The row form loops over x inside one work item: on a GPU that would be one
  // thread per row, so it exists only for host execution spaces (where
  // KernelForm::Rows is then the same as Auto).
  if constexpr (kHostExecution) {
    if (form != KernelForm::Cells) {
      const auto k = make_row_kernel<S, K, Mapped>(p, box, r);
      // A flat range of rows: contiguous blocks of rows per thread (OpenMP), and
      // no MDRange tiling, which on Kokkos 3.4's host backends makes a 2D box one tile.
      Kokkos::parallel_for("gray_scott_stage", Kokkos::RangePolicy<ExecSpace>(0, ny * nz), k);
      return;
    }
  }
  const CellKernel<Real, S, K, Mapped> k{r.in.u,  r.in.v,   r.base.u, r.base.v, r.prev.u,  r.prev.v, p.F_map,   p.k_map,
                                         r.out.u, r.out.v,  r.rate.u, r.rate.v, p.cell,    box.lo[0], nx,
                                         box.lo[1], ny,     box.lo[2]};
  Kokkos::parallel_for("gray_scott_stage", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<long long>>(0, box.cells()), k);
}

}  // namespace

template <class Real>
ReactionDiffusion<Real> make_reaction_diffusion(const SimConfig& cfg, const Decomposition& dec) {
  ReactionDiffusion<Real> p;
  CellCoefficients<Real>& c = p.cell;
  c.Du = cfg.physics.Du;
  c.Dv = cfg.physics.Dv;
  c.F = cfg.physics.F;
  c.k = cfg.physics.k;
  p.dt = cfg.time.dt;
  c.set_clamp(cfg.physics.clamp);
  for (int d = 0; d < 3; ++d) c.inv_h2[d] = 1.0 / (cfg.grid.h(d) * cfg.grid.h(d));
  // physics.map: per-cell F and k ride along with the constants; none: empty Views.
  const ParameterMap<Real> map = build_parameter_map<Real>(cfg, dec);
  if (map.active()) {
    p.F_map = map.F;
    p.k_map = map.k;
  }
  // A forward-Euler stage until a stage of the integrator is chosen (with_stage).
  return p.with_stage(StageWeights<double>{});
}

template <class Real>
void gray_scott_stage(Stencil stencil, const ReactionDiffusion<Real>& p, const IndexBox& box, StageKind kind,
                      const StageRegisters<Real>& r, KernelForm form) {
  dispatch_kernel(stencil, p.mapped(), [&](auto s, auto mapped) {
    constexpr Stencil S = decltype(s)::value;
    constexpr bool Mapped = decltype(mapped)::value;
    switch (kind) {
      case StageKind::Forward: launch<S, StageKind::Forward, Mapped>(p, box, r, form); break;
      case StageKind::Average: launch<S, StageKind::Average, Mapped>(p, box, r, form); break;
      case StageKind::ForwardKeepRate: launch<S, StageKind::ForwardKeepRate, Mapped>(p, box, r, form); break;
      case StageKind::Combine: launch<S, StageKind::Combine, Mapped>(p, box, r, form); break;
    }
  });
}

template ReactionDiffusion<float> make_reaction_diffusion(const SimConfig&, const Decomposition&);
template ReactionDiffusion<double> make_reaction_diffusion(const SimConfig&, const Decomposition&);
template void gray_scott_stage(Stencil, const ReactionDiffusion<float>&, const IndexBox&, StageKind,
                               const StageRegisters<float>&, KernelForm);
template void gray_scott_stage(Stencil, const ReactionDiffusion<double>&, const IndexBox&, StageKind,
                               const StageRegisters<double>&, KernelForm);

}  // namespace gs
