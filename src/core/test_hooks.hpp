// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The one test seam: fault-injection switches that the regression tests set
// through the environment. They are read once, on first use (the driver asks
// at start-up), and production code calls them only through the named
// functions below, so a reader sees at each call site that it is a test hook.
// docs/io.md ("Test hooks") lists them with the tests that use them.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <string>
#include <vector>

namespace gs {

struct TestHooks {
  // GS_TEST_KILL_IN_CHECKPOINT=<step>: rank 0 dies by SIGKILL in the middle of
  // writing that step's checkpoint (data written, file not closed). -1: off.
  long kill_in_checkpoint = -1;
  // GS_TEST_NO_SPACE_CHECK=1: no space is reserved for a checkpoint before
  // HDF5 writes it, so that HDF5's own data write meets the full disk.
  bool no_space_reservation = false;
  // GS_TEST_READ_FAIL_RANK=<rank>: on that rank only, reading the dataset 'u'
  // of a checkpoint fails after its collective read, as an I/O error under
  // that rank's part of the file would (the other ranks read it fine). -1: off.
  int read_fail_rank = -1;
  // GS_TEST_HDF5_LACKS_FILTER=deflate|shuffle: the program's HDF5 is taken
  // to lack that filter, as a library built without zlib does, so that the
  // refusal of output.fields_compression can be tested on a complete one.
  std::string hdf5_lacks_filter;
  // GS_TEST_SIGNAL_IN_INSITU_START=TERM|USR1: each rank sends that signal to
  // its own process (as Slurm's scancel or time-limit warning does) while
  // ParaView starts in the Catalyst plugin, after VTK's logger has installed
  // its signal handlers. 0: off.
  int signal_in_insitu_start = 0;

  static TestHooks from_environment() {
    TestHooks h;
    if (const char* v = std::getenv("GS_TEST_KILL_IN_CHECKPOINT")) h.kill_in_checkpoint = std::atol(v);
    h.no_space_reservation = std::getenv("GS_TEST_NO_SPACE_CHECK") != nullptr;
    if (const char* v = std::getenv("GS_TEST_READ_FAIL_RANK")) h.read_fail_rank = std::atoi(v);
    if (const char* v = std::getenv("GS_TEST_HDF5_LACKS_FILTER")) h.hdf5_lacks_filter = v;
    if (const char* v = std::getenv("GS_TEST_SIGNAL_IN_INSITU_START"))
      h.signal_in_insitu_start = std::strcmp(v, "USR1") == 0 ? SIGUSR1 : std::strcmp(v, "TERM") == 0 ? SIGTERM : 0;
    return h;
  }
  // The variables that are set, for a warning line at start-up.
  std::vector<std::string> active() const {
    std::vector<std::string> names;
    if (kill_in_checkpoint >= 0) names.push_back("GS_TEST_KILL_IN_CHECKPOINT");
    if (no_space_reservation) names.push_back("GS_TEST_NO_SPACE_CHECK");
    if (read_fail_rank >= 0) names.push_back("GS_TEST_READ_FAIL_RANK");
    if (!hdf5_lacks_filter.empty()) names.push_back("GS_TEST_HDF5_LACKS_FILTER");
    if (signal_in_insitu_start) names.push_back("GS_TEST_SIGNAL_IN_INSITU_START");
    return names;
  }
};

inline const TestHooks& test_hooks() {
  static const TestHooks hooks = TestHooks::from_environment();
  return hooks;
}

// Called by the checkpoint writer once the data are written and before the file is closed.
inline void test_hook_checkpoint_mid_write(long step, int rank) {
  if (test_hooks().kill_in_checkpoint != step || rank != 0) return;
  std::fprintf(stderr, "grayscott: test hook: killing rank 0 while writing the checkpoint of step %ld\n", step);
  std::fflush(stderr);
  std::raise(SIGKILL);
}

// Whether the checkpoint writer reserves the file's space before HDF5 writes it.
inline bool test_hook_reserve_checkpoint_space() { return !test_hooks().no_space_reservation; }

// Called by the state reader after each dataset's collective read: whether
// this rank's read of `dataset` is to fail (only 'u', only on the chosen rank).
inline bool test_hook_state_read_fails(const std::string& dataset, int rank) {
  return dataset == "u" && rank == test_hooks().read_fail_rank;
}

// Called by the Catalyst plugin once ParaView has started (VTK's logger has
// installed its handlers): the process signals itself, as a scheduler would.
inline void test_hook_insitu_started() {
  if (!test_hooks().signal_in_insitu_start) return;
  kill(getpid(), test_hooks().signal_in_insitu_start);
}

// Whether the HDF5 filter `name` ("deflate", "shuffle") is to be taken as missing.
inline bool test_hook_hdf5_lacks_filter(const char* name) { return test_hooks().hdf5_lacks_filter == name; }

}  // namespace gs
