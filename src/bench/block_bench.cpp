// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The benchmark's fused cases: gray_scott_block on one rank, called directly
// on fields with ghosts of width G = depth x stages (one cell per stage, the
// reach of every stencil), refilled before each block by a periodic copy,
// which is counted: on one rank it stands in for the halo exchange.
#include "bench/block_bench.hpp"

#include <mpi.h>

#include <algorithm>
#include <utility>

#include "bench/bandwidth.hpp"
#include "core/types.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "init/initial_conditions.hpp"
#include "blocking/block_step.hpp"

namespace gs {

namespace {

// The cells of one rank owning the whole grid, with ghosts of width g[d].
struct DeepGrid {
  int n[3] = {1, 1, 1}, g[3] = {0, 0, 0};
  int extent(int d) const { return n[d] + 2 * g[d]; }
  template <class Real>
  Field<Real> field(const char* label) const {
    return Field<Real>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), extent(2), extent(1), extent(0));
  }
};

// The owned cells of `src` (the layout of `dec`) into those of `dst`.
template <class Real>
void copy_owned(const Field<Real>& src, const Decomposition& dec, const Field<Real>& dst, const DeepGrid& d) {
  const int s0 = dec.ghost(0), s1 = dec.ghost(1), s2 = dec.ghost(2);
  const int g0 = d.g[0], g1 = d.g[1], g2 = d.g[2];
  Kokkos::parallel_for(
      "block_bench_copy_owned", Range3({0, 0, 0}, {d.n[2], d.n[1], d.n[0]}),
      KOKKOS_LAMBDA(int z, int y, int x) { dst(z + g2, y + g1, x + g0) = src(z + s2, y + s1, x + s0); });
}

// Periodic ghosts from the owned cells, one work item per (z, y) row: a row
// outside the owned rows copies its whole wrapped source row, an owned row its
// x ghosts. Every read is of an owned cell, so the rows are independent.
template <class Real>
void fill_ghosts(const Field<Real>& f, const DeepGrid& d) {
  const int n0 = d.n[0], n1 = d.n[1], n2 = d.n[2], g0 = d.g[0], g1 = d.g[1], g2 = d.g[2];
  const int e0 = d.extent(0), e1 = d.extent(1);
  Kokkos::parallel_for(
      "block_bench_periodic_ghosts", Kokkos::RangePolicy<ExecSpace>(0, d.extent(2) * e1), KOKKOS_LAMBDA(int row) {
        const auto wrap = [](int i, int g, int n) { return g + ((i - g) % n + n) % n; };
        const int z = row / e1, y = row % e1, sz = wrap(z, g2, n2), sy = wrap(y, g1, n1);
        if (sz == z && sy == y) {
          for (int x = 0; x < g0; ++x) f(z, y, x) = f(z, y, x + n0);
          for (int x = g0 + n0; x < e0; ++x) f(z, y, x) = f(z, y, x - n0);
        } else {
          for (int x = 0; x < e0; ++x) f(z, y, x) = f(sz, sy, wrap(x, g0, n0));
        }
      });
}

// A field of `dec`'s layout in the deep layout, ghosts filled.
template <class Real>
Field<Real> deepen(const Field<Real>& src, const Decomposition& dec, const DeepGrid& d, const char* label) {
  Field<Real> f = d.field<Real>(label);
  copy_owned(src, dec, f, d);
  fill_ghosts(f, d);
  return f;
}

// The block: level j computes the owned cells grown by levels - 1 - j.
BlockPlan block_plan(Integrator integrator, int levels, const DeepGrid& d) {
  BlockPlan plan;
  plan.integrator = integrator;
  for (int j = 0; j < levels; ++j) {
    IndexBox box;
    for (int k = 0; k < 3; ++k) {
      const int grow = d.g[k] > 0 ? levels - 1 - j : 0;
      box.lo[k] = d.g[k] - grow;
      box.hi[k] = d.g[k] + d.n[k] + grow;
    }
    plan.levels.push_back({box});
  }
  return plan;
}

const char* form_name(BlockForm f) {
  return f == BlockForm::Wavefront ? "wavefront" : f == BlockForm::Tiles ? "tiles" : "levels";
}

}  // namespace

template <class Real>
BlockCaseTiming time_block_case(const SimConfig& cfg, int depth, long steps, long repeats, long warmup) {
  const int levels = depth * cfg.time.stages_per_step();
  DeepGrid d;
  for (int k = 0; k < cfg.grid.dims; ++k) d.n[k] = int(cfg.grid.n[k]), d.g[k] = levels;
  State<Real> a, b;
  ReactionDiffusion<Real> p;
  {
    // The initial condition and physics of the run, on one rank, then moved
    // into the deep layout (the first layout's fields are released here).
    const Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_SELF, cfg.time.integrator);
    Fields<Real> f(dec);
    apply_initial_condition(cfg, dec, f);
    const ReactionDiffusion<Real> shallow = make_reaction_diffusion<Real>(cfg, dec);
    a = State<Real>{deepen(f.u, dec, d, "block_bench_u"), deepen(f.v, dec, d, "block_bench_v")};
    b = State<Real>{d.field<Real>("block_bench_next_u"), d.field<Real>("block_bench_next_v")};
    p = shallow;
    if (shallow.F_map.data() != nullptr) {
      // The maps are const Views; copy them through a writable twin.
      Field<Real> F("F_src", dec.extent(2), dec.extent(1), dec.extent(0)), k("k_src", dec.extent(2), dec.extent(1), dec.extent(0));
      Kokkos::deep_copy(F, shallow.F_map);
      Kokkos::deep_copy(k, shallow.k_map);
      p.F_map = deepen(F, dec, d, "block_bench_F");
      p.k_map = deepen(k, dec, d, "block_bench_k");
    }
  }
  const BlockPlan plan = block_plan(cfg.time.integrator, levels, d);
  const Stencil stencil = cfg.grid.stencil;
  double ghost_s = 0;
  const auto block = [&] {
    const double t0 = MPI_Wtime();
    fill_ghosts(a.u, d);
    fill_ghosts(a.v, d);
    Kokkos::fence();
    ghost_s += MPI_Wtime() - t0;
    gray_scott_block(stencil, p, plan, a, b);
    // An odd number of Euler levels leaves the state in b.
    if (levels % 2 == 1) std::swap(a, b);
  };
  const long blocks = (steps + depth - 1) / depth;
  for (long w = 0; w < std::max(1L, (warmup + depth - 1) / depth); ++w) block();
  Kokkos::fence();
  ghost_s = 0;
  BlockCaseTiming r;
  r.form = form_name(resolve_block_form(stencil, plan, BlockForm::Auto));
  const double cells = double(cfg.grid.cells());
  for (long rep = 0; rep < repeats; ++rep) {
    const double t0 = MPI_Wtime(), cpu0 = process_cpu_seconds();
    for (long s = 0; s < blocks; ++s) block();
    Kokkos::fence();
    const double t = MPI_Wtime() - t0;
    r.cpu_s += process_cpu_seconds() - cpu0;
    r.wall_s += t;
    r.rates.push_back(cells * double(blocks * depth) / t);
    r.updates += cells * double(blocks * depth);
  }
  r.ghost_s = ghost_s;
  return r;
}

template BlockCaseTiming time_block_case<float>(const SimConfig&, int, long, long, long);
template BlockCaseTiming time_block_case<double>(const SimConfig&, int, long, long, long);

}  // namespace gs
