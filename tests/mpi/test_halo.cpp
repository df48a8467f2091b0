// Every ghost cell, edges and corners included, holds the periodic neighbour's
// value after one exchange, for every layout of the current rank count; and
// after the stepper's fill_ghosts, for every stencil (what outputs that read
// ghosts are given, whether or not the stencil's own exchange has diagonals).
#include <gtest/gtest.h>

#include <vector>

#include "../common/test_support.hpp"
#include "comm/halo.hpp"
#include "core/error.hpp"
#include "core/timers.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {
namespace {

int world_size() {
  int n = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  return n;
}

// All (px, py[, pz]) with product = ranks.
std::vector<std::array<int, 3>> layouts(int ranks, int dims) {
  std::vector<std::array<int, 3>> out;
  for (int px = 1; px <= ranks; ++px)
    for (int py = 1; py <= ranks; ++py)
      for (int pz = 1; pz <= (dims == 3 ? ranks : 1); ++pz)
        if (px * py * pz == ranks) out.push_back({px, py, pz});
  return out;
}

double global_id(long gx, long gy, long gz, const long* n) { return double((gz * n[1] + gy) * n[0] + gx); }

// stepper: fill through Stepper::fill_ghosts of a run with `grid.stencil`
// (every ghost promised), else through a HaloExchange with or without diagonals.
void check_halo(int dims, std::array<long, 3> n, std::array<int, 3> layout, bool diagonals, bool gpu_aware,
                const Stencil* stepper = nullptr) {
  SimConfig cfg;
  GridConfig& grid = cfg.grid;
  grid.dims = dims;
  grid.n = n;
  if (stepper) grid.stencil = *stepper;
  ParallelConfig& par = cfg.parallel;
  par.layout = layout;
  par.gpu_aware_mpi = gpu_aware;
  Decomposition dec(grid, par, MPI_COMM_WORLD);
  Fields f(dec);
  const long* gn = dec.global_n();
  const long* off = dec.offset();
  const IndexBox owned = dec.owned();
  // Owned cells carry their global id (u) and its negative (v); ghosts a marker.
  test::fill_host(f.u, [&](int x, int y, int z) {
    const bool own = x >= owned.lo[0] && x < owned.hi[0] && y >= owned.lo[1] && y < owned.hi[1] && z >= owned.lo[2] && z < owned.hi[2];
    return own ? global_id(off[0] + x - owned.lo[0], off[1] + y - owned.lo[1], off[2] + z - owned.lo[2], gn) : -1e9;
  });
  auto uh = test::to_host(f.u);
  auto vh = Kokkos::create_mirror_view(f.v);
  for (std::size_t i = 0; i < uh.size(); ++i) vh.data()[i] = uh.data()[i] == -1e9 ? -1e9 : -uh.data()[i] - 1;
  Kokkos::deep_copy(f.v, vh);

  if (stepper) {
    PhaseTimers timers;
    Stepper(cfg, dec, timers).fill_ghosts(f.now());
    diagonals = true;
  } else {
    HaloExchange halo(dec, diagonals, gpu_aware);
    halo.exchange(f);
  }
  auto u = test::to_host(f.u);
  auto v = test::to_host(f.v);
  const auto wrap = [&](long g, int d) { return ((g % gn[d]) + gn[d]) % gn[d]; };
  long checked = 0;
  for (int z = 0; z < int(u.extent(0)); ++z)
    for (int y = 0; y < int(u.extent(1)); ++y)
      for (int x = 0; x < int(u.extent(2)); ++x) {
        const int outside = (x < owned.lo[0] || x >= owned.hi[0]) + (y < owned.lo[1] || y >= owned.hi[1]) +
                            (z < owned.lo[2] || z >= owned.hi[2]);
        if (outside > 1 && !diagonals) continue;  // edges/corners are only promised with diagonals
        const double expect = global_id(wrap(off[0] + x - owned.lo[0], 0), wrap(off[1] + y - owned.lo[1], 1),
                                        wrap(off[2] + z - owned.lo[2], 2), gn);
        ASSERT_EQ(u(z, y, x), expect) << "rank " << dec.rank() << " cell " << x << "," << y << "," << z << " layout "
                                      << layout[0] << "x" << layout[1] << "x" << layout[2];
        ASSERT_EQ(v(z, y, x), -expect - 1);
        ++checked;
      }
  EXPECT_GT(checked, owned.cells());
}

TEST(Halo, FillsEveryGhost2DAllLayouts) {
  for (const auto& l : layouts(world_size(), 2)) {
    check_halo(2, {13, 10, 1}, l, true, false);
    check_halo(2, {13, 10, 1}, l, false, false);
  }
}

TEST(Halo, FillsEveryGhost3DAllLayouts) {
  for (const auto& l : layouts(world_size(), 3)) {
    check_halo(3, {11, 9, 8}, l, true, false);
    check_halo(3, {11, 9, 8}, l, false, false);
  }
}

TEST(Halo, StepperFillsEveryGhostForEveryStencil) {
  for (const Stencil s : test::kAllStencils) {
    const int dims = stencil_dims(s);
    for (const auto& l : layouts(world_size(), dims))
      check_halo(dims, dims == 2 ? std::array<long, 3>{13, 10, 1} : std::array<long, 3>{11, 9, 8}, l, false, false, &s);
  }
}

TEST(Halo, DeviceBuffersToMpiGiveTheSameGhosts) {
  // Handing CUDA memory to an MPI that cannot read it would crash, not fail.
  if (!HaloExchange::mpi_takes_field_memory()) GTEST_SKIP() << "this MPI is not CUDA-aware";
  check_halo(3, {11, 9, 8}, {0, 0, 0}, true, true);
  check_halo(2, {13, 10, 1}, {0, 0, 0}, true, true);
}

TEST(Halo, GpuAwareRequestIsRefusedWhenMpiCannotTakeDeviceMemory) {
  if (HaloExchange::mpi_takes_field_memory()) GTEST_SKIP() << "fields are host memory or MPI is CUDA-aware";
  GridConfig grid;
  grid.dims = 2;
  grid.n = {16, 16, 1};
  Decomposition dec(grid, ParallelConfig{}, MPI_COMM_WORLD);
  EXPECT_THROW(HaloExchange(dec, true, true), InputError);
  EXPECT_NO_THROW(HaloExchange(dec, true, false));
}

TEST(Halo, MessageCountsFollowTheStencil) {
  for (int dims : {2, 3}) {
    GridConfig grid;
    grid.dims = dims;
    grid.n = {16, 16, dims == 3 ? 16L : 1L};
    Decomposition dec(grid, ParallelConfig{}, MPI_COMM_WORLD);
    EXPECT_EQ(HaloExchange(dec, false, false).message_count(), 2 * dims);
    EXPECT_EQ(HaloExchange(dec, true, false).message_count(), dims == 2 ? 8 : 26);
  }
}

}  // namespace
}  // namespace gs
