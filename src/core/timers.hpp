#pragma once
// Named wall-clock timers per phase; the summary reports each and "other".
#include <mpi.h>

#include <map>
#include <string>

namespace gs {

class PhaseTimers {
 public:
  void start(const std::string& phase) { started_[phase] = MPI_Wtime(); }
  void stop(const std::string& phase) { total_[phase] += MPI_Wtime() - started_[phase]; }
  double get(const std::string& phase) const {
    auto it = total_.find(phase);
    return it == total_.end() ? 0.0 : it->second;
  }
  const std::map<std::string, double>& all() const { return total_; }

 private:
  std::map<std::string, double> started_;
  std::map<std::string, double> total_;
};

// Adds the enclosing scope's duration to one phase.
class ScopedPhase {
 public:
  ScopedPhase(PhaseTimers& t, const char* phase) : t_(t), phase_(phase) { t_.start(phase_); }
  ~ScopedPhase() { t_.stop(phase_); }
  ScopedPhase(const ScopedPhase&) = delete;
  ScopedPhase& operator=(const ScopedPhase&) = delete;

 private:
  PhaseTimers& t_;
  const char* phase_;
};

}  // namespace gs
