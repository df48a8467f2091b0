#include "driver/stop_request.hpp"

#include <algorithm>
#include <csignal>

#include "core/error.hpp"

namespace gs {

namespace {

volatile std::sig_atomic_t g_signal = 0;

extern "C" void on_stop_signal(int sig) { g_signal = sig; }

}  // namespace

StopRequest::StopRequest(double walltime_budget, double start_time) : budget_(walltime_budget), start_(start_time) {
  g_signal = 0;
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGTERM, &sa, nullptr);
  sigaction(SIGUSR1, &sa, nullptr);
}

StopRequest::~StopRequest() {
  std::signal(SIGTERM, SIG_DFL);
  std::signal(SIGUSR1, SIG_DFL);
}

bool StopRequest::agreed(MPI_Comm comm) const {
  // 1: signal, 2: wall-time budget (rank 0's clock decides, so all agree).
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  int why = g_signal ? 1 : 0;
  if (rank == 0 && budget_ > 0 && MPI_Wtime() - start_ >= budget_) why = std::max(why, 2);
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &why, 1, MPI_INT, MPI_MAX, comm));
  reason_ = why == 1 ? "a stop signal (SIGTERM/SIGUSR1)" : why == 2 ? "the wall-time budget (checkpoint.walltime)" : "";
  return why != 0;
}

}  // namespace gs
