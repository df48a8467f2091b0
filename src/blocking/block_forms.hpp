// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The fused forms of a block of stages behind gray_scott_block
// (src/blocking/block_step.hpp): the plan shape they accept, the CPU wavefront
// and the GPU tiles. Internal to src/blocking/ and its tests; the time loop
// (driver/stepper.cpp) calls gray_scott_block only.
#include <array>
#include <vector>

#include "blocking/block_step.hpp"

namespace gs {

// Wavefront: one sweep over the outermost dimension with ghosts (z in 3D, y in
// 2D); in sweep step p, level j (ascending) computes its slice p - j when that
// lies in its box, with the row kernel of gray_scott_stage. In 3D the planes
// are cut into bands of `rows_per_band` rows of y (0: as many as keep the
// sweep's slices in a core's share of the L3 cache), skewed by one row per
// level, each band swept through all levels in turn. Host execution spaces
// only (it calls the row kernel from host code). With several threads and
// rows_per_band = 0, one team of all threads sweeps with levels skewed by two
// slices, each thread taking a share of every level and one barrier per sweep
// step (block_wavefront.cpp, sweep_threaded); with rows_per_band given, the
// bands as above, threads sharing the rows of each slice (the tests' form).
template <class Real>
void run_wavefront(Stencil stencil, const ReactionDiffusion<Real>& p, Integrator integrator,
                   const std::vector<IndexBox>& boxes, const State<Real>& a, const State<Real>& b, int rows_per_band = 0);

// The tiles of the Tiles form: cells along x and y (3D; y is ignored in 2D,
// where a tile spans the box's one z plane) and slices along the sweep
// dimension per team (0: the whole box); threads per team (0: Kokkos::AUTO,
// the size Kokkos recommends; the tests ask for 2 and 4 on threaded host
// backends, where AUTO gives one thread per team).
struct TileShape {
  int x = 16, y = 16, sweep = 32, team = 0;
};

// The levels of a block the Tiles form keeps at most (Heun with halo_depth 8).
constexpr int kMaxTileLevels = 16;

// Tiles: a TeamPolicy kernel, one team per tile of level 0's box; the team
// streams its tile (widened by L - 1 - j cells for level j) along the sweep
// dimension, keeping three slices of each level in team scratch, and writes
// the cells of its own tile at every level to a and b. The state on entry is
// read from a copy, because other teams overwrite a while this one still
// reads it. Requires boxes.size() <= kMaxTileLevels.
template <class Real>
void run_tiles(Stencil stencil, const ReactionDiffusion<Real>& p, Integrator integrator,
               const std::vector<IndexBox>& boxes, const State<Real>& a, const State<Real>& b, const TileShape& tile);

// The team scratch run_tiles asks Kokkos for (the memory check counts it):
// bytes per team, at `level` (0: team-shared memory, 1: the device's global
// memory), for `league` tiles run by teams of `team_size` threads (the size
// Kokkos picks for Kokkos::AUTO).
struct TilesScratch {
  std::size_t per_team = 0;
  int level = 0;
  long league = 0;
  int team_size = 1;
};
template <class Real>
TilesScratch tiles_scratch(Stencil stencil, bool mapped, const std::vector<IndexBox>& boxes, const TileShape& tile);

// The copy of the state run_tiles reads at level 0, kept from its first call:
// u and v of a field of `extent` (z, y, x).
BufferSpecs tiles_entry_buffers(const std::array<std::size_t, 3>& extent, std::size_t value_bytes);

}  // namespace gs
