#include "comm/halo.hpp"

#include "core/error.hpp"

namespace gs {

namespace {

int direction_index(int ox, int oy, int oz) { return (ox + 1) + 3 * (oy + 1) + 9 * (oz + 1); }

// Owned cells next to side `o` (what the neighbour there needs) when sending,
// or the ghost cells on side `o` when receiving.
IndexBox side_box(const Decomposition& dec, const int o[3], bool ghosts) {
  const IndexBox owned = dec.owned();
  IndexBox b = owned;
  for (int d = 0; d < 3; ++d) {
    const int g = dec.ghost(d);
    if (o[d] < 0) {
      b.lo[d] = ghosts ? 0 : owned.lo[d];
      b.hi[d] = b.lo[d] + g;
    } else if (o[d] > 0) {
      b.lo[d] = ghosts ? owned.hi[d] : owned.hi[d] - g;
      b.hi[d] = b.lo[d] + g;
    }
  }
  return b;
}

// Copies between a box of (u, v) and a flat buffer, in the box's (z, y, x) order.
template <bool ToBuffer>
void copy_box(const Field& u, const Field& v, const Buffer& buf, const IndexBox& box, std::size_t offset, std::size_t count) {
  const int x0 = box.lo[0], y0 = box.lo[1], z0 = box.lo[2];
  const int nx = box.hi[0] - box.lo[0], ny = box.hi[1] - box.lo[1];
  // for z, y, x in box: buf[offset + idx] <-> u(z, y, x); buf[offset + count + idx] <-> v(z, y, x)
  Kokkos::parallel_for(
      ToBuffer ? "halo_pack" : "halo_unpack", box.policy(), KOKKOS_LAMBDA(int z, int y, int x) {
        const std::size_t idx = offset + (std::size_t(z - z0) * ny + (y - y0)) * nx + (x - x0);
        if (ToBuffer) {
          buf(idx) = u(z, y, x);
          buf(idx + count) = v(z, y, x);
        } else {
          u(z, y, x) = buf(idx);
          v(z, y, x) = buf(idx + count);
        }
      });
}

}  // namespace

HaloExchange::HaloExchange(const Decomposition& dec, bool diagonals, bool gpu_aware) : comm_(dec.comm()) {
  const int zr = dec.dims() == 3 ? 1 : 0;
  for (int oz = -zr; oz <= zr; ++oz)
    for (int oy = -1; oy <= 1; ++oy)
      for (int ox = -1; ox <= 1; ++ox) {
        const int nonzero = (ox != 0) + (oy != 0) + (oz != 0);
        if (nonzero == 0 || (nonzero > 1 && !diagonals)) continue;
        const int o[3] = {ox, oy, oz};
        Message m;
        m.peer_send = dec.neighbor(ox, oy, oz);
        m.peer_recv = m.peer_send;  // the ghosts on side o come from the neighbour on side o
        m.tag_send = direction_index(ox, oy, oz);
        m.tag_recv = direction_index(-ox, -oy, -oz);  // it sent them in direction -o
        m.send_box = side_box(dec, o, false);
        m.recv_box = side_box(dec, o, true);
        m.count = std::size_t(m.send_box.cells());
        GS_REQUIRE(m.count == std::size_t(m.recv_box.cells()), "halo send and receive boxes differ");
        m.offset = 2 * total_;
        total_ += m.count;
        messages_.push_back(m);
      }
  send_ = Buffer("halo_send", 2 * total_);
  recv_ = Buffer("halo_recv", 2 * total_);
  send_host_ = Kokkos::create_mirror_view(send_);
  recv_host_ = Kokkos::create_mirror_view(recv_);
  staged_ = !gpu_aware && send_host_.data() != send_.data();
  send_mpi_ = staged_ ? send_host_.data() : send_.data();
  recv_mpi_ = staged_ ? recv_host_.data() : recv_.data();
  requests_.resize(2 * messages_.size());
}

void HaloExchange::pack(const Field& u, const Field& v) {
  for (const auto& m : messages_) copy_box<true>(u, v, send_, m.send_box, m.offset, m.count);
}

void HaloExchange::unpack(const Field& u, const Field& v) {
  for (const auto& m : messages_) copy_box<false>(u, v, recv_, m.recv_box, m.offset, m.count);
}

void HaloExchange::begin(const Field& u, const Field& v) {
  GS_REQUIRE(!in_flight_, "halo exchange begun twice");
  const std::size_t n = messages_.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto& m = messages_[i];
    GS_MPI_CHECK(MPI_Irecv(recv_mpi_ + m.offset, int(2 * m.count), MPI_DOUBLE, m.peer_recv, m.tag_recv, comm_, &requests_[i]));
  }
  pack(u, v);
  if (staged_) Kokkos::deep_copy(send_host_, send_);
  Kokkos::fence();  // MPI must not read the buffer before the pack kernels finish
  for (std::size_t i = 0; i < n; ++i) {
    const auto& m = messages_[i];
    GS_MPI_CHECK(MPI_Isend(send_mpi_ + m.offset, int(2 * m.count), MPI_DOUBLE, m.peer_send, m.tag_send, comm_, &requests_[n + i]));
  }
  in_flight_ = true;
}

void HaloExchange::finish(const Field& u, const Field& v) {
  GS_REQUIRE(in_flight_, "halo exchange finished without begin");
  GS_MPI_CHECK(MPI_Waitall(int(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE));
  in_flight_ = false;
  if (staged_) Kokkos::deep_copy(recv_, recv_host_);
  unpack(u, v);
}

}  // namespace gs
