// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "physics/diagnostics.hpp"

#include <cmath>
#include <cstring>

#include "comm/reduce.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/struct_reducer.hpp"
#include "physics/cell_update.hpp"

namespace gs {

namespace {

KOKKOS_INLINE_FUNCTION bool not_finite(double x) { return !(x - x == 0); }

KOKKOS_INLINE_FUNCTION std::uint64_t bits_of(double x) {
  std::uint64_t b;
  memcpy(&b, &x, sizeof b);
  return b;
}

// Every statistic of both species in one pass over the owned cells, where one
// pass per statistic and field read the state six times per log line.
// In double whatever the state's precision: a float state's sums over
// millions of cells would lose the digits the log lines show.
struct StatsValue {
  double min[2], max[2], sum[2];
  long long bad[2];
};

// Each member is combined exactly as its own Kokkos::MinMax or Sum reducer
// would (same identities, same comparisons, `+=` in the same order), so the
// fused pass gives the same bits as the separate ones did.
struct StatsOps {
  using value_type = StatsValue;
  template <class Dest, class Src>
  KOKKOS_INLINE_FUNCTION static void combine(Dest& dest, const Src& src) {
    for (int f = 0; f < 2; ++f) {
      if (src.min[f] < dest.min[f]) dest.min[f] = src.min[f];
      if (src.max[f] > dest.max[f]) dest.max[f] = src.max[f];
      dest.sum[f] += src.sum[f];
      dest.bad[f] += src.bad[f];
    }
  }
  KOKKOS_INLINE_FUNCTION static void init(value_type& v) {
    for (int f = 0; f < 2; ++f) {
      v.min[f] = Kokkos::reduction_identity<double>::min();
      v.max[f] = Kokkos::reduction_identity<double>::max();
      v.sum[f] = Kokkos::reduction_identity<double>::sum();
      v.bad[f] = 0;
    }
  }
};
using StatsReducer = StructReducer<StatsOps>;

// One value into a running minimum, maximum, sum and non-finite count.
KOKKOS_INLINE_FUNCTION void add_value(double a, double& lo, double& hi, double& sum, long long& bad) {
  if (a < lo) lo = a;
  if (a > hi) hi = a;
  sum += a;
  bad += not_finite(a) ? 1 : 0;
}

KOKKOS_INLINE_FUNCTION void accumulate(StatsValue& acc, int f, double a) {
  add_value(a, acc.min[f], acc.max[f], acc.sum[f], acc.bad[f]);
}

// Lanes of accumulate_row: one vector register of doubles where g++ compiles
// the host code (a wider vector type than the target has is split into
// scalar compares and branches), four scalar lanes elsewhere.
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__) && !defined(__HIPCC__)
#define GS_STATS_VECTOR 1
#if defined(__AVX__)
constexpr int kStatsLanes = 4;
#else
constexpr int kStatsLanes = 2;
#endif
#else
#define GS_STATS_VECTOR 0
constexpr int kStatsLanes = 4;
#endif

// accumulate over the n cells of a row, in kStatsLanes independent lanes (the
// compiler may not reorder one running sum or minimum into vector
// instructions by itself). Minimum, maximum and the non-finite count are those
// of the cell-wise form; the sum adds the same values in another order
// (differences in the last bits, and between builds of other vector widths).
template <class Real>
KOKKOS_INLINE_FUNCTION void accumulate_row(StatsValue& acc, int f, const Real* row, int n) {
  constexpr int kLanes = kStatsLanes;
  const double no_min = Kokkos::reduction_identity<double>::min(), no_max = Kokkos::reduction_identity<double>::max();
  double lo[kLanes], hi[kLanes], sum[kLanes];
  long long bad[kLanes];
  int x = 0;
#if GS_STATS_VECTOR
  typedef double Lanes __attribute__((vector_size(kLanes * sizeof(double))));
  typedef long long Counts __attribute__((vector_size(kLanes * sizeof(long long))));
  typedef Real Loaded __attribute__((vector_size(kLanes * sizeof(Real))));
  Lanes vlo = Lanes{} + no_min, vhi = Lanes{} + no_max, vsum = Lanes{};
  Counts vbad = Counts{};
  for (; x + kLanes <= n; x += kLanes) {
    Loaded raw;
    memcpy(&raw, row + x, sizeof raw);
    const Lanes a = __builtin_convertvector(raw, Lanes);
    vlo = a < vlo ? a : vlo;
    vhi = a > vhi ? a : vhi;
    vsum += a;
    vbad -= (a - a == 0) == 0;  // a true comparison is -1 in each lane
  }
  for (int l = 0; l < kLanes; ++l) {
    lo[l] = vlo[l];
    hi[l] = vhi[l];
    sum[l] = vsum[l];
    bad[l] = vbad[l];
  }
#else
  for (int l = 0; l < kLanes; ++l) {
    lo[l] = no_min;
    hi[l] = no_max;
    sum[l] = 0;
    bad[l] = 0;
  }
  for (; x + kLanes <= n; x += kLanes)
    for (int l = 0; l < kLanes; ++l) add_value(row[x + l], lo[l], hi[l], sum[l], bad[l]);
#endif
  for (; x < n; ++x) add_value(row[x], lo[0], hi[0], sum[0], bad[0]);
  double row_sum = 0;
  long long row_bad = 0;
  for (int l = 0; l < kLanes; ++l) {
    if (lo[l] < acc.min[f]) acc.min[f] = lo[l];
    if (hi[l] > acc.max[f]) acc.max[f] = hi[l];
    row_sum += sum[l];
    row_bad += bad[l];
  }
  acc.sum[f] += row_sum;
  acc.bad[f] += row_bad;
}
#undef GS_STATS_VECTOR

// What one rank contributes to the global statistics; an empty rank gives the
// identities (+/-HUGE_VAL, 0), as the separate reductions were given.
struct RankStats {
  double min[2], max[2], sum[2];
  long long bad[2], cells;
};

// MPI_Op over RankStats: min, max, sum, sum, sum, member by member, each
// written as Open MPI's built-in MPI_MIN/MAX/SUM (inout = inout OP in, ties
// keep inout). Declared commutative like those, so the library picks the
// same reduction order for it (checked against the four separate
// all-reduces on 1-8 ranks: summary.json and the log lines are unchanged).
// (Internal linkage spelled out: a C-linkage name is global even in an unnamed
// namespace.)
extern "C" {
static void combine_rank_stats(void* in, void* inout, int* len, MPI_Datatype*) {
  const RankStats* a = static_cast<const RankStats*>(in);
  RankStats* b = static_cast<RankStats*>(inout);
  for (int i = 0; i < *len; ++i) {
    for (int f = 0; f < 2; ++f) {
      b[i].min[f] = b[i].min[f] < a[i].min[f] ? b[i].min[f] : a[i].min[f];
      b[i].max[f] = b[i].max[f] > a[i].max[f] ? b[i].max[f] : a[i].max[f];
      b[i].sum[f] = b[i].sum[f] + a[i].sum[f];
      b[i].bad[f] = b[i].bad[f] + a[i].bad[f];
    }
    b[i].cells = b[i].cells + a[i].cells;
  }
}
}  // extern "C"

}  // namespace

