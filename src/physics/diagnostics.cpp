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

}  // namespace

FieldStats local_stats(const Field& u, const Field& v, const IndexBox& owned) {
  FieldStats s;
  s.cells = owned.cells();
  if (s.cells == 0) return s;
  using MinMax = Kokkos::MinMax<Real>;
  typename MinMax::value_type mu, mv;
  Kokkos::parallel_reduce(
      "stats_minmax_u", owned.policy(),
      KOKKOS_LAMBDA(int z, int y, int x, typename MinMax::value_type& acc) {
        const Real a = u(z, y, x);
        if (a < acc.min_val) acc.min_val = a;
        if (a > acc.max_val) acc.max_val = a;
      },
      MinMax(mu));
  Kokkos::parallel_reduce(
      "stats_minmax_v", owned.policy(),
      KOKKOS_LAMBDA(int z, int y, int x, typename MinMax::value_type& acc) {
        const Real a = v(z, y, x);
        if (a < acc.min_val) acc.min_val = a;
        if (a > acc.max_val) acc.max_val = a;
      },
      MinMax(mv));
  Real su = 0, sv = 0;
  Kokkos::parallel_reduce(
      "stats_sum_u", owned.policy(), KOKKOS_LAMBDA(int z, int y, int x, Real& acc) { acc += u(z, y, x); }, su);
  Kokkos::parallel_reduce(
      "stats_sum_v", owned.policy(), KOKKOS_LAMBDA(int z, int y, int x, Real& acc) { acc += v(z, y, x); }, sv);
  long long bad_u = 0, bad_v = 0;
  Kokkos::parallel_reduce(
      "stats_nonfinite_u", owned.policy(),
      KOKKOS_LAMBDA(int z, int y, int x, long long& acc) { acc += not_finite(u(z, y, x)) ? 1 : 0; }, bad_u);
  Kokkos::parallel_reduce(
      "stats_nonfinite_v", owned.policy(),
      KOKKOS_LAMBDA(int z, int y, int x, long long& acc) { acc += not_finite(v(z, y, x)) ? 1 : 0; }, bad_v);
  s.min_u = mu.min_val;
  s.max_u = mu.max_val;
  s.min_v = mv.min_val;
  s.max_v = mv.max_val;
  s.sum_u = su;
  s.sum_v = sv;
  s.nonfinite_u = bad_u;
  s.nonfinite_v = bad_v;
  return s;
}

std::uint64_t local_digest(const Field& u, const Field& v, const IndexBox& owned, const long offset[3],
                           const long global_n[3]) {
  if (owned.empty()) return 0;
  const long ox = offset[0] - owned.lo[0], oy = offset[1] - owned.lo[1], oz = offset[2] - owned.lo[2];
  const long nx = global_n[0], ny = global_n[1];
  std::uint64_t sum = 0;
  // for each owned cell: sum += hash(global index, bits(u), bits(v))   (mod 2^64)
  Kokkos::parallel_reduce(
      "state_digest", owned.policy(),
      KOKKOS_LAMBDA(int z, int y, int x, std::uint64_t& acc) {
        const std::uint64_t g = (std::uint64_t(z + oz) * ny + std::uint64_t(y + oy)) * nx + std::uint64_t(x + ox);
        acc += hash_combine(hash_combine(mix64(g), bits_of(u(z, y, x))), bits_of(v(z, y, x)));
      },
      sum);
  return sum;
}

}  // namespace gs
