// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The GPU form of a block: one team per tile of level 0's box, which streams
// its tile along the sweep dimension (z in 3D, y in 2D) through every level,
// keeping three slices of each level in team scratch. Level j computes the
// tile widened by L - 1 - j cells (the cells later levels of this tile read),
// so teams never read each other's results; each writes only its own tile's
// cells, at every level, to a and b (level j's to b for even j, to a for odd
// j, as in the level-by-level run).
//
// Ordering inside a team: in sweep step p level j computes slice q = p - j
// from slices q - 1 .. q + 1 of level j - 1 (computed in steps up to p, q + 1
// in step p before j), with a team barrier after each level. Slice q goes to
// ring slot q % 3, which held slice q - 3, last read in step p - 1 (by level
// j + 1 computing q - 2 and, for Heun, by level j + 2's base at q - 3).
// Level 0 reads the state on entry, and Heun's level 1 its base, from a copy
// of a: other teams write a while this one may still be reading it.
#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "blocking/block_forms.hpp"
#include "physics/cell_update.hpp"

namespace gs {

namespace {

using TeamPolicy = Kokkos::TeamPolicy<ExecSpace>;
using Team = TeamPolicy::member_type;
template <class Real>
using ScratchView = Kokkos::View<Real*, ExecSpace::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

// Slices q - 1, q, q + 1 of a level in scratch as the offset accessor of the
// Laplacians; `i` is the cell in its plane, `stride` the plane's row length.
// In 2D the sweep is along y and z is the (single) cross row.
template <class Real, bool ThreeD>
struct PlanesAt {
  using value_type = Real;
  const Real *below, *at, *above;
  int stride, i;
  KOKKOS_FORCEINLINE_FUNCTION Real operator()(int dz, int dy, int dx) const {
    const int ds = ThreeD ? dz : dy, d1 = ThreeD ? dy : dz;
    const Real* plane = ds < 0 ? below : ds > 0 ? above : at;
    return plane[i + d1 * stride + dx];
  }
};

// One level in (x, cross row, sweep) coordinates: its box, how far the tile
// widens for it, and its planes in scratch (px * py cells each; six of them:
// u and v in three ring slots).
struct LevelGeometry {
  int lo[3], hi[3];
  int widen, px, py;
  long offset;
};

template <class Real, Stencil S, bool Mapped>
struct TileKernel {
  using real_type = Real;
  static constexpr bool kThreeD = stencil_is_3d(S);
  ConstField<Real> eu, ev, F_map, k_map;
  Field<Real> au, av, bu, bv;
  CellCoefficients<Real> coef;
  LevelTable roles;
  StageWeights<Real> weights[kMaxTileLevels];  // level m's, dt folded in (ReactionDiffusion::with_stage)
  int levels, scratch_level;
  long scratch_cells;
  int tile[3], origin[3], count[3];
  LevelGeometry g[kMaxTileLevels];

  KOKKOS_FORCEINLINE_FUNCTION static int slot(int q) { return ((q % 3) + 3) % 3; }

  KOKKOS_FORCEINLINE_FUNCTION Real* plane(Real* scratch, int m, int species, int q) const {
    return scratch + g[m].offset + long(species * 3 + slot(q)) * g[m].px * g[m].py;
  }

