// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Keeps the program's signal dispositions across a call into a library that
// may install its own. ParaView's Python takes SIGINT when it initialises, and
// VTK's logger (loguru) takes TERM, INT and others to print a stack trace and
// abort: a scheduler's TERM or USR1 would then kill the run with no checkpoint
// and no summary. The Catalyst plugin turns the logger's handlers off; this
// guard puts back, after every call into the plugin, whatever was in force
// before it (StopRequest's handlers for TERM and USR1, the default for INT).
#include <csignal>

namespace gs {

class KeepSignalHandlers {
 public:
  KeepSignalHandlers() {
    for (int i = 0; i < kCount; ++i) sigaction(kSignals[i], nullptr, &saved_[i]);
  }
  ~KeepSignalHandlers() {
    for (int i = 0; i < kCount; ++i) sigaction(kSignals[i], &saved_[i], nullptr);
  }
  KeepSignalHandlers(const KeepSignalHandlers&) = delete;
  KeepSignalHandlers& operator=(const KeepSignalHandlers&) = delete;

 private:
  static constexpr int kCount = 3;
  static constexpr int kSignals[kCount] = {SIGTERM, SIGUSR1, SIGINT};
  struct sigaction saved_[kCount];
};

}  // namespace gs
