// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "physics/minkowski.hpp"

#include <cmath>

#include "comm/reduce.hpp"
#include "physics/cell_update.hpp"

namespace gs {

namespace {

// The sum of PatternCounts member by member (Kokkos::Sum needs operator+=
// and a reduction identity for the type; this says the same in one place).
struct CountsReducer {
  using reducer = CountsReducer;
  using value_type = PatternCounts;
  using result_view_type = Kokkos::View<value_type, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;

  explicit CountsReducer(value_type& v) : value_(&v) {}

  template <class Dest, class Src>
  KOKKOS_INLINE_FUNCTION static void combine(Dest& dest, const Src& src) {
    dest.cells += src.cells;
    for (int d = 0; d < 3; ++d) {
      dest.faces[d] += src.faces[d];
      dest.edges[d] += src.edges[d];
    }
    dest.vertices += src.vertices;
  }
  KOKKOS_INLINE_FUNCTION void join(value_type& dest, const value_type& src) const { combine(dest, src); }
  KOKKOS_INLINE_FUNCTION void join(volatile value_type& dest, const volatile value_type& src) const {
    combine(dest, src);
  }
  KOKKOS_INLINE_FUNCTION void init(value_type& v) const {
    v.cells = 0;
    for (int d = 0; d < 3; ++d) v.faces[d] = v.edges[d] = 0;
    v.vertices = 0;
  }
  KOKKOS_INLINE_FUNCTION value_type& reference() const { return *value_.data(); }
  KOKKOS_INLINE_FUNCTION result_view_type view() const { return value_; }
  KOKKOS_INLINE_FUNCTION bool references_scalar() const { return true; }

