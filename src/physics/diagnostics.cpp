#include "physics/diagnostics.hpp"

#include <cstring>

#include "core/hash.hpp"

namespace gs {

namespace {

KOKKOS_INLINE_FUNCTION bool not_finite(Real x) { return !(x - x == 0); }

KOKKOS_INLINE_FUNCTION std::uint64_t bits_of(double x) {
  std::uint64_t b;
  memcpy(&b, &x, sizeof b);
  return b;
}

struct OneFieldStats {
  Real min, max, sum;
  long long nonfinite;
};

// Range, sum and count of non-finite values of one field over the owned cells.
OneFieldStats summarize(const Field& f, const IndexBox& owned) {
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

FieldStats local_stats(const Field& u, const Field& v, const IndexBox& owned) {
  FieldStats s;
  s.cells = owned.cells();
  if (s.cells == 0) return s;
  const OneFieldStats a = summarize(u, owned), b = summarize(v, owned);
  s.min_u = a.min;
  s.max_u = a.max;
  s.sum_u = a.sum;
  s.nonfinite_u = a.nonfinite;
  s.min_v = b.min;
  s.max_v = b.max;
  s.sum_v = b.sum;
  s.nonfinite_v = b.nonfinite;
  return s;
}

std::uint64_t local_digest(const Field& u, const Field& v, const IndexBox& owned, const CellIndex& cells) {
  if (owned.empty()) return 0;
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

}  // namespace gs
