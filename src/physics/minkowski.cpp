// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "physics/minkowski.hpp"

#include <cmath>
#include <cstdint>

#include "comm/reduce.hpp"
#include "core/struct_reducer.hpp"
#include "physics/cell_update.hpp"

#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__) && !defined(__HIPCC__) && defined(__SSE2__)
#include <immintrin.h>  // the host form's compares (count_row_bits)
#endif

namespace gs {

namespace {

// The sum of PatternCounts member by member (Kokkos::Sum needs operator+=
// and a reduction identity for the type; this says the same in one place).
struct CountsOps {
  using value_type = PatternCounts;
  template <class Dest, class Src>
  KOKKOS_INLINE_FUNCTION static void combine(Dest& dest, const Src& src) {
    dest.cells += src.cells;
    for (int d = 0; d < 3; ++d) {
      dest.faces[d] += src.faces[d];
      dest.edges[d] += src.edges[d];
    }
    dest.vertices += src.vertices;
  }
  KOKKOS_INLINE_FUNCTION static void init(value_type& v) {
    v.cells = 0;
    for (int d = 0; d < 3; ++d) v.faces[d] = v.edges[d] = 0;
    v.vertices = 0;
  }
};
using CountsReducer = StructReducer<CountsOps>;

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

// The host form counts a row 64 cells at a time with bit operations: each
// value is compared with theta once, into a word of on bits per row (SSE2 or
// AVX compares and movemask on x86-64), and every count of add_owned is the
// popcount of an OR of those words and of them moved by one cell (x - 1).
// Device compilers (and other host compilers) count cell by cell below.
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__) && !defined(__HIPCC__)
#define GS_PATTERN_BITS 1

#if defined(__AVX__)
inline __m256d four_as_double(const double* p) { return _mm256_loadu_pd(p); }
inline __m256d four_as_double(const float* p) { return _mm256_cvtps_pd(_mm_loadu_ps(p)); }
#elif defined(__SSE2__)
inline __m128d two_as_double(const double* p) { return _mm_loadu_pd(p); }
inline __m128d two_as_double(const float* p) {
  return _mm_cvtps_pd(_mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
}
#endif

// Bit j set when double(p[j]) >= theta, for j < count (<= 64); the bits above are 0.
template <class Real>
inline std::uint64_t on_bits(const Real* p, int count, double theta) {
  std::uint64_t bits = 0;
  int j = 0;
#if defined(__AVX__)
  const __m256d th = _mm256_set1_pd(theta);
  for (; j + 4 <= count; j += 4)
    bits |= std::uint64_t(_mm256_movemask_pd(_mm256_cmp_pd(four_as_double(p + j), th, _CMP_GE_OQ))) << j;
#elif defined(__SSE2__)
  const __m128d th = _mm_set1_pd(theta);
  for (; j + 2 <= count; j += 2) bits |= std::uint64_t(_mm_movemask_pd(_mm_cmpge_pd(two_as_double(p + j), th))) << j;
#endif
  for (; j < count; ++j) bits |= std::uint64_t(double(p[j]) >= theta) << j;
  return bits;
}

inline long long ones(std::uint64_t w) { return __builtin_popcountll(w); }

// The counts of count_row (k: cells, fx, fy, fz, ex, ey, ez, vertices) for
// the n cells of the row, from words of 64 cells. A word's cells at x - 1 are
// the word moved up by one bit, with the last bit of the word before (or the
// ghost at -1) carried in.
template <class Real>
inline void count_row_bits(long long k[8], const Real* a, const Real* b, const Real* c, const Real* d, int n, double theta,
                           bool three) {
  std::uint64_t carry_a = double(a[-1]) >= theta, carry_b = double(b[-1]) >= theta;
  std::uint64_t carry_c = three && double(c[-1]) >= theta, carry_d = three && double(d[-1]) >= theta;
  for (int x = 0; x < n; x += 64) {
    const int count = n - x < 64 ? n - x : 64;
    const std::uint64_t valid = count == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << count) - 1;
    const std::uint64_t a1 = on_bits(a + x, count, theta), b1 = on_bits(b + x, count, theta);
    const std::uint64_t a0 = ((a1 << 1) | carry_a) & valid, b0 = ((b1 << 1) | carry_b) & valid;
    carry_a = a1 >> 63;
    carry_b = b1 >> 63;
    k[0] += ones(a1);
    if (three) {
      const std::uint64_t c1 = on_bits(c + x, count, theta), d1 = on_bits(d + x, count, theta);
      const std::uint64_t c0 = ((c1 << 1) | carry_c) & valid, d0 = ((d1 << 1) | carry_d) & valid;
      carry_c = c1 >> 63;
      carry_d = d1 >> 63;
      k[1] += ones(a1 | a0);
      k[2] += ones(a1 | b1);
      k[3] += ones(a1 | c1);
      k[4] += ones(a1 | b1 | c1 | d1);
      k[5] += ones(a1 | c1 | a0 | c0);
      k[6] += ones(a1 | b1 | a0 | b0);
      k[7] += ones(a1 | b1 | c1 | d1 | a0 | b0 | c0 | d0);
    } else {
      k[4] += ones(a1 | b1);
      k[5] += ones(a1 | a0);
      k[7] += ones(a1 | b1 | a0 | b0);
    }
  }
}
#else
#define GS_PATTERN_BITS 0
#endif

// The Rows form's loop over the n cells of one row: a (the row itself),
// b (the row at y - 1), c (z - 1), d (z - 1, y - 1), each valid from index
// -1. The tests of add_owned, written per cell from the eight values.
template <class Real>
KOKKOS_INLINE_FUNCTION void count_row(PatternCounts& acc, const Real* a, const Real* b, const Real* c, const Real* d, int n,
                                      double theta, bool three) {
  long long k[8] = {0, 0, 0, 0, 0, 0, 0, 0};  // cells, fx, fy, fz, ex, ey, ez, vertices
  int x = 0;
#if GS_PATTERN_BITS
  count_row_bits(k, a, b, c, d, n, theta, three);
  x = n;
#endif
  for (; x < n; ++x) {
    const int a1 = double(a[x]) >= theta, a0 = double(a[x - 1]) >= theta;
    const int b1 = double(b[x]) >= theta, b0 = double(b[x - 1]) >= theta;
    k[0] += a1;
    if (three) {
      const int c1 = double(c[x]) >= theta, c0 = double(c[x - 1]) >= theta;
      const int d1 = double(d[x]) >= theta, d0 = double(d[x - 1]) >= theta;
      k[1] += a1 | a0;
      k[2] += a1 | b1;
      k[3] += a1 | c1;
      k[4] += a1 | b1 | c1 | d1;
      k[5] += a1 | c1 | a0 | c0;
      k[6] += a1 | b1 | a0 | b0;
      k[7] += a1 | b1 | c1 | d1 | a0 | b0 | c0 | d0;
    } else {
      k[4] += a1 | b1;
      k[5] += a1 | a0;
      k[7] += a1 | b1 | a0 | b0;
    }
  }
  // 2D: the edges along x and y are what 3D calls edges[0] and edges[1].
  acc.cells += k[0];
  for (int dd = 0; dd < 3; ++dd) {
    acc.faces[dd] += k[1 + dd];
    acc.edges[dd] += k[4 + dd];
  }
  acc.vertices += k[7];
}
#undef GS_PATTERN_BITS

}  // namespace

