#pragma once
// Periodic halo exchange of (u, v) for one ghost layer. Faces always; edges and
// corners too when the stencil reads diagonal neighbours. Packing and unpacking
// are Kokkos kernels into buffers allocated once; begin() posts the messages and
// finish() completes them, so interior work can run in between.
#include <mpi.h>

#include <vector>

#include "core/types.hpp"
#include "grid/decomposition.hpp"

namespace gs {

class HaloExchange {
 public:
  // gpu_aware: hand device buffers to MPI; otherwise stage through host copies
  // (a no-op when the execution space already works in host memory).
  HaloExchange(const Decomposition& dec, bool diagonals, bool gpu_aware);

  void begin(const Field& u, const Field& v);
  void finish(const Field& u, const Field& v);
  void exchange(const Field& u, const Field& v) {
    begin(u, v);
    finish(u, v);
  }

  int message_count() const { return int(messages_.size()); }
  long long bytes_per_exchange() const { return (long long)total_ * 2 * (long long)sizeof(Real); }

 private:
  struct Message {
    int peer_send, peer_recv;  // rank we send to (direction o) / receive from (side o)
    int tag_send, tag_recv;
    IndexBox send_box, recv_box;
    std::size_t offset, count;  // in cells; u at offset, v at offset + count, both x2 layout
  };

  void pack(const Field& u, const Field& v);
  void unpack(const Field& u, const Field& v);

  MPI_Comm comm_;
  std::vector<Message> messages_;
  std::size_t total_ = 0;
  Buffer send_, recv_;
  Buffer::HostMirror send_host_, recv_host_;
  Real* send_mpi_ = nullptr;
  Real* recv_mpi_ = nullptr;
  bool staged_ = false;
  std::vector<MPI_Request> requests_;
  bool in_flight_ = false;
};

}  // namespace gs