template <class Real>
FieldStats local_stats(const State<Real>& s, const IndexBox& owned) {
  FieldStats st;
  st.cells = owned.cells();
  if (st.cells == 0) return st;
  const Field<Real> u = s.u, v = s.v;
  StatsValue r;
  if constexpr (kHostExecution) {
    // One work item per row, its cells in vector lanes: the cell-wise form
    // below took 19 ms per log line at 2048^2 on one core (a scalar chain of
    // compares and adds per cell), a twentieth of a default run.
    const int x0 = owned.lo[0], nx = owned.hi[0] - owned.lo[0], y0 = owned.lo[1], ny = owned.hi[1] - owned.lo[1];
    const int z0 = owned.lo[2], rows = ny * (owned.hi[2] - z0);
    Kokkos::parallel_reduce(
        "field_stats", Kokkos::RangePolicy<ExecSpace>(0, rows),
        KOKKOS_LAMBDA(int row, StatsValue& acc) {
          const int z = z0 + row / ny, y = y0 + row % ny;
          accumulate_row(acc, 0, &u(z, y, x0), nx);
          accumulate_row(acc, 1, &v(z, y, x0), nx);
        },
        StatsReducer(r));
  } else {
    Kokkos::parallel_reduce(
        "field_stats", owned.policy(),
        KOKKOS_LAMBDA(int z, int y, int x, StatsValue& acc) {
          accumulate(acc, 0, u(z, y, x));
          accumulate(acc, 1, v(z, y, x));
        },
        StatsReducer(r));
  }
  st.u = {r.min[0], r.max[0], r.sum[0], r.bad[0]};
  st.v = {r.min[1], r.max[1], r.sum[1], r.bad[1]};
  return st;
}

