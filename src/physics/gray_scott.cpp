#include "physics/gray_scott.hpp"

#include "physics/cell_update.hpp"
#include "physics/parameter_map.hpp"
#include "physics/stencil.hpp"

namespace gs {

namespace {

// GPU form: one cell per thread over a flattened index, x fastest, so
// consecutive threads touch consecutive addresses (Kokkos 3.4's default MDRange
// tiles would give each block a z extent that 2D grids do not have).
template <Stencil S, bool Average, bool Mapped>
struct CellKernel {
  ConstField u, v, base_u, base_v, F_map, k_map;
  Field out_u, out_v;
  Real Du, Dv, F, k, dt, inv_h2[3], lo, hi;
  int x_begin, nx, y_begin, ny, z_begin;

  KOKKOS_INLINE_FUNCTION void operator()(long long i) const {
    const int x = x_begin + int(i % nx);
    const long long row = i / nx;
    const int y = y_begin + int(row % ny), z = z_begin + int(row / ny);
    update_cell<Average>(u(z, y, x), v(z, y, x), Laplacian<S>::apply(ViewAt{u, z, y, x}, inv_h2),
                         Laplacian<S>::apply(ViewAt{v, z, y, x}, inv_h2), Mapped ? F_map(z, y, x) : F,
                         Mapped ? k_map(z, y, x) : k, Du, Dv, dt, lo, hi, Average ? base_u(z, y, x) : Real(0),
                         Average ? base_v(z, y, x) : Real(0), out_u(z, y, x), out_v(z, y, x));
  }
};

template <Stencil S, bool Average, bool Mapped>
void launch(const ReactionDiffusion& p, const IndexBox& box, const State& in, const State& base, const State& out,
            KernelForm form) {
  if (box.empty()) return;
  // Serial form of the kernel:
  // for (z, y, x) in box:
  //   du = Du * lap(u)(z, y, x) - u v^2 + F (1 - u);  dv = Dv * lap(v)(z, y, x) + u v^2 - (F + k) v
  //   (F, k = F_map(z, y, x), k_map(z, y, x) when a parameter map is in use)
  //   out_u = u + dt du;  out_v = v + dt dv;  (averaged with base for RK2 stage 2, clamped if asked)
  Real lo, hi;
  clamp_bounds(p, lo, hi);
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
  const CellKernel<S, Average, Mapped> k{in.u, in.v, base.u, base.v, p.F_map, p.k_map, out.u, out.v,
                                         p.Du, p.Dv, p.F, p.k, p.dt, {p.inv_h2[0], p.inv_h2[1], p.inv_h2[2]},
                                         lo, hi, box.lo[0], nx, box.lo[1], ny, box.lo[2]};
  Kokkos::parallel_for("gray_scott_stage", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<long long>>(0, box.cells()), k);
}

template <Stencil S>
void launch(bool average, const ReactionDiffusion& p, const IndexBox& box, const State& in, const State& base,
            const State& out, KernelForm form) {
  const bool mapped = p.F_map.data() != nullptr;
  if (average)
    mapped ? launch<S, true, true>(p, box, in, base, out, form)
           : launch<S, true, false>(p, box, in, base, out, form);
  else
    mapped ? launch<S, false, true>(p, box, in, base, out, form)
           : launch<S, false, false>(p, box, in, base, out, form);
}

}  // namespace

ReactionDiffusion make_reaction_diffusion(const SimConfig& cfg, const Decomposition& dec) {
  ReactionDiffusion p;
  p.Du = cfg.physics.Du;
  p.Dv = cfg.physics.Dv;
  p.F = cfg.physics.F;
  p.k = cfg.physics.k;
  p.dt = cfg.time.dt;
  p.clamp = cfg.physics.clamp;
  for (int d = 0; d < 3; ++d) p.inv_h2[d] = 1.0 / (cfg.grid.h(d) * cfg.grid.h(d));
  // physics.map: per-cell F and k ride along with the constants; none: empty Views.
  const ParameterMap map = build_parameter_map(cfg, dec);
  if (map.active()) {
    p.F_map = map.F;
    p.k_map = map.k;
  }
  return p;
}

void gray_scott_stage(Stencil stencil, const ReactionDiffusion& p, const IndexBox& box, const State& in,
                      const State& base, const State& out, bool average, KernelForm form) {
  switch (stencil) {
    case Stencil::P5: launch<Stencil::P5>(average, p, box, in, base, out, form); break;
    case Stencil::P9: launch<Stencil::P9>(average, p, box, in, base, out, form); break;
    case Stencil::P7: launch<Stencil::P7>(average, p, box, in, base, out, form); break;
    case Stencil::P19: launch<Stencil::P19>(average, p, box, in, base, out, form); break;
    case Stencil::P27: launch<Stencil::P27>(average, p, box, in, base, out, form); break;
  }
}

}  // namespace gs
