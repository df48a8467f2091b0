#include "physics/gray_scott.hpp"

#include "physics/cell_update.hpp"
#include "physics/parameter_map.hpp"
#include "physics/stencil.hpp"

namespace gs {

namespace {

// GPU form: one cell per thread over a flattened index, x fastest, so
// consecutive threads touch consecutive addresses (Kokkos 3.4's default MDRange
// tiles would give each block a z extent that 2D grids do not have).
template <class Real, Stencil S, bool Average, bool Mapped>
struct CellKernel {
  ConstField<Real> u, v, base_u, base_v, F_map, k_map;
  Field<Real> out_u, out_v;
  CellCoefficients<Real> coef;
  int x_begin, nx, y_begin, ny, z_begin;

  KOKKOS_INLINE_FUNCTION void operator()(long long i) const {
    const int x = x_begin + int(i % nx);
    const long long row = i / nx;
    const int y = y_begin + int(row % ny), z = z_begin + int(row / ny);
    const CellCoefficients<Real> c = at_cell<Mapped>(coef, F_map, k_map, z, y, x);
    const SpeciesAt<Real> su{u(z, y, x), Laplacian<S>::apply(view_at(u, z, y, x), c.inv_h2),
                             Average ? base_u(z, y, x) : Real(0)};
    const SpeciesAt<Real> sv{v(z, y, x), Laplacian<S>::apply(view_at(v, z, y, x), c.inv_h2),
                             Average ? base_v(z, y, x) : Real(0)};
    update_cell<Average>(c, su, sv, out_u(z, y, x), out_v(z, y, x));
  }
};

template <Stencil S, bool Average, bool Mapped, class Real>
void launch(const ReactionDiffusion<Real>& p, const IndexBox& box, const State<Real>& in, const State<Real>& base,
            const State<Real>& out, KernelForm form) {
  if (box.empty()) return;
  // Serial form of the kernel:
  // for (z, y, x) in box:
  //   du = Du * lap(u)(z, y, x) - u v^2 + F (1 - u);  dv = Dv * lap(v)(z, y, x) + u v^2 - (F + k) v
  //   (F, k = F_map(z, y, x), k_map(z, y, x) when a parameter map is in use)
  //   out_u = u + dt du;  out_v = v + dt dv;  (averaged with base for RK2 stage 2, clamped if asked)
  const int nx = box.hi[0] - box.lo[0], ny = box.hi[1] - box.lo[1];
  [[maybe_unused]] const int nz = box.hi[2] - box.lo[2];
  // The row form loops over x inside one work item: on a GPU that would be one
  // thread per row, so it exists only for host execution spaces (where
  // KernelForm::Rows is then the same as Auto).
  if constexpr (kHostExecution) {
    if (form != KernelForm::Cells) {
      const auto k = make_row_kernel<S, Average, Mapped>(p, box, in, base, out);
      // A flat range of rows: contiguous blocks of rows per thread (OpenMP), and
      // no MDRange tiling, which on Kokkos 3.4's host backends makes a 2D box one tile.
      Kokkos::parallel_for("gray_scott_stage", Kokkos::RangePolicy<ExecSpace>(0, ny * nz), k);
      return;
    }
  }
  const CellKernel<Real, S, Average, Mapped> k{in.u,  in.v,   base.u,    base.v, p.F_map,   p.k_map, out.u,
                                         out.v, p.cell, box.lo[0], nx,     box.lo[1], ny,      box.lo[2]};
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
  c.dt = cfg.time.dt;
  c.set_clamp(cfg.physics.clamp);
  for (int d = 0; d < 3; ++d) c.inv_h2[d] = 1.0 / (cfg.grid.h(d) * cfg.grid.h(d));
  // physics.map: per-cell F and k ride along with the constants; none: empty Views.
  const ParameterMap<Real> map = build_parameter_map<Real>(cfg, dec);
  if (map.active()) {
    p.F_map = map.F;
    p.k_map = map.k;
  }
  return p;
}

template <class Real>
void gray_scott_stage(Stencil stencil, const ReactionDiffusion<Real>& p, const IndexBox& box, const State<Real>& in,
                      const State<Real>& base, const State<Real>& out, bool average, KernelForm form) {
  dispatch_kernel(stencil, p.mapped(), [&](auto s, auto mapped) {
    constexpr Stencil S = decltype(s)::value;
    constexpr bool Mapped = decltype(mapped)::value;
    average ? launch<S, true, Mapped>(p, box, in, base, out, form) : launch<S, false, Mapped>(p, box, in, base, out, form);
  });
}

template ReactionDiffusion<float> make_reaction_diffusion(const SimConfig&, const Decomposition&);
template ReactionDiffusion<double> make_reaction_diffusion(const SimConfig&, const Decomposition&);
template void gray_scott_stage(Stencil, const ReactionDiffusion<float>&, const IndexBox&, const State<float>&,
                               const State<float>&, const State<float>&, bool, KernelForm);
template void gray_scott_stage(Stencil, const ReactionDiffusion<double>&, const IndexBox&, const State<double>&,
                               const State<double>&, const State<double>&, bool, KernelForm);

}  // namespace gs
