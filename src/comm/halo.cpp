#include "comm/halo.hpp"

#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#endif

#include <memory>
#include <type_traits>
#include <utility>

#include "comm/mpi_real.hpp"
#include "core/error.hpp"

namespace gs {

// The boxes of all messages, laid end to end: message m holds the flat cell
// indices [first[m], first[m + 1]) and the x rows [row_first[m],
// row_first[m + 1]). Its buffer slice starts at 2 first[m] and holds u of its
// cells, then v (so one MPI message carries both). For the messages a rank
// sends to itself, `shift` is the periodic offset from a ghost cell to the
// owned cell it copies.
struct HaloBoxTable {
  static constexpr int kMaxMessages = 26;
  std::size_t first[kMaxMessages + 1] = {};
  std::size_t row_first[kMaxMessages + 1] = {};
  int lo[kMaxMessages][3] = {};
  int nx[kMaxMessages] = {}, ny[kMaxMessages] = {};
  int shift[kMaxMessages][3] = {};

  // Message, then the (z, y) of x row `row` and the box index of its first
  // cell: the search and the div/mod are paid once per row, not once per cell.
  KOKKOS_INLINE_FUNCTION int locate_row(std::size_t row, int& z, int& y, std::size_t& r0) const {
    int m = 0;
    while (row >= row_first[m + 1]) ++m;
    const std::size_t r = row - row_first[m];
    y = lo[m][1] + int(r % std::size_t(ny[m]));
    z = lo[m][2] + int(r / std::size_t(ny[m]));
    r0 = r * std::size_t(nx[m]);
    return m;
  }
};

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

using RowTeam = Kokkos::TeamPolicy<ExecSpace>::member_type;

// One team per x row of every message box, its threads along x: one kernel
// for all messages, contiguous in x on the host and coalesced on a GPU.
// copy_row(table, m, z, y, x, r) moves cell (z, y, x), cell r of message m's box.
template <class CopyRow>
void for_each_row(const char* name, const HaloBoxTable& table, std::size_t rows, const CopyRow& copy_row) {
  Kokkos::parallel_for(
      name, Kokkos::TeamPolicy<ExecSpace>(int(rows), Kokkos::AUTO), KOKKOS_LAMBDA(const RowTeam& team) {
        int z, y;
        std::size_t r0;
        const int m = table.locate_row(std::size_t(team.league_rank()), z, y, r0);
        const int x0 = table.lo[m][0];
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, table.nx[m]),
                             [&](int i) { copy_row(table, m, z, y, x0 + i, r0 + std::size_t(i)); });
      });
}

