// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "comm/halo_messages.hpp"

#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#endif

#include "comm/mpi_real.hpp"
#include "core/error.hpp"

namespace gs {

namespace {

template <bool ToBuffer, class Real>
void copy_boxes(const State<Real>& s, const Buffer<Real>& buf, const HaloBoxTable& table) {
  const Field<Real> u = s.u, v = s.v;
  // for each message m, for (z, y, x) in its box (cell r of the box):
  //   buf[2 first[m] + r] <-> u(z, y, x);  buf[2 first[m] + count[m] + r] <-> v(z, y, x)
  for_each_row(ToBuffer ? "halo_pack" : "halo_unpack", table,
               KOKKOS_LAMBDA(const HaloBoxTable& t, int m, int z, int y, int x, std::size_t r) {
                 const std::size_t u_slot = 2 * t.first[m] + r;
                 const std::size_t v_slot = u_slot + (t.first[m + 1] - t.first[m]);
                 if (ToBuffer) {
                   buf(u_slot) = u(z, y, x);
                   buf(v_slot) = v(z, y, x);
                 } else {
                   u(z, y, x) = buf(u_slot);
                   v(z, y, x) = buf(v_slot);
                 }
               });
}

}  // namespace

BufferSpecs halo_message_buffers(std::size_t cells, bool gpu_aware, std::size_t value_bytes) {
  BufferSpecs b{{"halo_send", {2 * cells, 1, 1}, value_bytes}, {"halo_recv", {2 * cells, 1, 1}, value_bytes}};
  if (halo_stages_through_host(gpu_aware))
    for (const char* label : {"halo_send_host", "halo_recv_host"})
      b.push_back({label, {2 * cells, 1, 1}, value_bytes, BufferHome::Host});
  return b;
}

template <class Real>
HaloMessages<Real>::HaloMessages(MPI_Comm comm, const std::vector<Message>& messages, bool gpu_aware)
    : comm_(comm),
      messages_(messages),
      send_table_(std::make_shared<HaloBoxTable>()),
      recv_table_(std::make_shared<HaloBoxTable>()) {
  for (const auto& m : messages_) {
    GS_REQUIRE(m.send_box.cells() == m.recv_box.cells(), "halo send and receive boxes differ");
    send_table_->add(m.send_box);
    recv_table_->add(m.recv_box);
  }
  send_table_->close();
  recv_table_->close();
  const BufferSpecs buffers = halo_message_buffers(send_table_->cells, gpu_aware, sizeof(Real));
  send_ = allocate<Buffer<Real>>(buffers.at(0));
  recv_ = allocate<Buffer<Real>>(buffers.at(1));
  if (gpu_aware && !mpi_takes_field_memory())
    throw InputError("parallel.gpu_aware_mpi = true, but this MPI library is not CUDA-aware "
                     "(MPIX_Query_cuda_support() = 0, or no way to ask it); set parallel.gpu_aware_mpi = false");
  staged_ = halo_stages_through_host(gpu_aware);
  if (staged_) {
    send_host_ = allocate<StagingBuffer>(buffers.at(2), /*zero=*/false);
    recv_host_ = allocate<StagingBuffer>(buffers.at(3), /*zero=*/false);
  }
  send_mpi_ = staged_ ? send_host_.data() : send_.data();
  recv_mpi_ = staged_ ? recv_host_.data() : recv_.data();
  requests_.resize(2 * messages_.size());
}

bool mpi_takes_field_memory() {
  if (kFieldsOnHost) return true;
#if defined(KOKKOS_ENABLE_CUDA) && defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  // Compiled with CUDA support; the library loaded at run time must agree.
  return MPIX_Query_cuda_support() == 1;
#else
  return false;
#endif
}

template <class Real>
void HaloMessages<Real>::post(const State<Real>& s) {
  const std::size_t n = messages_.size();
  if (unpack_pending_) {
    Kokkos::fence();
    unpack_pending_ = false;
  }
  // Message i's slice of the buffers: u then v of its cells, from 2 first[i].
  for (std::size_t i = 0; i < n; ++i) {
    const auto& m = messages_[i];
    const std::size_t at = 2 * recv_table_->first[i], count = recv_table_->first[i + 1] - recv_table_->first[i];
    GS_MPI_CHECK(MPI_Irecv(recv_mpi_ + at, int(2 * count), mpi_real<Real>(), m.peer_recv, m.tag_recv, comm_, &requests_[i]));
  }
  if (n) copy_boxes<true>(s, send_, *send_table_);
  if (staged_) Kokkos::deep_copy(send_host_, send_);
  Kokkos::fence();  // MPI must not read the buffer before the pack kernels finish
  for (std::size_t i = 0; i < n; ++i) {
    const auto& m = messages_[i];
    const std::size_t at = 2 * send_table_->first[i], count = send_table_->first[i + 1] - send_table_->first[i];
    GS_MPI_CHECK(MPI_Isend(send_mpi_ + at, int(2 * count), mpi_real<Real>(), m.peer_send, m.tag_send, comm_, &requests_[n + i]));
  }
}

template <class Real>
void HaloMessages<Real>::complete(const State<Real>& s) {
  GS_MPI_CHECK(MPI_Waitall(int(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE));
  if (staged_) Kokkos::deep_copy(recv_, recv_host_);
  if (!messages_.empty()) {
    copy_boxes<false>(s, recv_, *recv_table_);
    unpack_pending_ = true;
  }
}

template class HaloMessages<float>;
template class HaloMessages<double>;

}  // namespace gs
