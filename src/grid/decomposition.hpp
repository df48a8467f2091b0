// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Periodic Cartesian decomposition of the global grid over MPI ranks. Every
// rank count is served; remainders are spread over the first ranks of a row.
#include <mpi.h>

#include "config/config.hpp"
#include "core/types.hpp"

namespace gs {

// Ghost cells along each dimension that has ghosts: the stencil's radius for
// halo_depth 1 (an exchange per stage), else halo_depth x stages (one exchange
// per block; only for the integrators the block forms run, blocks_supported in
// numerics/integrator.hpp, and stencils of radius 1).
inline int ghost_width(int halo_depth, Integrator integrator, Stencil stencil) {
  return halo_depth <= 1 ? stencil_radius(stencil) : halo_depth * stages_per_step(integrator);
}

// parallel.halo_depth = "auto": time steps per halo exchange for this build's
// backend, given the fewest cells a rank owns along each dimension (the same
// on every rank). On a host backend (any number of threads per rank: several
// run the threaded wavefront), when a rank owns at least 64 cells per side
// and its state (u, v and their next buffers) takes at least 24 MiB, more
// than a core's share of the L3 cache: 8 stage levels per exchange in 2D (8
// Euler steps, 4 RK2 steps) and 4 in 3D (4 Euler, 2 RK2), where the wavefront
// form keeps the levels in cache. Else 1: a state in cache gains nothing and
// pays for the widened levels, and the GPU form has not run on a GPU.
// Measured in docs/history/performance-rounds.md ("The default halo_depth", and
// "Threads" for OpenMP ranks). 1 for an integrator the block forms do not
// run (rkl2). `value_bytes`: the size of one state value
// (grid.precision).
// 1 also for a stencil of radius 2 (grid.order = 4), which the block forms do not run.
int auto_halo_depth(int dims, const long smallest_local_n[3], Integrator integrator, Stencil stencil, int value_bytes);

class Decomposition {
 public:
  // Throws KeyError (an InputError naming parallel.layout, grid.n or
  // parallel.halo_depth) when the layout does not fit the rank count or the
  // grid, or a rank owns fewer cells along a dimension than the ghost width
  // (the ghosts would have to come from beyond the neighbour), or a
  // halo_depth above 1 is asked of an integrator the block forms do not run.
  // The integrator sets the ghost width (stages per step times halo_depth):
  // required, since a run's RK2 with the Euler width would be caught only
  // later, by the stepper.
  Decomposition(const GridConfig& grid, const ParallelConfig& parallel, MPI_Comm world, Integrator integrator);
  ~Decomposition();
  Decomposition(const Decomposition&) = delete;
  Decomposition& operator=(const Decomposition&) = delete;

  MPI_Comm comm() const { return cart_; }
  int rank() const { return rank_; }
  int size() const { return size_; }
  int dims() const { return dims_; }
  const int* layout() const { return layout_; }
  const int* coords() const { return coords_; }
  const long* global_n() const { return global_n_; }
  const long* local_n() const { return local_n_; }
  const long* offset() const { return offset_; }
  // Ghost width per dimension: ghost_width(halo_depth, integrator, stencil) where the
  // grid extends, 0 along z in 2D.
  int ghost(int d) const { return ghost_[d]; }
  // Time steps per halo exchange (parallel.halo_depth).
  int halo_depth() const { return halo_depth_; }
  // Rank of the neighbour displaced by (ox, oy, oz) in rank coordinates, periodic.
  int neighbor(int ox, int oy, int oz) const;
  // Owned cells in array coordinates (ghosts excluded).
  IndexBox owned() const;
  // Array extents including ghosts, ordered (x, y, z).
  int extent(int d) const { return int(local_n_[d]) + 2 * ghost_[d]; }

  // First cell and count of coordinate `c` among `parts` along a line of `n` cells.
  static long split_start(long n, int parts, int c) { return c * (n / parts) + (c < n % parts ? c : n % parts); }
  static long split_count(long n, int parts, int c) { return n / parts + (c < n % parts ? 1 : 0); }

 private:
  MPI_Comm cart_ = MPI_COMM_NULL;
  int rank_ = 0, size_ = 1, dims_ = 2;
  int layout_[3] = {1, 1, 1};
  int coords_[3] = {0, 0, 0};
  long global_n_[3] = {1, 1, 1};
  long local_n_[3] = {1, 1, 1};
  long offset_[3] = {0, 0, 0};
  int ghost_[3] = {1, 1, 0};
  int halo_depth_ = 1;
};

}  // namespace gs
