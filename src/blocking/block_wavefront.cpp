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

template <Stencil S, bool Mapped, class Real>
void sweep(const ReactionDiffusion<Real>& p, bool heun, const std::vector<IndexBox>& boxes, const State<Real>& a,
           const State<Real>& b, int rows_per_band) {
  constexpr bool three_d = S == Stencil::P7 || S == Stencil::P19 || S == Stencil::P27;
  constexpr int s = three_d ? 2 : 1;  // the sweep dimension
  const int levels = int(boxes.size());
  const bool threaded = ExecSpace().concurrency() > 1;
  // Level j's kernel with the buffer roles of the contract (level_buffers).
  const State<Real>* buffer[2] = {&a, &b};
  std::vector<RowKernel<Real, S, false, Mapped>> plain(levels);
  std::vector<RowKernel<Real, S, true, Mapped>> average(levels);
  for (int j = 0; j < levels; ++j) {
    const LevelBuffers r = level_buffers(heun, j);
    if (r.average)
      average[j] = make_row_kernel<S, true, Mapped>(p, boxes[j], *buffer[r.in], *buffer[r.base], *buffer[r.out]);
    else
      plain[j] = make_row_kernel<S, false, Mapped>(p, boxes[j], *buffer[r.in], *buffer[r.base], *buffer[r.out]);
  }
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
        if (level_buffers(heun, j).average)
          slice(average[j], q, lo[j], hi[j]);
        else
          slice(plain[j], q, lo[j], hi[j]);
      }
    if (!three_d) break;
  }
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
    const int rows = band_rows<Real>(boxes, rows_per_band);
    dispatch_kernel(stencil, p.mapped(), [&](auto s, auto mapped) {
      sweep<decltype(s)::value, decltype(mapped)::value>(p, integrator == Integrator::RK2, boxes, a, b, rows);
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
