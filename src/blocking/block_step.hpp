// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// src/blocking/: deep halos and fused time steps, in one place.
//
// What it is. With parallel.halo_depth = T the ghost layers are T stencil
// reaches wide (ghost_width, grid/decomposition.hpp) and the halo is
// exchanged once per T steps. Between two exchanges the rank runs a *block*:
// the stage levels of T steps (T for Euler, 2T for Heun; the integrators with
// blocks_supported, numerics/integrator.hpp), level j computing
// the owned box widened by L - 1 - j cells, so the last level writes exactly
// the owned cells and each level reads only what the level before wrote.
//
// The files, in the order a time step meets them:
//   block_plans.*      the boxes (pure index arithmetic): for each level, the
//                      inner part computed while the halo messages travel and
//                      the shell computed after they arrive (make_block_plans),
//                      and which plans are one nested box per level
//                      (nested_boxes), the shape the fused forms run;
//   block_step.*       this header: the plan type, the one rule of which
//                      buffer each level reads and writes (level_table, from
//                      the integrator's stage table),
//                      gray_scott_block, the choice of form and the
//                      level-by-level reference form;
//   block_forms.hpp    the fused forms' entry points, internal to the folder;
//   block_wavefront.cpp  CPU: one sweep, all levels per slice while it is in cache;
//   block_tiles.cpp    GPU (TeamPolicy): x-y tiles streamed along the sweep
//                      dimension, three slices per level in team scratch.
// The caller is driver/stepper.cpp (Stepper::block: halo begin, inner plan,
// halo finish, shell plan); the stage kernel they all run per cell is
// physics/cell_update.hpp.
//
// Which form runs. The depth: parallel.halo_depth, or for "auto"
// auto_halo_depth (grid/decomposition.cpp: blocks only on CPU ranks whose
// state is beyond cache). The form: resolve_block_form below (Levels for one
// level or plans that are not nested boxes; Wavefront on host execution
// spaces, threaded with a barrier per sweep step when a rank has several
// threads; Tiles on devices in 3D up to kMaxTileLevels; asking for Wavefront
// on a device build is an error).
//
// Why every form gives the level-by-level bits. Each cell is computed by the
// same update_cell call on the same input values in every form: the forms
// differ only in the order in which cells of *different* levels are visited,
// never in the operations of one cell. So it suffices that (1) every level
// reads, at every cell it reads, the value the level before wrote there (or
// the value on entry, for level 0 and Heun's base), and (2) no cell is
// overwritten before its last reader has read it. Levels satisfies both by
// construction (one level after another). The wavefront visits level j's slice
// q after level j - 1's slices q - 1 .. q + 1 and before level j + 2 rewrites
// slice q (the argument is written out at the top of block_wavefront.cpp; its
// threaded form, skewed by two slices per level, above sweep_threaded). The
// tiles give each team its tile widened by the reach of the later levels, so a
// team reads only its own results, keeps the entry state in a copy other teams
// cannot overwrite, and orders its ring of three slices with a team barrier
// per level (block_tiles.cpp). The inner/shell split keeps (1) and (2) across
// the two calls (block_plans.hpp). tests/unit/test_block_forms.cpp and
// test_block_plans.cpp check the bits and the read/write rule for every
// stencil, integrator, map and depth.
#include <vector>

#include "config/config.hpp"
#include "grid/fields.hpp"
#include "physics/gray_scott.hpp"

namespace gs {

// Levels: one gray_scott_stage per box and level (one pass over memory per
// stage). Wavefront: host execution spaces only. Tiles: the device form (also
// runs on host backends, for the tests). Auto: the fastest valid form for the
// backend and plan.
enum class BlockForm { Auto, Levels, Wavefront, Tiles };

// The stages of a block in order: level j (0-based) is stage j % stages of
// step j / stages (1 stage for Euler, 2 for Heun). levels[j] lists the boxes
// level j writes. Valid plans read only cells computed by the level before
// (or valid on entry, for level 0): every box of level j, grown by one cell
// along each dimension that has ghosts, lies within the cells level j - 1
// wrote (or, for j = 0, within the cells valid on entry).
struct BlockPlan {
  Integrator integrator = Integrator::Euler;
  std::vector<std::vector<IndexBox>> levels;
};

// The buffers level j of a block reads and writes, as indices (0: a, 1: b),
// and its stage kind and weights (the scheme's, per unit dt): the one
// statement of the roles listed below, which every form follows. Passed to
// kernels by value.
struct LevelBuffers {
  int in, base, out;
  StageKind kind;
  StageWeights<double> weights;
};
// Levels a block has at most: halo_depth 16 of a two-stage integrator.
constexpr int kMaxBlockLevels = 32;
struct LevelTable {
  LevelBuffers level[kMaxBlockLevels];
  int count = 0;
  bool state_in_b = false;  // after the last level, the new state is in b
  KOKKOS_INLINE_FUNCTION const LevelBuffers& operator[](int j) const { return level[j]; }
};
// The roles of `levels` levels of `integrator` (one with blocks_supported): its
// stage table (numerics/integrator.hpp) on the registers a (0) and b (1),
// renamed after each step whose result is in register 1 (Euler's swap).
LevelTable level_table(Integrator integrator, int levels);

// Runs the plan on the two buffers a and b, which play fixed roles per level:
//   Euler, level j:    out = in + dt f(in), in = a and out = b for even j, swapped for odd j
//                      (after L levels the state is in a for even L, in b for odd L);
//   Heun, level 2s:    b = a + dt f(a);
//         level 2s+1:  a = (a + (b + dt f(b))) / 2        (the state is in a),
// with p.dt and each level's weights (p's own stage weights are not read).
// Every form leaves, in every cell of a and b that the level-by-level run
// writes, the same bits as that run; cells no level writes are unchanged.
// A parameter map (p.F_map, p.k_map) must be valid over every box.
template <class Real>
void gray_scott_block(Stencil stencil, const ReactionDiffusion<Real>& p, const BlockPlan& plan, const State<Real>& a,
                      const State<Real>& b, BlockForm form = BlockForm::Auto);

// The form gray_scott_block runs for `requested`: Auto is Levels for a plan of
// one level, else Wavefront on host execution spaces (any thread count) and
// Tiles on devices in 3D, else Levels. Wavefront and Tiles need one box per level, each box
// grown by one cell inside the one before; other plans run as Levels, as does
// Wavefront on a device build and Tiles beyond 16 levels. Never returns Auto.
BlockForm resolve_block_form(Stencil stencil, const BlockPlan& plan, BlockForm requested);

// What the stepper's blocks allocate besides its registers, for the memory
// check: with halo_depth > 1 and a plan that `form` resolves to Tiles, the
// Tiles form's entry copy and the team scratch Kokkos allocates for it (under
// a label of the backend's, kTeamScratchLabel here); nothing otherwise.
inline const char* const kTeamScratchLabel = "Kokkos team scratch (block_tiles)";
BufferSpecs block_buffers(const SimConfig& cfg, const Decomposition& dec, BlockForm form);

}  // namespace gs
