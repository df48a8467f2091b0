// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The CPU wavefront form of a block: every level of the block advances slice
// by slice in one sweep, so the few slices each level works on stay in cache
// while all levels pass over them, instead of one pass over memory per level.
//
// Why the fixed two buffers suffice. In sweep step p level j computes slice
// q = p - j from slices q - 1, q, q + 1 of level j - 1, which level j - 1
// computed in steps up to p (q + 1 in step p itself, before j). Level j writes
// its slice q into the buffer that held level j - 2's slice q (Euler, and
// Heun's b), whose last reader is level j - 1 computing slice q + 1, earlier in
// step p. Heun's odd level j = 2s + 1 also reads its base, the state of step s,
// in a at the same cell it overwrites (as gray_scott_stage does); the other
// readers of that slice, level 2s computing slices q .. q + 1, ran in steps up
// to p, before j in step p. The slices later levels will read are not written
// again until after those reads (level j + 2 writes slice q in step p + 2). So
// each level reads exactly the values it reads in the level-by-level run, and
// each cell's writers write in the same order: the same bits everywhere.
#include <algorithm>

#include "core/error.hpp"
#include "blocking/block_forms.hpp"
#include "physics/cell_update.hpp"

namespace gs {

namespace {

// The rows of one slice. Serial (or one thread): a plain loop, with no launch
// per slice; threads otherwise share the rows of a plane (in 2D a slice is one
// row, so one thread works; Auto then prefers Levels).
template <class Kernel>
void run_rows(const Kernel& k, int rows, bool threaded) {
  if (!threaded) {
    for (int r = 0; r < rows; ++r) k(r);
    return;
  }
  Kokkos::parallel_for("gray_scott_block_wavefront", Kokkos::RangePolicy<ExecSpace>(0, rows), k);
}

// Level j's row kernel with the buffer roles and weights of the contract
// (level_table): plain[j] for a Forward level, average[j] for an Average one
// (the other entry of each pair is unused). level(j, fn) calls fn with it.
template <class Real, Stencil S, bool Mapped>
struct LevelKernels {
  std::vector<RowKernel<Real, S, StageKind::Forward, Mapped>> plain;
  std::vector<RowKernel<Real, S, StageKind::Average, Mapped>> average;
  const LevelTable& table;
  LevelKernels(const ReactionDiffusion<Real>& p, const LevelTable& levels, const std::vector<IndexBox>& boxes, const State<Real>& a,
               const State<Real>& b)
      : plain(boxes.size()), average(boxes.size()), table(levels) {
    const State<Real>* buffer[2] = {&a, &b};
    for (std::size_t j = 0; j < boxes.size(); ++j) {
      const LevelBuffers r = table[int(j)];
      const StageRegisters<Real> regs{*buffer[r.in], *buffer[r.base], {}, {}, *buffer[r.out]};
      const ReactionDiffusion<Real> stage = p.with_stage(r.weights);
      switch (r.kind) {
        case StageKind::Forward: plain[j] = make_row_kernel<S, StageKind::Forward, Mapped>(stage, boxes[j], regs); break;
        case StageKind::Average: average[j] = make_row_kernel<S, StageKind::Average, Mapped>(stage, boxes[j], regs); break;
        case StageKind::ForwardKeepRate:
        case StageKind::Combine: GS_REQUIRE(false, "a stage kind the block forms do not run"); break;
      }
    }
  }
  template <class Fn>
  void level(int j, Fn&& fn) {
    switch (table[j].kind) {
      case StageKind::Forward: fn(plain[std::size_t(j)]); break;
      case StageKind::Average: fn(average[std::size_t(j)]); break;
      case StageKind::ForwardKeepRate:
      case StageKind::Combine: break;  // refused when the kernels were made
    }
  }
};

template <Stencil S, bool Mapped, class Real>
void sweep(const ReactionDiffusion<Real>& p, const LevelTable& table, const std::vector<IndexBox>& boxes, const State<Real>& a,
           const State<Real>& b, int rows_per_band) {
  constexpr bool three_d = stencil_is_3d(S);
  constexpr int s = three_d ? 2 : 1;  // the sweep dimension
  const int levels = int(boxes.size());
  const bool threaded = ExecSpace().concurrency() > 1;
  LevelKernels<Real, S, Mapped> kernels(p, table, boxes, a, b);
  // One slice of a level: rows [y0, y1) of the plane z = q, or the row y = q.
  auto slice = [&](auto& k, int q, int y0, int y1) {
    if (three_d) {
      k.z_begin = q;
      k.y_begin = y0;
      k.ny = y1 - y0;
      run_rows(k, y1 - y0, threaded);
    } else {
      k.y_begin = q;
      k.ny = 1;
      run_rows(k, 1, threaded);
    }
  };
  // 3D: bands of y, skewed by one row per level (level j's band b is rows
  // [Y + b H - j, Y + (b + 1) H - j) of its box, the first and last bands open
  // below and above), each swept along z through all levels before the next.
  // Level j of band b reads level j - 1's rows down to Y + b H - j - 1, which
  // band b - 1 computed and its level j + 1 (rows below Y + b H - j - 1) did
  // not overwrite; the orders within a band are those of one sweep. 2D: one band.
  const int y_first = boxes[0].lo[1], height = three_d ? std::max(1, rows_per_band) : 1 << 30;
  for (int band = 0;; ++band) {
    // Done once every level's band starts above its box.
    if (band > 0 && long(y_first) + long(band) * height - (levels - 1) >= boxes[0].hi[1]) break;
    std::vector<int> lo(levels), hi(levels);
    int first = 1 << 30, last = -(1 << 30);
    for (int j = 0; j < levels; ++j) {
      const long start = long(y_first) + long(band) * height - j, end = start + height;
      lo[j] = band == 0 ? boxes[j].lo[1] : int(std::max<long>(boxes[j].lo[1], start));
      hi[j] = three_d ? int(std::min<long>(boxes[j].hi[1], end)) : boxes[j].hi[1];
      if (lo[j] >= hi[j]) continue;
      // Level j's slices lie in steps lo + j .. hi - 1 + j of the sweep.
      first = std::min(first, boxes[j].lo[s] + j);
      last = std::max(last, boxes[j].hi[s] - 1 + j);
    }
    for (int step = first; step <= last; ++step)
      for (int j = 0; j < levels; ++j) {
        const int q = step - j;
        if (lo[j] >= hi[j] || q < boxes[j].lo[s] || q >= boxes[j].hi[s]) continue;
        kernels.level(j, [&](auto& k) { slice(k, q, lo[j], hi[j]); });
      }
    if (!three_d) break;
  }
}

// Threaded form (several threads per rank): the same levels in one sweep,
// skewed by two slices per level instead of one. In sweep step p level j
// computes slice q = p - 2j, which reads level j - 1's slices q - 1 .. q + 1,
// computed in steps up to p - 1; so the levels of one step depend only on
// earlier steps, and one team barrier per step orders the whole sweep, where
// the one-slice skew needs one per level (a 2D slice, one row, is too little
// work between two barriers). Within a step the levels touch disjoint slices
// of each buffer: level j reads its input at q - 1 .. q + 1 (the buffer level
// j - 1 writes), its Heun base and its output at q, and level j + 1 reads
// level j's buffer at q - 3 .. q - 1. Across steps, level j overwrites slice q
// of the buffer that held level j - 2's, whose last reader, level j - 1
// computing q + 1, ran in step p - 1; level j + 2 overwrites level j's slice q
// in step p + 4, after level j + 1's reads of it (steps p + 1 .. p + 3); level
// 0 reads slice q + 1 of a in step q, which level 1 overwrites in step q + 3.
// So every cell sees the reads and writes of the level-by-level run, in its
// order. Each thread takes the same share of every level (a range of rows in
// 3D, of x in 2D), which keeps its part of the window in its own cache.
template <Stencil S, bool Mapped, class Real>
void sweep_threaded(const ReactionDiffusion<Real>& p, const LevelTable& table, const std::vector<IndexBox>& boxes, const State<Real>& a,
                    const State<Real>& b) {
  constexpr bool three_d = stencil_is_3d(S);
  constexpr int s = three_d ? 2 : 1;  // the sweep dimension
  const int levels = int(boxes.size());
  LevelKernels<Real, S, Mapped> kernels(p, table, boxes, a, b);
  int first = 1 << 30, last = -(1 << 30);
  for (int j = 0; j < levels; ++j) {
    first = std::min(first, boxes[j].lo[s] + 2 * j);
    last = std::max(last, boxes[j].hi[s] - 1 + 2 * j);
  }
  // Thread t's share of level j's slice q: rows [y0, y1) of the plane (3D) or
  // columns [x0, x1) of the row (2D), cut at multiples of 16 columns so that
  // two threads' shares of a row rarely meet inside one cache line.
  const auto share = [&](auto& k, int j, int q, int t, int threads) {
    const IndexBox& box = boxes[j];
    if (three_d) {
      const int ny = box.hi[1] - box.lo[1];
      const int y0 = box.lo[1] + int(long(ny) * t / threads), y1 = box.lo[1] + int(long(ny) * (t + 1) / threads);
      for (int y = y0; y < y1; ++y) k.cells(q, y, box.lo[0], box.hi[0]);
    } else {
      const int nx = box.hi[0] - box.lo[0];
      const auto cut = [&](int i) {
        if (i == 0) return box.lo[0];
        if (i == threads) return box.hi[0];
        return std::min(box.hi[0], (box.lo[0] + int(long(nx) * i / threads) + 15) / 16 * 16);
      };
      const int x0 = cut(t), x1 = cut(t + 1);
      if (x0 < x1) k.cells(box.lo[2], q, x0, x1);
    }
  };
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  const int team_size = std::min(ExecSpace().concurrency(), Policy(1, 1).team_size_max(
                                                                 [](const Policy::member_type&) {}, Kokkos::ParallelForTag()));
  Kokkos::parallel_for("gray_scott_block_wavefront_threaded", Policy(1, team_size), [&](const Policy::member_type& team) {
    const int t = team.team_rank(), threads = team.team_size();
    for (int step = first; step <= last; ++step) {
      for (int j = 0; j < levels; ++j) {
        const int q = step - 2 * j;
        if (q < boxes[j].lo[s] || q >= boxes[j].hi[s]) continue;
        kernels.level(j, [&](auto& k) { share(k, j, q, t, threads); });
      }
      team.team_barrier();
    }
  });
}

// Rows of y per band in 3D (rows_per_band <= 0: chosen here).
template <class Real>
int band_rows(const std::vector<IndexBox>& boxes, int rows_per_band) {
  if (rows_per_band <= 0) {
    // Rows of y per band in 3D: the window of slices a sweep works on,
    // (levels + 3) slices of (rows + 2) rows in four arrays, within a core's
    // share of the L3 cache (4 MiB on current server CPUs); all rows (one
    // band) with threads, which share a plane's rows. Measured at 160^3 on one
    // core, 7-point Euler: bands sized for the L2 cache (384 KiB: 8 rows at
    // T = 4, 4 at T = 8) ran 10-30 % slower than 4 MiB bands (64 rows), since
    // each band re-reads from memory the rows below it that the band before
    // wrote, and whole planes were no faster than 64 rows.
    constexpr long kBudget = 4L * 1024 * 1024;
    const long box_rows = boxes[0].hi[1] - boxes[0].lo[1];
    const long per_row = long(boxes.size() + 3) * 4 * (boxes[0].hi[0] - boxes[0].lo[0]) * long(sizeof(Real));
    rows_per_band = ExecSpace().concurrency() > 1 ? int(box_rows) : int(std::max(2L, std::min(box_rows, kBudget / per_row - 2)));
  }
  return rows_per_band;
}

}  // namespace

template <class Real>
void run_wavefront(Stencil stencil, const ReactionDiffusion<Real>& p, Integrator integrator,
                   const std::vector<IndexBox>& boxes, const State<Real>& a, const State<Real>& b, int rows_per_band) {
  if constexpr (kHostExecution) {
    const LevelTable table = level_table(integrator, int(boxes.size()));
    if (ExecSpace().concurrency() > 1 && rows_per_band <= 0) {
      dispatch_kernel(stencil, p.mapped(), [&](auto s, auto mapped) {
        sweep_threaded<decltype(s)::value, decltype(mapped)::value>(p, table, boxes, a, b);
      });
      return;
    }
    const int rows = band_rows<Real>(boxes, rows_per_band);
    dispatch_kernel(stencil, p.mapped(), [&](auto s, auto mapped) {
      sweep<decltype(s)::value, decltype(mapped)::value>(p, table, boxes, a, b, rows);
    });
  } else {
    // resolve_block_form refuses this form on a device build, at plan time.
    (void)stencil, (void)p, (void)integrator, (void)boxes, (void)a, (void)b, (void)rows_per_band;
    GS_REQUIRE(false, "the wavefront block form runs on host execution spaces only");
  }
}

template void run_wavefront(Stencil, const ReactionDiffusion<float>&, Integrator, const std::vector<IndexBox>&,
                            const State<float>&, const State<float>&, int);
template void run_wavefront(Stencil, const ReactionDiffusion<double>&, Integrator, const std::vector<IndexBox>&,
                            const State<double>&, const State<double>&, int);

}  // namespace gs
