#pragma once
// Requests to stop early: SIGTERM or SIGUSR1 (what Slurm sends before a time
// limit), or the wall-time budget. All ranks agree at a step boundary.
#include <mpi.h>

namespace gs {

class StopRequest {
 public:
  // Installs the signal handlers; walltime_budget <= 0 disables the budget.
  StopRequest(double walltime_budget, double start_time);
  ~StopRequest();
  StopRequest(const StopRequest&) = delete;
  StopRequest& operator=(const StopRequest&) = delete;

  // Collective: true on every rank when any rank was signalled or the budget is spent.
  bool agreed(MPI_Comm comm) const;
  // Why the last agreed() returned true, for messages.
  const char* reason() const { return reason_; }

 private:
  double budget_, start_;
  mutable const char* reason_ = "";
};

}  // namespace gs
