#pragma once
// One run per output folder: rank 0 holds an advisory flock on
// <output.dir>/.lock (holding its host and PID) for the whole run, so a second
// run into the same folder is refused instead of overwriting the first's files.
#include <mpi.h>

#include <string>

namespace gs {

class RunLock {
 public:
  // Collective. Throws InputError on every rank, naming the holder, if another run holds the folder.
  RunLock(const std::string& dir, MPI_Comm comm);
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace gs
