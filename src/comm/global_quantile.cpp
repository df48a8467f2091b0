// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "comm/global_quantile.hpp"

#include <cstdint>

#include "comm/reduce.hpp"
#include "core/error.hpp"

namespace gs {

namespace {

constexpr std::uint64_t kSign = 0x8000000000000000ULL;
constexpr int kBins = kRadixBins;

// Unsigned key with the order of the doubles: positive values get the sign bit
// set, negative values are bit-inverted so that larger magnitudes come first.
KOKKOS_INLINE_FUNCTION std::uint64_t order_key(double x) {
  union {
    double d;
    std::uint64_t u;
  } bits;
  bits.d = x + 0.0;  // -0.0 + 0.0 = +0.0: equal values get one key
  return (bits.u & kSign) ? ~bits.u : (bits.u | kSign);
}

double from_order_key(std::uint64_t key) {
  union {
    double d;
    std::uint64_t u;
  } bits;
  bits.u = (key & kSign) ? (key & ~kSign) : ~key;
  return bits.d;
}

// One pass: counts, by the 8 bits at `shift`, the keys whose higher bits equal `prefix`.
struct RadixCount {
  Kokkos::View<const double*, MemSpace> values;
  Kokkos::View<long long*, MemSpace> counts;
  std::uint64_t mask, prefix;
  int shift;

  KOKKOS_INLINE_FUNCTION void operator()(long i) const {
    const std::uint64_t key = order_key(values(i));
    if ((key & mask) == prefix) Kokkos::atomic_add(&counts(int((key >> shift) & (kBins - 1))), 1LL);
  }
};

}  // namespace

long long global_count(Kokkos::View<const double*, MemSpace> values, MPI_Comm comm) {
  long long n = (long long)values.extent(0);
  allreduce_sum(&n, 1, comm);
  return n;
}

BufferSpec radix_count_buffer() {
  return {"radix_counts", {std::size_t(kBins), 1, 1}, sizeof(long long), BufferHome::Field, OtherCopy::Mirror};
}

OrderStatistic global_order_statistic(Kokkos::View<const double*, MemSpace> values, long long r, MPI_Comm comm) {
  const long long total = global_count(values, comm);
  GS_REQUIRE(r >= 0 && r < total, "order statistic " << r << " of " << total << " values");
  const auto counts = allocate<Kokkos::View<long long*, MemSpace>>(radix_count_buffer());
  auto host = Kokkos::create_mirror_view(counts);
  std::uint64_t prefix = 0;
  long long above = 0;
  const long n = long(values.extent(0));
  for (int shift = 64 - 8; shift >= 0; shift -= 8) {
    const std::uint64_t mask = shift == 56 ? 0 : ~0ULL << (shift + 8);
    Kokkos::deep_copy(counts, 0LL);
    // for each value with key k: if k agrees with the prefix above `shift`: ++counts[(k >> shift) & 255]
    Kokkos::parallel_for("radix_select_count", Kokkos::RangePolicy<ExecSpace>(0, n), RadixCount{values, counts, mask, prefix, shift});
    Kokkos::fence();
    Kokkos::deep_copy(host, counts);
    allreduce_sum(host.data(), kBins, comm);
    int bin = 0;
    while (r >= host(bin)) r -= host(bin++);  // r < the pass total, so this stops below kBins
    for (int b = bin + 1; b < kBins; ++b) above += host(b);
    prefix |= std::uint64_t(bin) << shift;
  }
  return {from_order_key(prefix), above};
}

}  // namespace gs
