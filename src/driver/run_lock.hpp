// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// One run per output folder: rank 0 holds an advisory flock on
// <output.dir>/.lock (holding its host and PID) for the whole run, so a second
// run into the same folder is refused instead of overwriting the first's files.
#include <mpi.h>

#include <functional>
#include <string>

namespace gs {

class RunLock {
 public:
  // Collective. Throws InputError on every rank, naming the holder, if another
  // run holds the folder. `refuse`, when given, runs on rank 0 once the lock is
  // held and before anything is written to the lock file: a non-empty answer
  // is thrown as InputError on every rank, and the folder is left as found (a
  // lock file this run created is removed, one found there is not changed).
  RunLock(const std::string& dir, MPI_Comm comm, const std::function<std::string()>& refuse = {});
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace gs
