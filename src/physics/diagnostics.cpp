#include "physics/diagnostics.hpp"

#include <cmath>
#include <cstring>

#include "comm/reduce.hpp"
#include "core/hash.hpp"

namespace gs {

namespace {

KOKKOS_INLINE_FUNCTION bool not_finite(Real x) { return !(x - x == 0); }

KOKKOS_INLINE_FUNCTION std::uint64_t bits_of(double x) {
  std::uint64_t b;
  memcpy(&b, &x, sizeof b);
  return b;
}

// Range, sum and count of non-finite values of one field over the owned cells.
SpeciesStats summarize(const Field& f, const IndexBox& owned) {
  using MinMax = Kokkos::MinMax<Real>;
  typename MinMax::value_type range;
  Kokkos::parallel_reduce(
      "stats_minmax", owned.policy(),
      KOKKOS_LAMBDA(int z, int y, int x, typename MinMax::value_type& acc) {
        const Real a = f(z, y, x);
        if (a < acc.min_val) acc.min_val = a;
        if (a > acc.max_val) acc.max_val = a;
      },
      MinMax(range));
  Real sum = 0;
  Kokkos::parallel_reduce(
      "stats_sum", owned.policy(), KOKKOS_LAMBDA(int z, int y, int x, Real& acc) { acc += f(z, y, x); }, sum);
  long long bad = 0;
  Kokkos::parallel_reduce(
      "stats_nonfinite", owned.policy(),
      KOKKOS_LAMBDA(int z, int y, int x, long long& acc) { acc += not_finite(f(z, y, x)) ? 1 : 0; }, bad);
  return {range.min_val, range.max_val, sum, bad};
}

}  // namespace

FieldStats local_stats(const State& s, const IndexBox& owned) {
  FieldStats st;
  st.cells = owned.cells();
  if (st.cells == 0) return st;
  st.u = summarize(s.u, owned);
  st.v = summarize(s.v, owned);
  return st;
}

FieldStats global_stats(const State& s, const Decomposition& dec) {
  static_assert(sizeof(Real) == sizeof(double), "the reductions below assume Real = double");
  const FieldStats l = local_stats(s, dec.owned());
  const bool any = l.cells > 0;
  double mins[2] = {any ? l.u.min : HUGE_VAL, any ? l.v.min : HUGE_VAL};
  double maxs[2] = {any ? l.u.max : -HUGE_VAL, any ? l.v.max : -HUGE_VAL};
  double sums[2] = {l.u.sum, l.v.sum};
  long long counts[3] = {l.u.nonfinite, l.v.nonfinite, l.cells};
  allreduce_min(mins, 2, dec.comm());
  allreduce_max(maxs, 2, dec.comm());
  allreduce_sum(sums, 2, dec.comm());
  allreduce_sum(counts, 3, dec.comm());
  FieldStats g;
  g.u = {mins[0], maxs[0], sums[0], counts[0]};
  g.v = {mins[1], maxs[1], sums[1], counts[1]};
  g.cells = counts[2];
  return g;
}

std::uint64_t local_digest(const State& s, const IndexBox& owned, const CellIndex& cells) {
  if (owned.empty()) return 0;
  const Field u = s.u, v = s.v;
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

std::uint64_t state_digest(const State& s, const Decomposition& dec) {
  return allreduce_wrapping_sum(local_digest(s, dec.owned(), CellIndex::of(dec)), dec.comm());
}

}  // namespace gs
