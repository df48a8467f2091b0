// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "config/output_box.hpp"

#include <algorithm>
#include <cmath>

#include "config/values.hpp"

namespace gs {

std::array<std::array<long, 2>, 3> box_cells(const GridConfig& g, const OutputBox& box) {
  std::array<std::array<long, 2>, 3> cells{{{0, 1}, {0, 1}, {0, 1}}};
  for (int d = 0; d < g.dims; ++d) {
    const long n = g.n[d];
    cells[d] = {0, n};
    if (box.plane == BoxPlane::Box) {
      if (box.bounds.size() != std::size_t(2 * g.dims)) continue;
      const double h = g.h(d), a = box.bounds[2 * d], b = box.bounds[2 * d + 1];
      const auto centre = [h](long i) { return (double(i) + 0.5) * h; };
      // The first cell whose centre is >= a, the first whose centre is > b.
      long lo = std::clamp(long(std::ceil(a / h - 0.5)), 0L, n), hi = std::clamp(long(std::floor(b / h - 0.5)) + 1, 0L, n);
      while (lo > 0 && centre(lo - 1) >= a) --lo;
      while (lo < n && centre(lo) < a) ++lo;
      while (hi > 0 && centre(hi - 1) > b) --hi;
      while (hi < n && centre(hi) <= b) ++hi;
      cells[d] = {lo, std::max(lo, hi)};
    } else if ((box.plane == BoxPlane::MidX && d == 0) || (box.plane == BoxPlane::MidY && d == 1) ||
               (box.plane == BoxPlane::MidZ && d == 2)) {
      cells[d] = {n / 2, n / 2 + 1};
    }
  }
  return cells;
}

std::string box_name(const OutputConfig& out, std::size_t i) {
  if (out.boxes.size() == 1) return "";
  const OutputBox& box = out.boxes[i];
  return box.plane == BoxPlane::Box ? std::to_string(i + 1) : std::string(name_of(box.plane));
}

namespace {

std::string one_box_problem(const GridConfig& g, const OutputBox& box) {
  if (box.plane != BoxPlane::Box) return "";
  if (box.bounds.size() != std::size_t(2 * g.dims))
    return "expected " + std::to_string(2 * g.dims) + " numbers " + (g.dims == 2 ? "[x0, x1, y0, y1]" : "[x0, x1, y0, y1, z0, z1]") +
           " for a " + std::to_string(g.dims) + "D run, got " + std::to_string(box.bounds.size());
  const auto cells = box_cells(g, box);
  for (int d = 0; d < g.dims; ++d) {
    const double a = box.bounds[2 * d], b = box.bounds[2 * d + 1];
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

}  // namespace

std::string box_problem(const SimConfig& cfg) {
  const std::vector<OutputBox>& boxes = cfg.output.boxes;
  if (boxes.empty()) return "the list is empty";
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const std::string why = one_box_problem(cfg.grid, boxes[i]);
    if (!why.empty()) return boxes.size() == 1 ? why : "entry " + std::to_string(i + 1) + ": " + why;
    for (std::size_t j = 0; j < i; ++j)
      if (boxes[j].plane != BoxPlane::Box && boxes[j].plane == boxes[i].plane)
        return std::string("entry ") + std::to_string(i + 1) + ": \"" + name_of(boxes[i].plane) + "\" is already entry " +
               std::to_string(j + 1) + " (each plane once)";
      else if (boxes[j].plane == BoxPlane::Box && boxes[i].plane == BoxPlane::Box &&
               box_cells(cfg.grid, boxes[j]) == box_cells(cfg.grid, boxes[i]))
        // Other numbers may cover the same cells: the same series twice.
        return "entry " + std::to_string(i + 1) + ": covers the same cells as entry " + std::to_string(j + 1) + " (each box once)";
  }
  return "";
}

}  // namespace gs