template <bool ToBuffer>
void copy_boxes(const State& s, const Buffer& buf, const HaloBoxTable& table, std::size_t rows) {
  const Field u = s.u, v = s.v;
  // for each message m, for (z, y, x) in its box (cell r of the box):
  //   buf[2 first[m] + r] <-> u(z, y, x);  buf[2 first[m] + count[m] + r] <-> v(z, y, x)
  for_each_row(ToBuffer ? "halo_pack" : "halo_unpack", table, rows,
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

// The periodic wrap onto the rank itself (every dimension with one rank along
// it): ghost (z, y, x) <- owned (z - sz, y - sy, x - sx), one kernel for all
// such boxes. No buffer and no MPI message: half the memory traffic of a pack,
// a self-send and an unpack, and the ghosts are ready before the inner kernel.
void copy_periodic_self(const State& s, const HaloBoxTable& table, std::size_t rows) {
  const Field u = s.u, v = s.v;
  for_each_row("halo_periodic_self", table, rows,
               KOKKOS_LAMBDA(const HaloBoxTable& t, int m, int z, int y, int x, std::size_t) {
    const int* d = t.shift[m];
    u(z, y, x) = u(z - d[2], y - d[1], x - d[0]);
    v(z, y, x) = v(z - d[2], y - d[1], x - d[0]);
  });
}

// On CPUs each row of copy_periodic_x touches four cache lines a row apart
// from the last: latency-bound misses (2/3 of that copy's time on one rank in
// 3D). Asks for the lines of the row kPrefetchRows ahead; nothing on a GPU.
// A function, so that the kernel's lambda captures the same on host and device.
KOKKOS_INLINE_FUNCTION void prefetch_row_ends(const Field& u, const Field& v, std::size_t row, std::size_t rows, int y0,
                                              int ny, int z0, int x0, int x1, int g) {
#if !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
  constexpr std::size_t kPrefetchRows = 16;
  if (row + kPrefetchRows >= rows) return;
  const std::size_t ahead = row + kPrefetchRows;
  const int y = y0 + int(ahead % std::size_t(ny)), z = z0 + int(ahead / std::size_t(ny));
  __builtin_prefetch(&u(z, y, x0 - g), 1);
  __builtin_prefetch(&u(z, y, x1 - g), 1);
  __builtin_prefetch(&v(z, y, x0 - g), 1);
  __builtin_prefetch(&v(z, y, x1 - g), 1);
#else
  (void)u, (void)v, (void)row, (void)rows, (void)y0, (void)ny, (void)z0, (void)x0, (void)x1, (void)g;
#endif
}

// The x faces of the wrap onto the rank itself, both ends of a row together:
// each (z, y) row reads and writes its own first and last cache lines once,
// where two face boxes visited one after the other each touched both. `g`
// ghost layers; the owned row holds at least g cells (Decomposition checks).
void copy_periodic_x(const State& s, const IndexBox& owned, int g) {
  const Field u = s.u, v = s.v;
  const int x0 = owned.lo[0], x1 = owned.hi[0], y0 = owned.lo[1], ny = owned.hi[1] - owned.lo[1], z0 = owned.lo[2];
  const std::size_t rows = std::size_t(ny) * std::size_t(owned.hi[2] - z0);
  // for (z, y) in owned rows, i < g: f(z, y, x0 - g + i) = f(z, y, x1 - g + i);  f(z, y, x1 + i) = f(z, y, x0 + i)
  Kokkos::parallel_for(
      "halo_periodic_x", Kokkos::RangePolicy<ExecSpace>(0, rows),
      KOKKOS_LAMBDA(std::size_t row) {
        const int y = y0 + int(row % std::size_t(ny)), z = z0 + int(row / std::size_t(ny));
        prefetch_row_ends(u, v, row, rows, y0, ny, z0, x0, x1, g);
        for (int i = 0; i < g; ++i) {
          u(z, y, x0 - g + i) = u(z, y, x1 - g + i);
          u(z, y, x1 + i) = u(z, y, x0 + i);
          v(z, y, x0 - g + i) = v(z, y, x1 - g + i);
          v(z, y, x1 + i) = v(z, y, x0 + i);
        }
      });
}

// Message `slot` starts at cell `first` and row `row_first`; returns its rows.
std::size_t fill_table(HaloBoxTable& table, int slot, std::size_t first, std::size_t row_first, const IndexBox& box) {
  table.first[slot] = first;
  table.row_first[slot] = row_first;
  for (int d = 0; d < 3; ++d) table.lo[slot][d] = box.lo[d];
  table.nx[slot] = box.hi[0] - box.lo[0];
  table.ny[slot] = box.hi[1] - box.lo[1];
  return std::size_t(table.ny[slot]) * std::size_t(box.hi[2] - box.lo[2]);
}

}  // namespace

HaloExchange::HaloExchange(const Decomposition& dec, bool diagonals, bool gpu_aware)
    : comm_(dec.comm()), ghost_x_(dec.ghost(0)) {
  // Wider ghosts serve several stages per exchange, and after two stages even
  // a 5- or 7-point stencil's dependency cone reaches the diagonal ghosts.
  diagonals = diagonals || dec.ghost(0) > 1;
  int my_rank = 0;
  GS_MPI_CHECK(MPI_Comm_rank(comm_, &my_rank));
  self_table_ = std::make_shared<HaloBoxTable>();
  owned_ = dec.owned();
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
        ++message_count_;
        if (m.peer_send == my_rank && ox != 0 && oy == 0 && oz == 0) {
          wrap_x_ = true;  // both x faces: copy_periodic_x
          continue;
        }
        if (m.peer_send == my_rank) {
          // Along every dimension where the box sticks out, the neighbour is this
          // rank: only a single rank lies along it, so the source is one period away.
          self_rows_ += fill_table(*self_table_, self_messages_, self_total_, self_rows_, m.recv_box);
          for (int d = 0; d < 3; ++d) self_table_->shift[self_messages_][d] = o[d] * int(dec.local_n()[d]);
          ++self_messages_;
          self_total_ += m.count;
          continue;
        }
        m.offset = 2 * total_;
        total_ += m.count;
        messages_.push_back(m);
      }
  GS_REQUIRE(messages_.size() <= std::size_t(HaloBoxTable::kMaxMessages), "more halo messages than the pack table holds");
  send_table_ = std::make_shared<HaloBoxTable>();
  recv_table_ = std::make_shared<HaloBoxTable>();
  for (std::size_t i = 0; i < messages_.size(); ++i) {
    const auto& m = messages_[i];
    // Send and receive boxes have the same shape, so the same rows.
    fill_table(*send_table_, int(i), m.offset / 2, rows_, m.send_box);
    rows_ += fill_table(*recv_table_, int(i), m.offset / 2, rows_, m.recv_box);
  }
  for (std::size_t i = messages_.size(); i <= std::size_t(HaloBoxTable::kMaxMessages); ++i) {
    send_table_->first[i] = recv_table_->first[i] = total_;
    send_table_->row_first[i] = recv_table_->row_first[i] = rows_;
  }
  for (int i = self_messages_; i <= HaloBoxTable::kMaxMessages; ++i) {
    self_table_->first[i] = self_total_;
    self_table_->row_first[i] = self_rows_;
  }
  GS_REQUIRE(total_ == message_cells(dec, diagonals), "halo buffer size differs from message_cells()");
  send_ = Buffer("halo_send", 2 * total_);
  recv_ = Buffer("halo_recv", 2 * total_);
  if (gpu_aware && !mpi_takes_field_memory())
    throw InputError("parallel.gpu_aware_mpi = true, but this MPI library is not CUDA-aware "
                     "(MPIX_Query_cuda_support() = 0, or no way to ask it); set parallel.gpu_aware_mpi = false");
  staged_ = stages_through_host(gpu_aware);
  if (staged_) {
    send_host_ = StagingBuffer(Kokkos::view_alloc(Kokkos::WithoutInitializing, "halo_send_host"), 2 * total_);
    recv_host_ = StagingBuffer(Kokkos::view_alloc(Kokkos::WithoutInitializing, "halo_recv_host"), 2 * total_);
  }
  send_mpi_ = staged_ ? send_host_.data() : send_.data();
  recv_mpi_ = staged_ ? recv_host_.data() : recv_.data();
  requests_.resize(2 * messages_.size());
}

