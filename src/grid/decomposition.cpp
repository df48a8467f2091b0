// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "grid/decomposition.hpp"

#include <algorithm>
#include <string>
#include <type_traits>

#include "core/error.hpp"

namespace gs {

namespace {

// Refuses a ghost width some rank cannot serve from its own cells: the halo
// exchange (and the periodic copy with one rank along a dimension) takes the
// ghosts from the neighbour's owned cells only. The smallest extent along d is
// the floor of n / ranks, the same on every rank, so all ranks decide alike.
void check_ghost_width(const long* global_n, const int* layout, int dims, int halo_depth, Integrator integrator, Stencil stencil) {
  const int g = ghost_width(halo_depth, integrator, stencil);
  for (int d = 0; d < dims; ++d) {
    const long smallest = global_n[d] / layout[d];
    if (smallest >= g) continue;
    if (halo_depth <= 1)
      throw KeyError("grid.n", "value " + std::to_string(global_n[d]) + " over " + std::to_string(layout[d]) + " ranks along " + "xyz"[d] +
                                   " leaves a rank " + std::to_string(smallest) + " cells, fewer than the " + std::to_string(g) +
                                   " ghost cells the " + stencil_name(stencil) + " stencil reads; use fewer ranks or a larger grid");
    const int stages = stages_per_step(integrator);
    // The largest depth whose width fits along every dimension; 1 always fits
    // (one ghost layer, and every rank owns at least a cell).
    long fits = global_n[0] / layout[0] / stages;
    for (int e = 1; e < dims; ++e) fits = std::min(fits, global_n[e] / layout[e] / stages);
    fits = std::max(1L, fits);
    throw KeyError("parallel.halo_depth",
                   "value " + std::to_string(halo_depth) + " needs " + std::to_string(g) + " ghost cells (" + std::to_string(halo_depth) +
                       " steps x " + std::to_string(stages) + (stages == 1 ? " stage" : " stages") + "), more than the " + std::to_string(smallest) +
                       " cells a rank owns along " + "xyz"[d] + " (grid.n = " + std::to_string(global_n[d]) + " over " +
                       std::to_string(layout[d]) + " ranks); the largest halo_depth that fits is " + std::to_string(fits));
  }
}

}  // namespace

int auto_halo_depth(int dims, const long smallest_local_n[3], Integrator integrator, Stencil stencil, int value_bytes) {
  const int levels = dims == 2 ? 8 : 4;
  constexpr long kMinCells = 64;
  constexpr double kMinStateBytes = 24.0 * (1 << 20);
  const bool host = std::is_same_v<ExecSpace, Kokkos::DefaultHostExecutionSpace>;
  if (!host || !blocks_supported(integrator) || stencil_radius(stencil) > 1) return 1;
  double cells = 1;
  for (int d = 0; d < dims; ++d) {
    if (smallest_local_n[d] < kMinCells) return 1;
    cells *= double(smallest_local_n[d]);
  }
  // u and v, now and next: a state that stays in cache gains nothing from
  // blocking and pays for the widened levels.
  if (4 * cells * double(value_bytes) < kMinStateBytes) return 1;
  return levels / stages_per_step(integrator);
}

Decomposition::Decomposition(const GridConfig& grid, const ParallelConfig& parallel, MPI_Comm world, Integrator integrator) {
  dims_ = grid.dims;
  halo_depth_ = parallel.halo_depth;
  if (halo_depth_ < 1 && halo_depth_ != ParallelConfig::kAutoHaloDepth)
    throw KeyError("parallel.halo_depth", "must be >= 1 or \"auto\", got " + std::to_string(halo_depth_));
  if (halo_depth_ > 1 && !blocks_supported(integrator))
    throw KeyError("parallel.halo_depth", "value " + std::to_string(halo_depth_) + ": time.integrator = \"" + name_of(integrator) +
                                              "\" exchanges halos every stage; allowed: 1 or \"auto\"");
  // The block forms shrink each level's box by one cell per stage: a stencil
  // of radius 2 would need boxes that shrink by 2, and ghosts twice as wide.
  if (halo_depth_ > 1 && stencil_radius(grid.stencil) > 1)
    throw KeyError("parallel.halo_depth", "value " + std::to_string(halo_depth_) + ": grid.order = 4 (the " + stencil_name(grid.stencil) +
                                              " stencil, radius 2) exchanges halos every stage; allowed: 1 or \"auto\"");
  int world_size = 1;
  GS_MPI_CHECK(MPI_Comm_size(world, &world_size));
  int layout[3] = {parallel.layout[0], parallel.layout[1], dims_ == 3 ? parallel.layout[2] : 1};
  // 64-bit and capped, so huge entries cannot wrap; a layout without a free
  // (0) entry must use every rank, or MPI_Dims_create aborts the run.
  long long fixed = 1;
  bool free_entry = false;
  for (int d = 0; d < dims_; ++d) {
    if (layout[d] < 0)
      throw KeyError("parallel.layout", "entries must be >= 0 (0: chosen automatically), got " + std::to_string(layout[d]));
    if (layout[d] == 0) free_entry = true;
    fixed *= layout[d] > 0 ? layout[d] : 1;
    if (fixed > world_size) break;
  }
  const std::string layout_text = "[" + std::to_string(parallel.layout[0]) + ", " + std::to_string(parallel.layout[1]) +
                                  (dims_ == 3 ? ", " + std::to_string(parallel.layout[2]) : "") + "]";
  if (fixed > world_size || world_size % fixed != 0 || (!free_entry && fixed != world_size))
    throw KeyError("parallel.layout", layout_text + " does not fit the " + std::to_string(world_size) +
                                          " ranks; the product of its entries must equal the rank count (0 entries are chosen automatically)");
  // MPI_Dims_create puts the larger factors first; handing it the dimensions
  // slowest first (z, y, x) splits z (3D) or y (2D) before x. Then the row
  // kernel's x rows stay whole, the boundary shell has no one-cell-wide x slabs,
  // and the faces that travel over MPI are contiguous planes or rows, while the
  // periodic wrap along an unsplit x is a copy within the rank.
  int slow_first[3] = {0, 0, 0};
  for (int d = 0; d < dims_; ++d) slow_first[d] = layout[dims_ - 1 - d];
  GS_MPI_CHECK(MPI_Dims_create(world_size, dims_, slow_first));
  for (int d = 0; d < dims_; ++d) layout[d] = slow_first[dims_ - 1 - d];
  for (int d = 0; d < dims_; ++d) {
    if (grid.n[d] < layout[d])
      throw KeyError("grid.n", std::to_string(grid.n[d]) + " cells along " + "xyz"[d] + " cannot be shared by " +
                                   std::to_string(layout[d]) + " ranks; use fewer ranks or a larger grid");
  }
  if (halo_depth_ == ParallelConfig::kAutoHaloDepth) {
    long smallest[3] = {1, 1, 1};
    for (int d = 0; d < dims_; ++d) smallest[d] = grid.n[d] / layout[d];
    halo_depth_ = auto_halo_depth(dims_, smallest, integrator, grid.stencil, bytes_of(grid.precision));
  }
  check_ghost_width(grid.n.data(), layout, dims_, halo_depth_, integrator, grid.stencil);
  int periods[3] = {1, 1, 1};
  GS_MPI_CHECK(MPI_Cart_create(world, dims_, layout, periods, /*reorder=*/0, &cart_));
  GS_MPI_CHECK(MPI_Comm_rank(cart_, &rank_));
  GS_MPI_CHECK(MPI_Comm_size(cart_, &size_));
  GS_MPI_CHECK(MPI_Cart_coords(cart_, rank_, dims_, coords_));
  for (int d = 0; d < 3; ++d) {
    layout_[d] = d < dims_ ? layout[d] : 1;
    global_n_[d] = d < dims_ ? grid.n[d] : 1;
    local_n_[d] = split_count(global_n_[d], layout_[d], coords_[d]);
    offset_[d] = split_start(global_n_[d], layout_[d], coords_[d]);
    ghost_[d] = d < dims_ ? ghost_width(halo_depth_, integrator, grid.stencil) : 0;
  }
}

Decomposition::~Decomposition() {
  if (cart_ != MPI_COMM_NULL) MPI_Comm_free(&cart_);
}

int Decomposition::neighbor(int ox, int oy, int oz) const {
  const int off[3] = {ox, oy, oz};
  int c[3] = {0, 0, 0};
  for (int d = 0; d < dims_; ++d) c[d] = ((coords_[d] + off[d]) % layout_[d] + layout_[d]) % layout_[d];
  int r = 0;
  GS_MPI_CHECK(MPI_Cart_rank(cart_, c, &r));
  return r;
}

IndexBox Decomposition::owned() const {
  IndexBox b;
  for (int d = 0; d < 3; ++d) {
    b.lo[d] = ghost_[d];
    b.hi[d] = ghost_[d] + int(local_n_[d]);
  }
  return b;
}

}  // namespace gs
