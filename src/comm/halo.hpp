#pragma once
// Periodic halo exchange of (u, v) for the decomposition's ghost width. Faces
// always; edges and corners too when the stencil reads diagonal neighbours or
// the ghosts are wider than one cell (parallel.halo_depth > 1). Packing and unpacking
// are Kokkos kernels into buffers allocated once; begin() posts the messages and
// finish() completes them, so interior work can run in between.
#include <mpi.h>

#include <memory>
#include <vector>

#include "core/types.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

#if defined(KOKKOS_ENABLE_CUDA)
using StagingSpace = Kokkos::CudaHostPinnedSpace;
#elif defined(KOKKOS_ENABLE_HIP)
using StagingSpace = Kokkos::Experimental::HIPHostPinnedSpace;
#else
using StagingSpace = Kokkos::HostSpace;
#endif

struct HaloBoxTable;

class HaloExchange {
 public:
  // gpu_aware: hand device buffers to MPI; otherwise stage through pinned host
  // copies (a no-op when the execution space already works in host memory).
  // Throws InputError for gpu_aware when MPI cannot take device buffers.
  HaloExchange(const Decomposition& dec, bool diagonals, bool gpu_aware);

  // Whether MPI may be handed pointers to field memory: always for host memory,
  // for CUDA memory only when the MPI library says it is CUDA-aware at run time.
  static bool mpi_takes_field_memory();

  void begin(const State& s);
  void finish(const State& s);
  void exchange(const State& s) {
    begin(s);
    finish(s);
  }

  // Every neighbour box, whether it travels over MPI or is a copy within the rank.
  int message_count() const { return message_count_; }
  // Bytes this rank sends over MPI per exchange (the copies to itself excluded).
  long long bytes_per_exchange() const { return (long long)total_ * 2 * (long long)sizeof(Real); }

  // Without building one: the cells per field that an exchange of `dec` sends
  // to other ranks (each of the send and receive buffers holds u and v of
  // them), and whether it stages them through the host copies. The memory
  // check (driver/run_memory.hpp) counts the buffers from these; the
  // constructor sizes them from the same answers.
  static std::size_t message_cells(const Decomposition& dec, bool diagonals);
  static bool stages_through_host(bool gpu_aware);

 private:
  struct Message {
    int peer_send, peer_recv;  // rank we send to (direction o) / receive from (side o)
    int tag_send, tag_recv;
    IndexBox send_box, recv_box;
    std::size_t offset, count;  // in cells; u at offset, v at offset + count, both x2 layout
  };

  void pack(const State& s);
  void unpack(const State& s);

  MPI_Comm comm_;
  std::vector<Message> messages_;  // to and from other ranks
  std::size_t total_ = 0, rows_ = 0;  // cells and x rows of all messages
  int message_count_ = 0;
  // Ghost boxes filled from this rank's own cells (periodic wrap with one rank along a dimension).
  std::shared_ptr<HaloBoxTable> self_table_;
  int self_messages_ = 0;
  std::size_t self_total_ = 0, self_rows_ = 0;
  bool wrap_x_ = false;  // the x faces are a copy within the rank (kept out of self_table_)
  int ghost_x_ = 1;      // ghost layers along x
  IndexBox owned_;
  std::shared_ptr<HaloBoxTable> send_table_, recv_table_;  // message boxes for the pack / unpack kernels
  Buffer send_, recv_;
  // Page-locked where the backend has such memory, so the copies to and from
  // the device run at full speed and without an extra bounce buffer.
  using StagingBuffer = Kokkos::View<Real*, StagingSpace>;
  StagingBuffer send_host_, recv_host_;
  Real* send_mpi_ = nullptr;
  Real* recv_mpi_ = nullptr;
  bool staged_ = false;
  std::vector<MPI_Request> requests_;
  bool in_flight_ = false;
  // The unpack kernel may still run after finish() returns; the next begin()
  // waits for it before MPI writes into the receive buffer again.
  bool unpack_pending_ = false;
};

}  // namespace gs
