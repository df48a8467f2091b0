// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The shape of the pattern as numbers: the Minkowski functionals (area or
// volume, boundary, mean curvature, Euler characteristic) of the excursion
// set {v >= theta}, taken as the union of the closed cells (squares, cubes)
// whose v is at least theta, on the periodic grid.
//
// Counted exactly, as integers: the cells of the union and its faces, edges
// and vertices, each counted once, by the owned cell at whose low corner it
// lies (a cell owns its low faces, low edges and low vertex), reading the
// neighbours on the low side from the ghost layer. Integer sums do not depend
// on the order of addition, so the counts are the same on any rank count,
// layout, backend and state precision that give the same field.
//
// Two closed cells that share a corner or an edge touch, so "on" cells join
// through faces, edges and corners (8-connectivity in 2D, 26 in 3D); "off"
// cells join through faces only (4 and 6). docs/numerics.md has the formulas.
#include "core/types.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

// Cells, faces, edges and vertices of the union, by orientation where the
// functionals need it. 2D: the squares are `cells`, faces stay 0, edges[0]
// and edges[1] run along x and y. 3D: faces[d] are normal to axis d, edges[d]
// run along it.
struct PatternCounts {
  long long cells = 0;
  long long faces[3] = {0, 0, 0};
  long long edges[3] = {0, 0, 0};
  long long vertices = 0;

  static constexpr int kMembers = 8;  // as an array of long long, for the reductions
  long long* data() { return &cells; }
  const long long* data() const { return &cells; }
};
static_assert(sizeof(PatternCounts) == PatternCounts::kMembers * sizeof(long long), "PatternCounts is 8 long longs");

// The functionals from the counts, in physical units (cell size h per axis).
struct PatternMeasures {
  int dims = 2;
  double theta = 0;
  long long total_cells = 0;  // cells of the grid
  PatternCounts counts;
  long long euler = 0;           // 2D: V - E + F; 3D: V - E + F - C
  long long boundary = 0;        // boundary edges (2D) or faces (3D) of the union
  double fraction = 0;           // area (volume) of the union / the domain's
  double boundary_density = 0;   // boundary length per area (2D), surface area per volume (3D)
  double curvature_density = 0;  // 3D: integral mean curvature per volume; 0 in 2D
};

// Which loop the reduction runs: one work item per cell (the device form),
// or per row with the low-side bits of the previous cell kept (the host form).
enum class PatternLoop { Auto, Cells, Rows };

// Counts over the owned cells of `v`, whose ghost layer on the low side
// (edges and corners included) holds the periodic neighbours' values.
template <class Real>
PatternCounts local_pattern_counts(const Field<Real>& v, const IndexBox& owned, int dims, double theta,
                                   PatternLoop loop = PatternLoop::Auto);
// Collective: the counts of the whole grid (ghosts of s.v filled).
template <class Real>
PatternCounts pattern_counts(const State<Real>& s, const Decomposition& dec, double theta);

PatternMeasures pattern_measures(const PatternCounts& c, int dims, const double h[3], long long total_cells, double theta);

}  // namespace gs
