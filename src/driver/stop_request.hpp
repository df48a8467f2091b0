// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Requests to stop early: SIGTERM or SIGUSR1 (what Slurm sends before a time
// limit), a stop file (GS_STOP_FILE, how slurm/lib/job.sh asks: a file cannot
// arrive too early, a signal before the handler is installed kills the rank),
// or the wall-time budget. All ranks agree at a step boundary.
#include <mpi.h>

#include <string>

namespace gs {

class StopRequest {
 public:
  // Installs the signal handlers; walltime_budget <= 0 disables the budget.
  // The stop file is the environment's GS_STOP_FILE (none when unset or empty).
  StopRequest(double walltime_budget, double start_time);
  ~StopRequest();
  StopRequest(const StopRequest&) = delete;
  StopRequest& operator=(const StopRequest&) = delete;

  // Collective: true on every rank when any rank was signalled, the stop file
  // exists (rank 0 looks at the first call, then at most once a second) or the
  // budget is spent. The first call agrees at once; each later call returns
  // what the ranks reported at the call before (a non-blocking all-reduce
  // posted then), so a request made after the first call ends the run one
  // call later than it would with a blocking one.
  bool agreed(MPI_Comm comm) const;
  // Why the last agreed() returned true, for messages.
  const char* reason() const { return reason_; }

 private:
  // This rank's reason to stop now: 0 none, 1 signal, 2 stop file, 3 budget.
  int local_reason(MPI_Comm comm) const;

  double budget_, start_;
  std::string stop_file_;
  mutable double last_file_check_ = -1.0;
  mutable const char* reason_ = "";
  mutable bool started_ = false;
  mutable int pending_why_ = 0;  // the buffer of the all-reduce in flight
  mutable MPI_Request pending_ = MPI_REQUEST_NULL;
};

}  // namespace gs
