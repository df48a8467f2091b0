// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Named wall-clock timers per phase; the summary reports each and "other".
// Each phase is also a Kokkos profiling region, so Kokkos tools (and the
// vendors' profilers through them) see the same split.
#include <mpi.h>

#include <Kokkos_Core.hpp>
#include <map>
#include <string>

namespace gs {

class PhaseTimers {
 public:
  void start(const std::string& phase) {
    Kokkos::Profiling::pushRegion("gs/" + phase);
    started_[phase] = MPI_Wtime();
  }
  void stop(const std::string& phase) {
    total_[phase] += MPI_Wtime() - started_[phase];
    Kokkos::Profiling::popRegion();
  }
  double get(const std::string& phase) const {
    auto it = total_.find(phase);
    return it == total_.end() ? 0.0 : it->second;
  }
  const std::map<std::string, double>& all() const { return total_; }

 private:
  std::map<std::string, double> started_;
  std::map<std::string, double> total_;
};

// Adds the enclosing scope's duration to one phase. A phase that launches
// kernels must fence before it ends (the stepper does), or asynchronous
// backends charge its kernels to whichever phase waits next.
class ScopedPhase {
 public:
  ScopedPhase(PhaseTimers& t, std::string phase) : t_(t), phase_(std::move(phase)) { t_.start(phase_); }
  ~ScopedPhase() { t_.stop(phase_); }
  ScopedPhase(const ScopedPhase&) = delete;
  ScopedPhase& operator=(const ScopedPhase&) = delete;

 private:
  PhaseTimers& t_;
  std::string phase_;
};

// The phases every run has besides one per output (named by Output::name()).
inline constexpr const char* kPhaseInit = "init";
inline constexpr const char* kPhaseCompute = "compute";
inline constexpr const char* kPhaseHalo = "halo_exchange";

}  // namespace gs
