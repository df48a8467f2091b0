// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "noise/diamond_square.hpp"

#include <algorithm>
#include <limits>

#include "core/error.hpp"
#include "core/hash.hpp"

namespace gs {

namespace {

// Hash stream of the level offsets (other generators use other streams).
constexpr std::uint64_t kStreamDiamondSquare = 0x4453000000ULL;

long floor_to(long x, long m) { return (x >= 0 ? x / m : -((-x + m - 1) / m)) * m; }
long ceil_to(long x, long m) { return -floor_to(-x, m); }

// Points of the new level (class 0, inherited from the coarser level or the
// reference 0 at the first level) are copied in; every other point starts as
// NaN, so a value computed from a neighbour the box does not hold stays NaN
// and the final check catches a box that was planned too small.
struct LevelFill {
  LatticeView cur;
  LatticeView prev;  // unused at the first level
  long lo[3], prev_lo[3], prev_count[3];
  long h, prev_h;
  int dims;
  bool first;
  bool all_coarse;  // no level at all (a lattice of spacing 1): every point is the reference
  double nan;

  KOKKOS_INLINE_FUNCTION void operator()(int iz, int iy, int ix) const {
    const long i[3] = {ix, iy, iz};
    long j[3] = {0, 0, 0};
    bool coarse = true, inside = true;
    for (int d = 0; d < dims; ++d) {
      if ((i[d] & 1) && !all_coarse) coarse = false;
      j[d] = (lo[d] + i[d] * h - prev_lo[d]) / prev_h;
      if (!first && (j[d] < 0 || j[d] >= prev_count[d])) inside = false;
    }
    double value = nan;
    if (coarse) value = first ? 0.0 : (inside ? prev(j[2], j[1], j[0]) : nan);
    cur(iz, iy, ix) = value;
  }
};

// One sub-step: every point with exactly `klass` odd coordinates.
struct LevelStep {
  LatticeView cur;
  long lo[3], count[3], lattice[3];
  long h;
  int dims, klass;
  std::uint64_t level_seed;
  double amplitude, nan;

  KOKKOS_INLINE_FUNCTION double at(long ix, long iy, long iz) const {
    if (ix < 0 || iy < 0 || iz < 0 || ix >= count[0] || iy >= count[1] || iz >= count[2]) return nan;
    return cur(iz, iy, ix);
  }

