// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Periodic halo exchange of (u, v) for the decomposition's ghost width. Faces
// always; edges and corners too when the stencil reads diagonal neighbours or
// the ghosts are wider than one cell (parallel.halo_depth > 1). This class
// decides, per neighbour box, which of two mechanisms fills it:
//   halo_self.*      a copy within the rank's own fields, along dimensions with
//                    a single rank (the periodic neighbour is the rank itself);
//   halo_messages.*  MPI messages to and from other ranks, packed and unpacked
//                    by kernels into buffers allocated once.
// begin() fills the first and posts the messages, finish() completes them,
// so interior work can run in between.
#include <memory>

#include "comm/halo_messages.hpp"
#include "comm/halo_self.hpp"
#include "grid/decomposition.hpp"

namespace gs {

// Without building an exchange: the cells per field that an exchange of `dec`
// sends to other ranks (each of the send and receive buffers holds u and v of
// them).
std::size_t halo_message_cells(const Decomposition& dec, bool diagonals);
// Without building an exchange: what one allocates (halo_message_buffers of
// halo_message_cells), for the memory check.
BufferSpecs halo_buffers(const Decomposition& dec, bool diagonals, bool gpu_aware, std::size_t value_bytes);

template <class Real>
class HaloExchange {
 public:
  // gpu_aware: hand device buffers to MPI (halo_messages.hpp).
  HaloExchange(const Decomposition& dec, bool diagonals, bool gpu_aware);

  void begin(const State<Real>& s);
  void finish(const State<Real>& s);
  void exchange(const State<Real>& s) {
    begin(s);
    finish(s);
  }

  // Every neighbour box, whether it travels over MPI or is a copy within the rank.
  int message_count() const { return message_count_; }
  // Bytes this rank sends over MPI per exchange (the copies to itself excluded).
  long long bytes_per_exchange() const { return (long long)messages_->cells() * 2 * (long long)sizeof(Real); }

 private:
  int message_count_ = 0;
  std::unique_ptr<HaloSelfCopy> self_;
  std::unique_ptr<HaloMessages<Real>> messages_;
  bool in_flight_ = false;
};

}  // namespace gs
