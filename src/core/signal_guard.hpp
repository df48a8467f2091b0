// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Keeps the program's signal dispositions across a call into a library that
// may install its own. ParaView's Python takes SIGINT when it initialises, and
// VTK's logger (loguru) takes TERM, INT and others to print "Loguru caught a
// signal" and kill the process: a scheduler's TERM or USR1 would then end the
// run with no checkpoint and no summary. The Catalyst plugin turns the
// logger's stack trace off, but not its handlers; this guard puts back, after
// every call into the plugin, whatever was in force before it (StopRequest's
// handlers for TERM and USR1, the default for INT).
//
// Putting them back afterwards leaves the call itself: ParaView's start-up
// takes seconds (more on a loaded node), and a TERM then met the logger's
// handler. So the guard also holds these signals back for its lifetime: a
// signal sent meanwhile waits, and reaches the program's own handler once
// they are back. Held back in this thread only: that suffices because every
// other thread holds them back for good (StopSignalsToMainThread, set before
// MPI and Kokkos start their threads), so the kernel can give a signal sent
// to the process to no thread but this one.
#include <pthread.h>

#include <csignal>

namespace gs {

// The signals the guards keep: the stop requests (TERM, USR1) and INT.
constexpr int kKeptSignals[] = {SIGTERM, SIGUSR1, SIGINT};
constexpr int kKeptCount = sizeof(kKeptSignals) / sizeof(kKeptSignals[0]);

inline sigset_t kept_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : kKeptSignals) sigaddset(&set, sig);
  return set;
}

class KeepSignalHandlers {
 public:
  KeepSignalHandlers() {
    const sigset_t kept = kept_signals();
    pthread_sigmask(SIG_BLOCK, &kept, &mask_);
    for (int i = 0; i < kKeptCount; ++i) sigaction(kKeptSignals[i], nullptr, &saved_[i]);
  }
  ~KeepSignalHandlers() {
    for (int i = 0; i < kKeptCount; ++i) sigaction(kKeptSignals[i], &saved_[i], nullptr);
    pthread_sigmask(SIG_SETMASK, &mask_, nullptr);  // a signal held back meanwhile is delivered here
  }
  KeepSignalHandlers(const KeepSignalHandlers&) = delete;
  KeepSignalHandlers& operator=(const KeepSignalHandlers&) = delete;

 private:
  struct sigaction saved_[kKeptCount];
  sigset_t mask_;
};

// Makes the thread that creates it the only one that takes the kept signals:
// they are held back from construction (every thread started meanwhile, by
// MPI, Kokkos' OpenMP pool or a GPU runtime, inherits that and keeps it) and
// taken again by this thread alone once started() is called.
class StopSignalsToMainThread {
 public:
  StopSignalsToMainThread() {
    const sigset_t kept = kept_signals();
    pthread_sigmask(SIG_BLOCK, &kept, &mask_);
  }
  void started() { pthread_sigmask(SIG_SETMASK, &mask_, nullptr); }
  StopSignalsToMainThread(const StopSignalsToMainThread&) = delete;
  StopSignalsToMainThread& operator=(const StopSignalsToMainThread&) = delete;

 private:
  sigset_t mask_;
};

}  // namespace gs
