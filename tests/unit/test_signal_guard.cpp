// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// core/signal_guard.hpp: a library that installs its own handler during a
// call (as VTK's logger does while ParaView starts) never sees a stop signal
// sent meanwhile; the program's handler gets it once the call returns. And the
// threads started while the runtime starts (MPI's, Kokkos') hold the stop
// signals back, so that only the main thread takes them.
#include <gtest/gtest.h>
#include <pthread.h>

#include <csignal>
#include <thread>

#include "core/signal_guard.hpp"

namespace {

volatile std::sig_atomic_t g_program_got = 0;
volatile std::sig_atomic_t g_library_got = 0;
extern "C" void program_handler(int) { g_program_got = g_program_got + 1; }
extern "C" void library_handler(int) { g_library_got = g_library_got + 1; }

void install(int sig, void (*handler)(int)) {
  struct sigaction sa {};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, nullptr);
}

bool blocked_here(int sig) {
  sigset_t now;
  pthread_sigmask(SIG_BLOCK, nullptr, &now);
  return sigismember(&now, sig) == 1;
}

}  // namespace

TEST(SignalGuard, ASignalDuringTheCallReachesTheProgramsHandlerAfterIt) {
  for (int sig : {SIGTERM, SIGUSR1}) {
    struct sigaction before {};
    sigaction(sig, nullptr, &before);
    install(sig, program_handler);
    g_program_got = g_library_got = 0;
    {
      gs::KeepSignalHandlers keep;
      install(sig, library_handler);  // the library's own, as VTK's logger installs it
      kill(getpid(), sig);            // sent to the process, as a scheduler sends it
      EXPECT_EQ(g_library_got, 0) << "the library's handler saw signal " << sig;
      EXPECT_EQ(g_program_got, 0) << "signal " << sig << " was not held back during the call";
    }
    EXPECT_EQ(g_library_got, 0) << "signal " << sig;
    EXPECT_EQ(g_program_got, 1) << "signal " << sig << " did not reach the program's handler after the call";
    EXPECT_FALSE(blocked_here(sig)) << "signal " << sig << " is still held back after the call";
    sigaction(sig, &before, nullptr);
  }
}

TEST(SignalGuard, OnlyTheMainThreadTakesStopSignals) {
  // The runtime (core/runtime.hpp) started this process: its main thread takes them.
  for (int sig : {SIGTERM, SIGUSR1, SIGINT}) EXPECT_FALSE(blocked_here(sig)) << "signal " << sig;
  // A thread started between the guard's construction and started() holds them back;
  // the thread that made the guard takes them again afterwards.
  gs::StopSignalsToMainThread main_thread_only;
  bool held[3] = {false, false, false};
  std::thread([&] {
    int i = 0;
    for (int sig : {SIGTERM, SIGUSR1, SIGINT}) held[i++] = blocked_here(sig);
  }).join();
  main_thread_only.started();
  EXPECT_TRUE(held[0] && held[1] && held[2]) << "a thread started meanwhile takes stop signals";
  for (int sig : {SIGTERM, SIGUSR1, SIGINT}) EXPECT_FALSE(blocked_here(sig)) << "signal " << sig;
}
