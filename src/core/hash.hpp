// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Counter-based hashing: every random number is a pure function of
// (seed, stream, global index), so fields are identical on any rank count.
#include <Kokkos_Core.hpp>
#include <cstdint>

namespace gs {

// SplitMix64 finaliser: a bijective 64-bit mix with full avalanche.
KOKKOS_INLINE_FUNCTION std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

KOKKOS_INLINE_FUNCTION std::uint64_t hash_combine(std::uint64_t h, std::uint64_t value) {
  return mix64(h ^ mix64(value));
}

KOKKOS_INLINE_FUNCTION std::uint64_t hash3(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  return hash_combine(hash_combine(mix64(a), b), c);
}

// Uniform in [0, 1) with 53 random bits.
KOKKOS_INLINE_FUNCTION double to_unit(std::uint64_t h) {
  return (double)(h >> 11) * (1.0 / 9007199254740992.0);
}

KOKKOS_INLINE_FUNCTION double uniform01(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) {
  return to_unit(hash3(seed, stream, index));
}

}  // namespace gs