template <class Real>
PatternCounts local_pattern_counts(const Field<Real>& v, const IndexBox& owned, int dims, double theta, PatternLoop loop) {
  PatternCounts r;
  if (owned.empty()) return r;
  const bool three = dims == 3;
  if (loop == PatternLoop::Auto) loop = kHostExecution ? PatternLoop::Rows : PatternLoop::Cells;
  if (loop == PatternLoop::Rows) {
    // One work item per row, its cells 64 to a word: on a CPU core several
    // times faster than the cell-wise form below (measured, with the date
    // and the command: docs/performance.md, "Measured patterns: cost").
    const int x0 = owned.lo[0], nx = owned.hi[0] - owned.lo[0], y0 = owned.lo[1], ny = owned.hi[1] - owned.lo[1];
    const int z0 = owned.lo[2], rows = ny * (owned.hi[2] - z0);
    Kokkos::parallel_reduce(
        "pattern_counts", Kokkos::RangePolicy<ExecSpace>(0, rows),
        KOKKOS_LAMBDA(int row, PatternCounts& acc) {
          const int z = z0 + row / ny, y = y0 + row % ny, zl = three ? z - 1 : z;
          count_row(acc, &v(z, y, x0), &v(z, y - 1, x0), &v(zl, y, x0), &v(zl, y - 1, x0), nx, theta, three);
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
