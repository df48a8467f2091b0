// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The ghosts a rank fills from its own cells: along every dimension with a
// single rank the periodic neighbour is the rank itself, so those ghosts are a
// copy within its fields. No buffer and no MPI message: half the memory
// traffic of a pack, a self-send and an unpack, and the ghosts are ready
// before the inner kernel runs.
#include <memory>

#include "comm/halo_rows.hpp"

namespace gs {

class HaloSelfCopy {
 public:
  HaloSelfCopy(const IndexBox& owned, int ghost_x);
  // Both x faces (a kernel of their own: both ends of a row together).
  void add_x_faces() { x_faces_ = true; }
  // The ghost box `ghosts`, copied from the owned cells one period away:
  // ghost (z, y, x) <- owned (z - shift[2], y - shift[1], x - shift[0]).
  void add_box(const IndexBox& ghosts, const int shift[3]);
  void close() { table_->close(); }
  bool empty() const { return !x_faces_ && table_->boxes == 0; }

  template <class Real>
  void copy(const State<Real>& s) const;

 private:
  IndexBox owned_;
  int ghost_x_;
  bool x_faces_ = false;
  std::shared_ptr<HaloBoxTable> table_;
};

}  // namespace gs
