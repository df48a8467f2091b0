// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Stop requests: signal handlers, the stop file and the wall-time budget,
// agreed on by all ranks with one non-blocking reduction per step, read a step later.
#include "driver/stop_request.hpp"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <exception>

#include "core/error.hpp"

namespace gs {

namespace {

volatile std::sig_atomic_t g_signal = 0;

// Internal linkage spelled out: a C-linkage name is global even in an unnamed
// namespace.
extern "C" {
static void on_stop_signal(int sig) { g_signal = sig; }
}

// Seconds between looks at the stop file: a stat per step would cost on a
// parallel file system, and a stop within a second is soon enough.
constexpr double kStopFilePeriod = 1.0;

}  // namespace

StopRequest::StopRequest(double walltime_budget, double start_time) : budget_(walltime_budget), start_(start_time) {
  const char* file = std::getenv("GS_STOP_FILE");
  if (file) stop_file_ = file;
  g_signal = 0;
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGTERM, &sa, nullptr);
  sigaction(SIGUSR1, &sa, nullptr);
}

StopRequest::~StopRequest() {
  // A collective request cannot be freed or cancelled. At the end of a run
  // every rank posted it, so waiting completes. While an exception unwinds
  // (a rank-local error, on its way to MPI_Abort) this rank must not wait on
  // the others: it only completes the request if it is already done.
  if (pending_ != MPI_REQUEST_NULL) {
    if (std::uncaught_exceptions() == 0) {
      MPI_Wait(&pending_, MPI_STATUS_IGNORE);
    } else {
      int done = 0;
      MPI_Test(&pending_, &done, MPI_STATUS_IGNORE);
    }
  }
  std::signal(SIGTERM, SIG_DFL);
  std::signal(SIGUSR1, SIG_DFL);
}

int StopRequest::local_reason(MPI_Comm comm) const {
  // 1: signal, 2: stop file, 3: wall-time budget (rank 0's clock and view of
  // the file decide, so all agree).
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  int why = g_signal ? 1 : 0;
  if (rank == 0 && !stop_file_.empty()) {
    const double now = MPI_Wtime();
    // The first call always looks: a request made before step 0 stops the run at its first step.
    if (last_file_check_ < 0 || now - last_file_check_ >= kStopFilePeriod) {
      last_file_check_ = now;
      if (why == 0 && access(stop_file_.c_str(), F_OK) == 0) why = 2;
    }
  }
  if (rank == 0 && why == 0 && budget_ > 0 && MPI_Wtime() - start_ >= budget_) why = 3;
  return why;
}

bool StopRequest::agreed(MPI_Comm comm) const {
  int why = 0;
  if (!started_) {
    // The first call agrees at once, so a request made before the run stops it at its first step.
    why = local_reason(comm);
    GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &why, 1, MPI_INT, MPI_MAX, comm));
    started_ = true;
  } else {
    // Later calls read the all-reduce posted by the call before: by now the
    // halo exchange has carried it along, so no rank waits for the slowest
    // here, and a request still ends the run one step later.
    GS_MPI_CHECK(MPI_Wait(&pending_, MPI_STATUS_IGNORE));
    why = pending_why_;
  }
  if (why == 0) {
    pending_why_ = local_reason(comm);
    GS_MPI_CHECK(MPI_Iallreduce(MPI_IN_PLACE, &pending_why_, 1, MPI_INT, MPI_MAX, comm, &pending_));
  }
  // MAX picks one reason when ranks differ; any of them is a true reason.
  reason_ = why == 1   ? "a stop signal (SIGTERM/SIGUSR1)"
            : why == 2 ? "a stop request (the file GS_STOP_FILE names)"
            : why == 3 ? "the wall-time budget (checkpoint.walltime)"
                       : "";
  return why != 0;
}

}  // namespace gs
