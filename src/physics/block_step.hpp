#pragma once
// A block of stages between two deep-halo exchanges (parallel.halo_depth):
// the stage levels of several time steps, each computing a box that shrinks by
// the stencil's reach, in one call. The level-by-level form is the reference;
// the fused forms (a wavefront that keeps the levels in cache on CPUs, x-y
// tiles streamed along z on GPUs) must leave exactly the same bits.
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

// The buffers level j of a block reads and writes, as indices (0: a, 1: b):
// the one statement of the roles listed below, which every form follows.
struct LevelBuffers {
  int in, base, out;
  bool average;
};
KOKKOS_INLINE_FUNCTION LevelBuffers level_buffers(bool heun, int j) {
  if (j % 2 == 0) return {0, 0, 1, false};
  return heun ? LevelBuffers{1, 0, 0, true} : LevelBuffers{1, 1, 0, false};
}

// Runs the plan on the two buffers a and b, which play fixed roles per level:
//   Euler, level j:    out = in + dt f(in), in = a and out = b for even j, swapped for odd j
//                      (after L levels the state is in a for even L, in b for odd L);
//   Heun, level 2s:    b = a + dt f(a);
//         level 2s+1:  a = (a + (b + dt f(b))) / 2        (the state is in a).
// Every form leaves, in every cell of a and b that the level-by-level run
// writes, the same bits as that run; cells no level writes are unchanged.
// A parameter map (p.F_map, p.k_map) must be valid over every box.
void gray_scott_block(Stencil stencil, const ReactionDiffusion& p, const BlockPlan& plan, const State& a,
                      const State& b, BlockForm form = BlockForm::Auto);

// The form gray_scott_block runs for `requested`: Auto is Levels for a plan of
// one level, else Wavefront on host execution spaces (in 2D only with one
// thread: a row per slice leaves the other threads idle) and Tiles on devices
// in 3D, else Levels. Wavefront and Tiles need one box per level, each box
// grown by one cell inside the one before; other plans run as Levels, as does
// Wavefront on a device build and Tiles beyond 16 levels. Never returns Auto.
BlockForm resolve_block_form(Stencil stencil, const BlockPlan& plan, BlockForm requested);

}  // namespace gs