  KOKKOS_INLINE_FUNCTION void operator()(const Team& team) const {
    const int t = team.league_rank();
    const int tile_index[3] = {t % count[0], (t / count[0]) % count[1], t / (count[0] * count[1])};
    int own_lo[3], own_hi[3];
    for (int d = 0; d < 3; ++d) {
      own_lo[d] = origin[d] + tile_index[d] * tile[d];
      own_hi[d] = own_lo[d] + tile[d] < g[0].hi[d] ? own_lo[d] + tile[d] : g[0].hi[d];
    }
    ScratchView<Real> scratch(team.team_scratch(scratch_level), scratch_cells);
    int last = 0;
    for (int m = 0; m < levels; ++m) {
      const int end = own_hi[2] + g[m].widen < g[m].hi[2] ? own_hi[2] + g[m].widen : g[m].hi[2];
      last = end - 1 + m > last ? end - 1 + m : last;
    }
    const int first = own_lo[2] - g[0].widen > g[0].lo[2] ? own_lo[2] - g[0].widen : g[0].lo[2];
    for (int p = first; p <= last; ++p)
      for (int m = 0; m < levels; ++m) {
        // The cells level m computes in this tile: the tile widened, within its box.
        int wlo[3], whi[3];
        for (int d = 0; d < 3; ++d) {
          const int w = d == 1 && !kThreeD ? 0 : g[m].widen;
          wlo[d] = own_lo[d] - w > g[m].lo[d] ? own_lo[d] - w : g[m].lo[d];
          whi[d] = own_hi[d] + w < g[m].hi[d] ? own_hi[d] + w : g[m].hi[d];
        }
        const int q = p - m;
        if (q < wlo[2] || q >= whi[2] || wlo[0] >= whi[0] || wlo[1] >= whi[1]) continue;
        switch (roles[m].kind) {
          case StageKind::Forward: level<StageKind::Forward>(team, scratch.data(), m, q, wlo, whi, own_lo, own_hi); break;
          case StageKind::Average: level<StageKind::Average>(team, scratch.data(), m, q, wlo, whi, own_lo, own_hi); break;
          case StageKind::ForwardKeepRate:
          case StageKind::Combine: break;  // level_table refuses a scheme with these, on the host
        }
        team.team_barrier();
      }
  }

  // Level m's slice q over [wlo, whi) (x and cross row), the same update_cell
  // as every other form; the cells of the team's own tile also go to a or b.
  template <StageKind K>
  KOKKOS_INLINE_FUNCTION void level(const Team& team, Real* scratch, int m, int q, const int* wlo, const int* whi,
                                    const int* own_lo, const int* own_hi) const {
    const int nx = whi[0] - wlo[0], n = nx * (whi[1] - wlo[1]);
    // Plane origins: the tile's corner less the widening of the level.
    auto origin_of = [&](int level, int d) { return own_lo[d] - (d == 1 && !kThreeD ? 0 : g[level].widen); };
    const bool owned_slice = q >= own_lo[2] && q < own_hi[2];
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](int i) {
      const int c0 = wlo[0] + i % nx, c1 = wlo[1] + i / nx;
      const int z = kThreeD ? q : c1, y = kThreeD ? c1 : q, x = c0;
      Real uc, vc, lap_u, lap_v, base_u = 0, base_v = 0;
      if (m == 0) {
        uc = eu(z, y, x);
        vc = ev(z, y, x);
        lap_u = Laplacian<S>::apply(view_at(eu, z, y, x), coef.inv_h2);
        lap_v = Laplacian<S>::apply(view_at(ev, z, y, x), coef.inv_h2);
      } else {
        const int stride = g[m - 1].px;
        const int at = (c1 - origin_of(m - 1, 1)) * stride + (c0 - origin_of(m - 1, 0));
        const PlanesAt<Real, kThreeD> u_at{plane(scratch, m - 1, 0, q - 1), plane(scratch, m - 1, 0, q),
                                     plane(scratch, m - 1, 0, q + 1), stride, at};
        const PlanesAt<Real, kThreeD> v_at{plane(scratch, m - 1, 1, q - 1), plane(scratch, m - 1, 1, q),
                                     plane(scratch, m - 1, 1, q + 1), stride, at};
        uc = u_at(0, 0, 0);
        vc = v_at(0, 0, 0);
        lap_u = Laplacian<S>::apply(u_at, coef.inv_h2);
        lap_v = Laplacian<S>::apply(v_at, coef.inv_h2);
      }
      if (K == StageKind::Average) {
        // Heun's base: the state of this step, level m - 2's (the entry for m = 1).
        if (m == 1) {
          base_u = eu(z, y, x);
          base_v = ev(z, y, x);
        } else {
          const int at = (c1 - origin_of(m - 2, 1)) * g[m - 2].px + (c0 - origin_of(m - 2, 0));
          base_u = plane(scratch, m - 2, 0, q)[at];
          base_v = plane(scratch, m - 2, 1, q)[at];
        }
      }
      CellCoefficients<Real> c = at_cell<Mapped>(coef, F_map, k_map, z, y, x);
      c.stage = weights[m];
      const CellUpdate<Real> r = update_cell<K>(c, {uc, lap_u, base_u, 0, 0}, {vc, lap_v, base_v, 0, 0});
      const Real un = r.u, vn = r.v;
      if (m + 1 < levels) {
        const int at = (c1 - origin_of(m, 1)) * g[m].px + (c0 - origin_of(m, 0));
        plane(scratch, m, 0, q)[at] = un;
        plane(scratch, m, 1, q)[at] = vn;
      }
      if (owned_slice && c0 >= own_lo[0] && c0 < own_hi[0] && c1 >= own_lo[1] && c1 < own_hi[1]) {
        const bool to_b = roles[m].out == 1;
        (to_b ? bu : au)(z, y, x) = un;
        (to_b ? bv : av)(z, y, x) = vn;
      }
    });
  }
};

}  // namespace