  KOKKOS_INLINE_FUNCTION void operator()(int iz, int iy, int ix) const {
    const long i[3] = {ix, iy, iz};
    int odd = 0, k = 0;
    for (int d = 0; d < dims; ++d)
      if (i[d] & 1) odd |= 1 << d, ++k;
    if (k != klass) return;
    double sum = 0;
    // Corners: +-1 index (+-h) along each odd axis, in a fixed order.
    for (int c = 0; c < (1 << dims); ++c) {
      if (c & ~odd) continue;
      long q[3] = {i[0], i[1], i[2]};
      for (int d = 0; d < dims; ++d)
        if (odd & (1 << d)) q[d] += ((c >> d) & 1) ? 1 : -1;
      sum += at(q[0], q[1], q[2]);
    }
    // Axis neighbours: +-h along each even axis (points of sub-step klass + 1).
    for (int d = 0; d < dims; ++d) {
      if (odd & (1 << d)) continue;
      long q[3] = {i[0], i[1], i[2]};
      q[d] -= 1;
      sum += at(q[0], q[1], q[2]);
      q[d] += 2;
      sum += at(q[0], q[1], q[2]);
    }
    const int terms = (1 << k) + 2 * (dims - k);
    std::uint64_t hsh = level_seed;
    for (int d = 0; d < 3; ++d) {
      const long m = lattice[d];
      const long p = lo[d] + i[d] * h;
      hsh = hash_combine(hsh, std::uint64_t(((p % m) + m) % m));
    }
    cur(iz, iy, ix) = sum / double(terms) + amplitude * (2 * to_unit(hsh) - 1);
  }
};

Range3 whole(const LatticeView& v) {
  return Range3({0, 0, 0}, {long(v.extent(0)), long(v.extent(1)), long(v.extent(2))});
}

}  // namespace

DiamondSquareParams make_diamond_square_params(int dims, const long cells[3], double roughness, std::uint64_t seed) {
  DiamondSquareParams p;
  p.dims = dims;
  p.roughness = roughness;
  p.seed = seed;
  p.coarse = std::numeric_limits<long>::max();
  for (int d = 0; d < 3; ++d) {
    p.cells[d] = d < dims ? cells[d] : 1;
    long m = 1;
    while (m < p.cells[d]) m *= 2;
    p.lattice[d] = m;
    if (d < dims) p.coarse = std::min(p.coarse, m);
  }
  p.levels = 0;
  for (long s = p.coarse; s > 1; s /= 2) ++p.levels;
  double a = 1;
  p.bound = 0;
  for (int l = 0; l < p.levels; ++l) p.bound += a, a *= roughness;
  if (p.bound == 0) p.bound = 1;
  return p;
}

std::vector<LatticeBox> diamond_square_plan(const DiamondSquareParams& p, const LatticeBox& target) {
  std::vector<LatticeBox> plan(std::max(p.levels, 1));
  LatticeBox need = target;
  need.step = 1;
  if (p.levels == 0) {
    plan[0] = need;
    return plan;
  }
  for (int l = p.levels; l >= 1; --l) {
    const long h = p.coarse >> l, s = 2 * h;
    LatticeBox a;
    a.step = h;
    for (int d = 0; d < 3; ++d) {
      if (d < p.dims) {
        a.lo[d] = floor_to(need.lo[d] - p.dims * h, s);
        a.hi[d] = ceil_to(need.hi[d] + p.dims * h, s);
      } else {
        a.lo[d] = a.hi[d] = 0;
      }
    }
    plan[l - 1] = a;
    need = a;
    need.step = s;
  }
  return plan;
}

long long diamond_square_peak_points(const DiamondSquareParams& p, const LatticeBox& target) {
  const auto plan = diamond_square_plan(p, target);
  long long peak = plan[0].points();
  for (std::size_t l = 1; l < plan.size(); ++l) peak = std::max(peak, plan[l].points() + plan[l - 1].points());
  return peak;
}

namespace {
// One level's lattice, (z, y, x).
BufferSpec level_buffer(const LatticeBox& box) {
  return {"diamond_square_level", {std::size_t(box.count(2)), std::size_t(box.count(1)), std::size_t(box.count(0))}, sizeof(double)};
}
}  // namespace

BufferSpec diamond_square_buffer(const DiamondSquareParams& p, const LatticeBox& target) {
  BufferSpec peak = level_buffer(LatticeBox{});
  peak.extent = {std::size_t(diamond_square_peak_points(p, target)), 1, 1};
  return peak;
}

LatticeBlock generate_diamond_square(const DiamondSquareParams& p, const LatticeBox& target) {
  const auto plan = diamond_square_plan(p, target);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  LatticeView prev;
  LatticeBox prev_box;
  double amplitude = 1;
  for (int l = 1; l <= std::max(p.levels, 1); ++l) {
    const LatticeBox& box = plan[l - 1];
    // Every point is written by the fill kernel below, so skip the zero fill.
    const LatticeView cur = allocate<LatticeView>(level_buffer(box), /*zero=*/false);
    LevelFill fill{cur, prev, {}, {}, {}, box.step, prev_box.step, p.dims, l == 1, p.levels == 0, nan};
    for (int d = 0; d < 3; ++d) {
      fill.lo[d] = box.lo[d];
      fill.prev_lo[d] = prev_box.lo[d];
      fill.prev_count[d] = prev_box.count(d);
    }
    // for every point of the level box: class 0 <- coarser level (or 0), others <- NaN
    Kokkos::parallel_for("diamond_square_fill", whole(cur), fill);
    if (p.levels > 0) {
      LevelStep step{cur, {}, {}, {}, box.step, p.dims, 0, hash3(p.seed, kStreamDiamondSquare, std::uint64_t(l)), amplitude, nan};
      for (int d = 0; d < 3; ++d) {
        step.lo[d] = box.lo[d];
        step.count[d] = box.count(d);
        step.lattice[d] = p.lattice[d];
      }
      // for k = N .. 1: for every point with k odd coordinates:
      //   value = mean(corners on its odd axes, neighbours on its even axes) + offset(level, point)
      for (int k = p.dims; k >= 1; --k) {
        step.klass = k;
        Kokkos::parallel_for("diamond_square_step", whole(cur), step);
      }
    }
    amplitude *= p.roughness;
    prev = cur;
    prev_box = box;
  }
  Kokkos::fence();

  // Every target point must have all its dependencies inside the planned boxes.
  long long missing = 0;
  const long off[3] = {target.lo[0] - prev_box.lo[0], target.lo[1] - prev_box.lo[1], target.lo[2] - prev_box.lo[2]};
  const LatticeView v = prev;
  Kokkos::parallel_reduce(
      "diamond_square_check",
      Range3({off[2], off[1], off[0]}, {off[2] + target.count(2), off[1] + target.count(1), off[0] + target.count(0)}),
      KOKKOS_LAMBDA(int z, int y, int x, long long& acc) { acc += (v(z, y, x) - v(z, y, x) == 0) ? 0 : 1; }, missing);
  GS_REQUIRE(missing == 0, missing << " lattice points of the target box were not generated");
  return LatticeBlock{prev_box, prev};
}

LatticeBox diamond_square_cell_box(const DiamondSquareParams& p, const long cell_lo[3], const long cell_hi[3]) {
  LatticeBox b;
  for (int d = 0; d < 3; ++d) {
    if (d >= p.dims) continue;
    const auto floor_div = [](long a, long n) { return a >= 0 ? a / n : -((-a + n - 1) / n); };
    b.lo[d] = floor_div(cell_lo[d] * p.lattice[d], p.cells[d]);
    b.hi[d] = floor_div((cell_hi[d] - 1) * p.lattice[d], p.cells[d]) + 1;  // +1: the upper interpolation point
  }
  return b;
}

DiamondSquareSampler make_diamond_square_sampler(const DiamondSquareParams& p, const LatticeBlock& block) {
  DiamondSquareSampler s;
  s.values = block.values;
  s.dims = p.dims;
  s.inv_bound = 1.0 / p.bound;
  for (int d = 0; d < 3; ++d) {
    s.lo[d] = block.box.lo[d];
    s.cells[d] = p.cells[d];
    s.lattice[d] = p.lattice[d];
  }
  return s;
}

}  // namespace gs
