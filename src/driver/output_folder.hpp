// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// output.dir for the length of a run: created before step 0, and watched at
// every output step so that a folder removed (or replaced) under a running job
// ends the run on every rank alike instead of failing one write on one rank.
#include <mpi.h>

#include <string>

namespace gs {

class OutputFolder {
 public:
  // Collective. Rank 0 creates the folder; InputError on every rank if it cannot.
  OutputFolder(const std::string& dir, MPI_Comm comm);
  // Collective. RunError on every rank if the folder is no longer the one
  // created above. A removed folder is not recreated: whoever removed it
  // meant its contents to go, and a new one would hold a run without its
  // first outputs and without the lock that keeps other runs out.
  void check(long step);
  bool gone() const { return gone_; }

 private:
  std::string dir_;
  MPI_Comm comm_;
  int rank_ = 0;
  unsigned long long dev_ = 0, ino_ = 0;
  bool gone_ = false;
};

}  // namespace gs
