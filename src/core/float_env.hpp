// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// How the host treats subnormal doubles. v decays towards 0 away from patterns
// and passes through subnormal numbers, which x86 cores handle tens of times
// slower, so every rank flushes them to zero (FTZ) and reads them as zero (DAZ).
// GPUs keep double subnormals at full speed; GS_KEEP_SUBNORMALS=1 keeps them on
// the CPU too, to reproduce a GPU's arithmetic there (regression.subnormals
// bounds the difference, docs/performance.md).
#include <cstdlib>
#include <cstring>
#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

namespace gs {

inline bool keep_subnormals_requested() {
  const char* e = std::getenv("GS_KEEP_SUBNORMALS");
  return e && *e && std::strcmp(e, "0") != 0;
}

// Sets FTZ/DAZ for the calling thread unless GS_KEEP_SUBNORMALS asks otherwise.
inline void configure_subnormals() {
#if defined(__SSE2__)
  if (!keep_subnormals_requested()) _mm_setcsr(_mm_getcsr() | 0x8040);
#endif
}

// "flushed" or "kept", as the calling thread does them now (summary.json).
inline const char* subnormal_mode() {
#if defined(__SSE2__)
  return (_mm_getcsr() & 0x8040) == 0x8040 ? "flushed" : "kept";
#else
  return "kept";
#endif
}

// IEEE subnormals (no FTZ/DAZ) for the calling thread within a scope, for
// code the program does not own (ParaView and the Python scripts it runs
// in situ), which is not written for flush-to-zero; the previous mode returns after.
class ScopedIeeeSubnormals {
 public:
#if defined(__SSE2__)
  ScopedIeeeSubnormals() : saved_(_mm_getcsr()) { _mm_setcsr(saved_ & ~0x8040u); }
  ~ScopedIeeeSubnormals() { _mm_setcsr(saved_); }
#else
  ScopedIeeeSubnormals() = default;
#endif
  ScopedIeeeSubnormals(const ScopedIeeeSubnormals&) = delete;
  ScopedIeeeSubnormals& operator=(const ScopedIeeeSubnormals&) = delete;

 private:
#if defined(__SSE2__)
  unsigned saved_;
#endif
};

}  // namespace gs