template <class Real>
FieldStats global_stats(const State<Real>& s, const Decomposition& dec) {
  const FieldStats l = local_stats(s, dec.owned());
  const bool any = l.cells > 0;
  RankStats r = {{any ? l.u.min : HUGE_VAL, any ? l.v.min : HUGE_VAL},
                 {any ? l.u.max : -HUGE_VAL, any ? l.v.max : -HUGE_VAL},
                 {l.u.sum, l.v.sum},
                 {l.u.nonfinite, l.v.nonfinite},
                 l.cells};
  // One all-reduce, where there were four (min, max, sum of doubles, sum of counts).
  MPI_Datatype type;
  MPI_Op op;
  GS_MPI_CHECK(MPI_Type_contiguous(int(sizeof(RankStats)), MPI_BYTE, &type));
  GS_MPI_CHECK(MPI_Type_commit(&type));
  GS_MPI_CHECK(MPI_Op_create(&combine_rank_stats, /*commute=*/1, &op));
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &r, 1, type, op, dec.comm()));
  GS_MPI_CHECK(MPI_Op_free(&op));
  GS_MPI_CHECK(MPI_Type_free(&type));
  FieldStats g;
  g.u = {r.min[0], r.max[0], r.sum[0], r.bad[0]};
  g.v = {r.min[1], r.max[1], r.sum[1], r.bad[1]};
  g.cells = r.cells;
  return g;
}

template <class Real>
std::uint64_t local_digest(const State<Real>& s, const IndexBox& owned, const CellIndex& cells) {
  if (owned.empty()) return 0;
  const Field<Real> u = s.u, v = s.v;
  std::uint64_t sum = 0;
  // for each owned cell: sum += hash(global index, bits(u), bits(v))   (mod 2^64)
  Kokkos::parallel_reduce(
      "state_digest", owned.policy(),
      KOKKOS_LAMBDA(int z, int y, int x, std::uint64_t& acc) {
        acc += hash_combine(hash_combine(mix64(cells.linear(z, y, x)), bits_of(u(z, y, x))), bits_of(v(z, y, x)));
      },
      sum);
  return sum;
}

template <class Real>
std::uint64_t state_digest(const State<Real>& s, const Decomposition& dec) {
  return allreduce_wrapping_sum(local_digest(s, dec.owned(), CellIndex::of(dec)), dec.comm());
}

template FieldStats local_stats(const State<float>&, const IndexBox&);
template FieldStats local_stats(const State<double>&, const IndexBox&);
template FieldStats global_stats(const State<float>&, const Decomposition&);
template FieldStats global_stats(const State<double>&, const Decomposition&);
template std::uint64_t local_digest(const State<float>&, const IndexBox&, const CellIndex&);
template std::uint64_t local_digest(const State<double>&, const IndexBox&, const CellIndex&);
template std::uint64_t state_digest(const State<float>&, const Decomposition&);
template std::uint64_t state_digest(const State<double>&, const Decomposition&);

}  // namespace gs