std::size_t HaloExchange::message_cells(const Decomposition& dec, bool diagonals) {
  // The constructor's walk over the neighbour boxes, keeping only the sizes of
  // those that travel by message (a neighbour that is this rank is a copy).
  diagonals = diagonals || dec.ghost(0) > 1;
  const int my_rank = dec.rank();
  const int zr = dec.dims() == 3 ? 1 : 0;
  std::size_t cells = 0;
  for (int oz = -zr; oz <= zr; ++oz)
    for (int oy = -1; oy <= 1; ++oy)
      for (int ox = -1; ox <= 1; ++ox) {
        const int nonzero = (ox != 0) + (oy != 0) + (oz != 0);
        if (nonzero == 0 || (nonzero > 1 && !diagonals)) continue;
        if (dec.neighbor(ox, oy, oz) == my_rank) continue;
        const int o[3] = {ox, oy, oz};
        cells += std::size_t(side_box(dec, o, false).cells());
      }
  return cells;
}

bool HaloExchange::stages_through_host(bool gpu_aware) {
  constexpr bool host_fields = Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemSpace>::accessible;
  return !gpu_aware && !host_fields;
}

bool HaloExchange::mpi_takes_field_memory() {
  if (Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemSpace>::accessible) return true;
#if defined(KOKKOS_ENABLE_CUDA) && defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  // Compiled with CUDA support; the library loaded at run time must agree.
  return MPIX_Query_cuda_support() == 1;
#else
  return false;
#endif
}

void HaloExchange::pack(const State& s) {
  if (total_) copy_boxes<true>(s, send_, *send_table_, rows_);
}

void HaloExchange::unpack(const State& s) {
  if (total_) copy_boxes<false>(s, recv_, *recv_table_, rows_);
}

void HaloExchange::begin(const State& s) {
  GS_REQUIRE(!in_flight_, "halo exchange begun twice");
  const std::size_t n = messages_.size();
  if (unpack_pending_) {
    Kokkos::fence();
    unpack_pending_ = false;
  }
  if (wrap_x_) copy_periodic_x(s, owned_, ghost_x_);
  if (self_total_) copy_periodic_self(s, *self_table_, self_rows_);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& m = messages_[i];
    GS_MPI_CHECK(MPI_Irecv(recv_mpi_ + m.offset, int(2 * m.count), mpi_real(), m.peer_recv, m.tag_recv, comm_, &requests_[i]));
  }
  pack(s);
  if (staged_) Kokkos::deep_copy(send_host_, send_);
  Kokkos::fence();  // MPI must not read the buffer before the pack kernels finish
  for (std::size_t i = 0; i < n; ++i) {
    const auto& m = messages_[i];
    GS_MPI_CHECK(MPI_Isend(send_mpi_ + m.offset, int(2 * m.count), mpi_real(), m.peer_send, m.tag_send, comm_, &requests_[n + i]));
  }
  in_flight_ = true;
}

void HaloExchange::finish(const State& s) {
  GS_REQUIRE(in_flight_, "halo exchange finished without begin");
  GS_MPI_CHECK(MPI_Waitall(int(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE));
  in_flight_ = false;
  if (staged_) Kokkos::deep_copy(recv_, recv_host_);
  unpack(s);
  unpack_pending_ = true;
}

}  // namespace gs
