// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "config/output_box.hpp"

#include <algorithm>
#include <cmath>

#include "config/values.hpp"

namespace gs {

std::array<std::array<long, 2>, 3> box_cells(const SimConfig& cfg) {
  const GridConfig& g = cfg.grid;
  const OutputConfig& o = cfg.output;
  std::array<std::array<long, 2>, 3> cells{{{0, 1}, {0, 1}, {0, 1}}};
  for (int d = 0; d < g.dims; ++d) {
    const long n = g.n[d];
    cells[d] = {0, n};
    if (o.box_plane == BoxPlane::Box) {
      if (o.box.size() != std::size_t(2 * g.dims)) continue;
      const double h = g.h(d), a = o.box[2 * d], b = o.box[2 * d + 1];
      const auto centre = [h](long i) { return (double(i) + 0.5) * h; };
      // The first cell whose centre is >= a, the first whose centre is > b.
      long lo = std::clamp(long(std::ceil(a / h - 0.5)), 0L, n), hi = std::clamp(long(std::floor(b / h - 0.5)) + 1, 0L, n);
      while (lo > 0 && centre(lo - 1) >= a) --lo;
      while (lo < n && centre(lo) < a) ++lo;
      while (hi > 0 && centre(hi - 1) > b) --hi;
      while (hi < n && centre(hi) <= b) ++hi;
      cells[d] = {lo, std::max(lo, hi)};
    } else if ((o.box_plane == BoxPlane::MidX && d == 0) || (o.box_plane == BoxPlane::MidY && d == 1) ||
               (o.box_plane == BoxPlane::MidZ && d == 2)) {
      cells[d] = {n / 2, n / 2 + 1};
    }
  }
  return cells;
}

std::string box_problem(const SimConfig& cfg) {
  const OutputConfig& o = cfg.output;
  const GridConfig& g = cfg.grid;
  if (o.box_plane != BoxPlane::Box) return "";
  if (o.box.size() != std::size_t(2 * g.dims))
    return "expected " + std::to_string(2 * g.dims) + " numbers " + (g.dims == 2 ? "[x0, x1, y0, y1]" : "[x0, x1, y0, y1, z0, z1]") +
           " for a " + std::to_string(g.dims) + "D run, got " + std::to_string(o.box.size());
  const auto cells = box_cells(cfg);
  for (int d = 0; d < g.dims; ++d) {
    const double a = o.box[2 * d], b = o.box[2 * d + 1];
    const std::string axis(1, "xyz"[d]);
    if (!(a <= b) || b > g.L[d])
      return axis + " range [" + json_number(a) + ", " + json_number(b) + "] is not within [0, " + json_number(g.L[d]) +
             "] with " + axis + "0 <= " + axis + "1";
    if (cells[d][1] <= cells[d][0])
      return axis + " range [" + json_number(a) + ", " + json_number(b) + "] holds no cell centre (cells are " + json_number(g.h(d)) +
             " wide, centres at (i + 1/2) h)";
  }
  return "";
}

}  // namespace gs