BufferSpecs tiles_entry_buffers(const std::array<std::size_t, 3>& extent, std::size_t value_bytes) {
  return {{"block_tiles_entry_u", extent, value_bytes}, {"block_tiles_entry_v", extent, value_bytes}};
}

namespace {

// The copy of a that level 0 reads, kept between calls (one allocation per
// field shape) and released before Kokkos finalises.
template <class Real>
const State<Real>& entry_copy(const State<Real>& a) {
  static State<Real>* kept = nullptr;
  if (kept == nullptr) {
    kept = new State<Real>;
    Kokkos::push_finalize_hook([] {
      delete kept;
      kept = nullptr;
    });
  }
  if (kept->u.extent(0) != a.u.extent(0) || kept->u.extent(1) != a.u.extent(1) || kept->u.extent(2) != a.u.extent(2)) {
    const BufferSpecs b = tiles_entry_buffers({a.u.extent(0), a.u.extent(1), a.u.extent(2)}, sizeof(Real));
    *kept = State<Real>{allocate<Field<Real>>(b.at(0), false), allocate<Field<Real>>(b.at(1), false)};
  }
  Kokkos::deep_copy(kept->u, a.u);
  Kokkos::deep_copy(kept->v, a.v);
  return *kept;
}

// Tile shape, level geometry and scratch size of kernel `k` for these level
// boxes (k.levels set); returns the number of tiles (the league size). The
// memory check asks for the same layout through tiles_scratch().
template <class Kernel>
long lay_out(Kernel& k, const std::vector<IndexBox>& boxes, const TileShape& shape) {
  constexpr bool three_d = Kernel::kThreeD;
  // (x, cross row, sweep) in array dimensions: (x, y, z) in 3D, (x, z, y) in 2D.
  const int dim_of[3] = {0, three_d ? 1 : 2, three_d ? 2 : 1};
  const int levels = int(boxes.size());
  const int wanted[3] = {shape.x, three_d ? shape.y : 0, shape.sweep};
  long league = 1;
  for (int d = 0; d < 3; ++d) {
    const int extent = boxes[0].hi[dim_of[d]] - boxes[0].lo[dim_of[d]];
    k.tile[d] = wanted[d] > 0 ? std::min(wanted[d], extent) : extent;
    k.origin[d] = boxes[0].lo[dim_of[d]];
    k.count[d] = (extent + k.tile[d] - 1) / k.tile[d];
    league *= k.count[d];
  }
  long cells = 0;
  for (int m = 0; m < levels; ++m) {
    LevelGeometry& g = k.g[m];
    for (int d = 0; d < 3; ++d) g.lo[d] = boxes[m].lo[dim_of[d]], g.hi[d] = boxes[m].hi[dim_of[d]];
    g.widen = levels - 1 - m;
    g.px = k.tile[0] + 2 * g.widen;
    g.py = three_d ? k.tile[1] + 2 * g.widen : k.tile[1];
    g.offset = cells;
    // The last level's slices are read by no other level: they only go to a or b.
    if (m + 1 < levels) cells += 6L * g.px * g.py;
  }
  k.scratch_cells = std::max(cells, 1L);
  const std::size_t bytes = ScratchView<typename Kernel::real_type>::shmem_size(k.scratch_cells);
  // Team-shared memory when the planes fit, else (GPUs) the global scratch level.
  k.scratch_level = bytes <= std::size_t(TeamPolicy::scratch_size_max(0)) ? 0 : 1;
  return league;
}

template <Stencil S, bool Mapped, class Real>
void tiles(const ReactionDiffusion<Real>& p, const LevelTable& roles, const std::vector<IndexBox>& boxes, const State<Real>& a,
           const State<Real>& b, const TileShape& shape) {
  using Kernel = TileKernel<Real, S, Mapped>;
  const State<Real>& entry = entry_copy(a);
  Kernel k;
  k.eu = entry.u, k.ev = entry.v, k.F_map = p.F_map, k.k_map = p.k_map;
  k.au = a.u, k.av = a.v, k.bu = b.u, k.bv = b.v;
  k.coef = p.cell;
  k.roles = roles;
  k.levels = int(boxes.size());
  for (int m = 0; m < k.levels; ++m) k.weights[m] = p.with_stage(roles[m].weights).cell.stage;
  const long league = lay_out(k, boxes, shape);
  TeamPolicy policy = shape.team > 0 ? TeamPolicy(int(league), shape.team) : TeamPolicy(int(league), Kokkos::AUTO);
  policy.set_scratch_size(k.scratch_level, Kokkos::PerTeam(ScratchView<Real>::shmem_size(k.scratch_cells)));
  Kokkos::parallel_for("gray_scott_block_tiles", policy, k);
}

}  // namespace

