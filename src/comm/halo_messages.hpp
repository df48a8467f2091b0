// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The ghosts that come from other ranks: one MPI message per neighbour box
// each way, carrying u then v of its cells. Pack and unpack are one kernel
// each over all boxes (halo_rows.hpp) into buffers allocated once; post()
// sends and receives without waiting, complete() waits and unpacks, so
// interior work can run in between. Where MPI cannot read the fields' memory
// (a GPU without CUDA-aware MPI) the buffers are staged through page-locked
// host copies.
#include <mpi.h>

#include <memory>
#include <vector>

#include "comm/halo_rows.hpp"
#include "core/buffer_spec.hpp"

namespace gs {

#if defined(KOKKOS_ENABLE_CUDA)
using StagingSpace = Kokkos::CudaHostPinnedSpace;
#elif defined(KOKKOS_ENABLE_HIP)
using StagingSpace = Kokkos::Experimental::HIPHostPinnedSpace;
#else
using StagingSpace = Kokkos::HostSpace;
#endif

// Whether MPI may be handed pointers to field memory: always for host memory,
// for CUDA memory only when the MPI library says it is CUDA-aware at run time.
bool mpi_takes_field_memory();
// Whether the buffers go through page-locked host copies: MPI is not handed
// device memory (gpu_aware false) and the fields are not in host memory.
inline bool halo_stages_through_host(bool gpu_aware) { return !gpu_aware && !kFieldsOnHost; }
// What HaloMessages allocates for messages of `cells` cells in all: send and
// receive buffers of u and v, and their host copies when staged.
BufferSpecs halo_message_buffers(std::size_t cells, bool gpu_aware, std::size_t value_bytes);

// One halo message: direction, peers, tags and boxes (the same for either precision).
struct HaloMessage {
  int peer_send, peer_recv;  // rank we send to (direction o) / receive from (side o)
  int tag_send, tag_recv;
  IndexBox send_box, recv_box;  // the same shape
};

template <class Real>
class HaloMessages {
 public:
  using Message = HaloMessage;

  // gpu_aware: hand device buffers to MPI; otherwise stage through pinned host
  // copies (a no-op when the execution space already works in host memory).
  // Throws InputError for gpu_aware when MPI cannot take device buffers.
  HaloMessages(MPI_Comm comm, const std::vector<Message>& messages, bool gpu_aware);

  void post(const State<Real>& s);      // receives posted, pack, fence, sends posted
  void complete(const State<Real>& s);  // wait for all, unpack (not fenced)
  std::size_t cells() const { return send_table_->cells; }

 private:
  MPI_Comm comm_;
  std::vector<Message> messages_;
  std::shared_ptr<HaloBoxTable> send_table_, recv_table_;  // message boxes for the pack / unpack kernels
  Buffer<Real> send_, recv_;
  // Page-locked where the backend has such memory, so the copies to and from
  // the device run at full speed and without an extra bounce buffer.
  using StagingBuffer = Kokkos::View<Real*, StagingSpace>;
  StagingBuffer send_host_, recv_host_;
  Real* send_mpi_ = nullptr;
  Real* recv_mpi_ = nullptr;
  bool staged_ = false;
  std::vector<MPI_Request> requests_;
  // The unpack kernel may still run after complete() returns; the next post()
  // waits for it before MPI writes into the receive buffer again.
  bool unpack_pending_ = false;
};

}  // namespace gs