 private:
  result_view_type value_;
};

// The "on" bits of the column of cells at x that meet the low edge along x
// of cell (z, y, x): bit 3 the cell itself, bit 2 (z, y-1), bit 1 (z-1, y),
// bit 0 (z-1, y-1). 2D: bits 3 and 2 only (there is no z - 1).
template <class Real>
KOKKOS_INLINE_FUNCTION unsigned column_bits(const Field<Real>& v, int z, int y, int x, double theta, bool three) {
  unsigned b = (double(v(z, y, x)) >= theta ? 8u : 0u) | (double(v(z, y - 1, x)) >= theta ? 4u : 0u);
  if (three) b |= (double(v(z - 1, y, x)) >= theta ? 2u : 0u) | (double(v(z - 1, y - 1, x)) >= theta ? 1u : 0u);
  return b;
}

// What cell (z, y, x) owns, from the bits of its column (c) and of the column
// at x - 1 (p): the cell if on; each low face, low edge and the low vertex if
// any cell that meets it is on (the union of closed cells contains it then).
KOKKOS_INLINE_FUNCTION void add_owned(PatternCounts& a, unsigned c, unsigned p, bool three) {
  const long long self = c >> 3 & 1u;
  const long long low_x = self | (p >> 3 & 1u);  // 3D: face normal to x; 2D: edge along y
  const long long low_y = self | (c >> 2 & 1u);  // 3D: face normal to y; 2D: edge along x
  a.cells += self;
  if (three) {
    a.faces[0] += low_x;
    a.faces[1] += low_y;
    a.faces[2] += self | (c >> 1 & 1u);
    a.edges[0] += c != 0;                    // the four cells around it, all at x
    a.edges[1] += ((c | p) & 0xAu) != 0;     // (z-1..z, y, x-1..x): bits 3 and 1
    a.edges[2] += ((c | p) & 0xCu) != 0;     // (z, y-1..y, x-1..x): bits 3 and 2
  } else {
    a.edges[0] += low_y;
    a.edges[1] += low_x;
  }
  a.vertices += (c | p) != 0;  // the 4 (8) cells around the low corner
}

}  // namespace

template <class Real>
PatternCounts local_pattern_counts(const Field<Real>& v, const IndexBox& owned, int dims, double theta, PatternLoop loop) {
  PatternCounts r;
  if (owned.empty()) return r;
  const bool three = dims == 3;
  if (loop == PatternLoop::Auto) loop = kHostExecution ? PatternLoop::Rows : PatternLoop::Cells;
  if (loop == PatternLoop::Rows) {
    // One work item per row: each column's bits are read once and kept for
    // the next cell, where the cell-wise form reads every value 4 (2D) or 8
    // (3D) times.
    const int x0 = owned.lo[0], x1 = owned.hi[0], y0 = owned.lo[1], ny = owned.hi[1] - owned.lo[1];
    const int z0 = owned.lo[2], rows = ny * (owned.hi[2] - z0);
    Kokkos::parallel_reduce(
        "pattern_counts", Kokkos::RangePolicy<ExecSpace>(0, rows),
        KOKKOS_LAMBDA(int row, PatternCounts& acc) {
          const int z = z0 + row / ny, y = y0 + row % ny;
          unsigned p = column_bits(v, z, y, x0 - 1, theta, three);
          for (int x = x0; x < x1; ++x) {
            const unsigned c = column_bits(v, z, y, x, theta, three);
            add_owned(acc, c, p, three);
            p = c;
          }
        },
        CountsReducer(r));
  } else {
    //   for each owned cell: add what it owns
    Kokkos::parallel_reduce(
        "pattern_counts", owned.policy(),
        KOKKOS_LAMBDA(int z, int y, int x, PatternCounts& acc) {
          add_owned(acc, column_bits(v, z, y, x, theta, three), column_bits(v, z, y, x - 1, theta, three), three);
        },
        CountsReducer(r));
  }
  return r;
}

template <class Real>
PatternCounts pattern_counts(const State<Real>& s, const Decomposition& dec, double theta) {
  PatternCounts c = local_pattern_counts(s.v, dec.owned(), dec.dims(), theta);
  allreduce_sum(c.data(), PatternCounts::kMembers, dec.comm());
  return c;
}

PatternMeasures pattern_measures(const PatternCounts& c, int dims, const double h[3], long long total_cells, double theta) {
  PatternMeasures m;
  m.dims = dims;
  m.theta = theta;
  m.total_cells = total_cells;
  m.counts = c;
  const double n = total_cells > 0 ? double(total_cells) : 1.0;
  m.fraction = double(c.cells) / n;
  if (dims == 2) {
    // Each square has two edges along each axis; an edge inside the union has
    // a square on both sides, one on the boundary has one:
    // 2 squares = boundary + 2 inside and edges = boundary + inside along each axis.
    const long long bx = 2 * c.edges[0] - 2 * c.cells, by = 2 * c.edges[1] - 2 * c.cells;
    m.boundary = bx + by;
    m.euler = c.vertices - c.edges[0] - c.edges[1] + c.cells;
    m.boundary_density = (double(bx) * h[0] + double(by) * h[1]) / (n * h[0] * h[1]);
    return m;
  }
  long long faces = 0, edges = 0;
  double area = 0, curvature = 0;
  for (int d = 0; d < 3; ++d) {
    const double side_a = h[(d + 1) % 3], side_b = h[(d + 2) % 3];
    const long long boundary = 2 * c.faces[d] - 2 * c.cells;  // as the 2D edges above
    m.boundary += boundary;
    faces += c.faces[d];
    edges += c.edges[d];
    area += double(boundary) * side_a * side_b;
    // Integral mean curvature, additive over the open cells of the complex
    // (inclusion-exclusion from a closed box's pi (a + b + c)): an open edge
    // of length a gives pi a, an open a x b face -pi (a + b), an open cube
    // pi (a + b + c).
    curvature += M_PI * (double(c.edges[d]) * h[d] - double(c.faces[d]) * (side_a + side_b) + double(c.cells) * h[d]);
  }
  m.euler = c.vertices - edges + faces - c.cells;
  const double volume = n * h[0] * h[1] * h[2];
  m.boundary_density = area / volume;
  m.curvature_density = curvature / volume;
  return m;
}

template PatternCounts local_pattern_counts(const Field<float>&, const IndexBox&, int, double, PatternLoop);
template PatternCounts local_pattern_counts(const Field<double>&, const IndexBox&, int, double, PatternLoop);
template PatternCounts pattern_counts(const State<float>&, const Decomposition&, double);
template PatternCounts pattern_counts(const State<double>&, const Decomposition&, double);

}  // namespace gs