template <class Real>
void run_tiles(Stencil stencil, const ReactionDiffusion<Real>& p, Integrator integrator, const std::vector<IndexBox>& boxes,
               const State<Real>& a, const State<Real>& b, const TileShape& tile) {
  GS_REQUIRE(!boxes.empty() && int(boxes.size()) <= kMaxTileLevels, "run_tiles: 1 to 16 levels");
  const LevelTable roles = level_table(integrator, int(boxes.size()));
  dispatch_kernel(stencil, p.mapped(), [&](auto s, auto mapped) {
    tiles<decltype(s)::value, decltype(mapped)::value>(p, roles, boxes, a, b, tile);
  });
}

template <class Real>
TilesScratch tiles_scratch(Stencil stencil, bool mapped, const std::vector<IndexBox>& boxes, const TileShape& tile) {
  GS_REQUIRE(!boxes.empty() && int(boxes.size()) <= kMaxTileLevels, "tiles_scratch: 1 to 16 levels");
  TilesScratch r;
  dispatch_kernel(stencil, mapped, [&](auto s, auto m) {
    TileKernel<Real, decltype(s)::value, decltype(m)::value> k;
    k.levels = int(boxes.size());
    r.league = lay_out(k, boxes, tile);
    r.per_team = ScratchView<Real>::shmem_size(k.scratch_cells);
    r.level = k.scratch_level;
    TeamPolicy policy(int(r.league), Kokkos::AUTO);
    policy.set_scratch_size(k.scratch_level, Kokkos::PerTeam(r.per_team));
    r.team_size = policy.team_size_recommended(k, Kokkos::ParallelForTag());
  });
  return r;
}

template void run_tiles(Stencil, const ReactionDiffusion<float>&, Integrator, const std::vector<IndexBox>&,
                        const State<float>&, const State<float>&, const TileShape&);
template void run_tiles(Stencil, const ReactionDiffusion<double>&, Integrator, const std::vector<IndexBox>&,
                        const State<double>&, const State<double>&, const TileShape&);
template TilesScratch tiles_scratch<float>(Stencil, bool, const std::vector<IndexBox>&, const TileShape&);
template TilesScratch tiles_scratch<double>(Stencil, bool, const std::vector<IndexBox>&, const TileShape&);

}  // namespace gs
