// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// gray_scott_block: the level-by-level reference form, the check of which
// plans the fused forms accept, and the choice among the forms.
#include "blocking/block_step.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "numerics/stencil_taps.hpp"
#include "blocking/block_forms.hpp"
#include "blocking/block_plans.hpp"
#include "physics/cell_update.hpp"

namespace gs {

namespace {

template <class Real>
void run_levels(Stencil stencil, const ReactionDiffusion<Real>& p, const BlockPlan& plan, const State<Real>& a,
                const State<Real>& b) {
  // Serial form of a block:
  // for level j: for box in levels[j]: one stage over box with the roles above.
  const State<Real>* buffer[2] = {&a, &b};
  const LevelTable table = level_table(plan.integrator, int(plan.levels.size()));
  for (std::size_t j = 0; j < plan.levels.size(); ++j) {
    const LevelBuffers r = table[int(j)];
    const ReactionDiffusion<Real> stage = p.with_stage(r.weights);
    for (const IndexBox& box : plan.levels[j])
      gray_scott_stage(stencil, stage, box, r.kind, StageRegisters<Real>{*buffer[r.in], *buffer[r.base], {}, {}, *buffer[r.out]});
  }
}

}  // namespace

LevelTable level_table(Integrator integrator, int levels) {
  GS_REQUIRE(levels >= 0 && levels <= kMaxBlockLevels, "a block has at most kMaxBlockLevels levels");
  GS_REQUIRE(blocks_supported(integrator), "the block forms do not run this integrator");
  const Scheme scheme = make_scheme(integrator);
  LevelTable t;
  t.count = levels;
  int name[2] = {0, 1};  // register -> buffer (0: a, 1: b) in the current step
  for (int j = 0; j < levels; ++j) {
    const int stage = j % scheme.stages();
    const StageRoles& r = scheme.roles[std::size_t(stage)];
    // A kind without a base reads none; the in buffer stands in for it.
    t.level[j] = {name[r.in], name[r.base >= 0 ? r.base : r.in], name[r.out], r.kind, scheme.weights[std::size_t(stage)]};
    if (stage + 1 == scheme.stages() && scheme.result != 0) std::swap(name[0], name[scheme.result]);
  }
  t.state_in_b = name[0] == 1;
  return t;
}

BlockForm resolve_block_form(Stencil stencil, const BlockPlan& plan, BlockForm requested) {
  const int dims = stencil_dims(stencil);
  std::vector<IndexBox> boxes;
  if (requested == BlockForm::Levels || !nested_boxes(plan, dims, boxes)) return BlockForm::Levels;
  if (requested == BlockForm::Auto) {
    if (boxes.size() < 2) return BlockForm::Levels;
    if (kHostExecution) return BlockForm::Wavefront;
    return dims == 3 && boxes.size() <= std::size_t(kMaxTileLevels) ? BlockForm::Tiles : BlockForm::Levels;
  }
  // The wavefront calls the row kernel from host code: on a device build it
  // would compute nothing, so asking for it is a program error, not a fallback.
  GS_REQUIRE(requested != BlockForm::Wavefront || kHostExecution,
             "the wavefront block form runs on host execution spaces only (this build runs kernels on a device)");
  if (requested == BlockForm::Wavefront) return BlockForm::Wavefront;
  return boxes.size() <= std::size_t(kMaxTileLevels) ? BlockForm::Tiles : BlockForm::Levels;
}

template <class Real>
void gray_scott_block(Stencil stencil, const ReactionDiffusion<Real>& p, const BlockPlan& plan, const State<Real>& a,
                      const State<Real>& b, BlockForm form) {
  std::vector<IndexBox> boxes;
  switch (resolve_block_form(stencil, plan, form)) {
    case BlockForm::Wavefront:
      nested_boxes(plan, stencil_dims(stencil), boxes);
      run_wavefront(stencil, p, plan.integrator, boxes, a, b);
      break;
    case BlockForm::Tiles:
      nested_boxes(plan, stencil_dims(stencil), boxes);
      run_tiles(stencil, p, plan.integrator, boxes, a, b, TileShape{});
      break;
    default: run_levels(stencil, p, plan, a, b); break;
  }
}

template void gray_scott_block(Stencil, const ReactionDiffusion<float>&, const BlockPlan&, const State<float>&,
                               const State<float>&, BlockForm);
template void gray_scott_block(Stencil, const ReactionDiffusion<double>&, const BlockPlan&, const State<double>&,
                               const State<double>&, BlockForm);

BufferSpecs block_buffers(const SimConfig& cfg, const Decomposition& dec, BlockForm form) {
  const int depth = dec.halo_depth();
  if (depth <= 1) return {};
  const Stencil stencil = cfg.grid.stencil;
  const int stages = cfg.time.stages_per_step();
  const bool mapped = cfg.physics.map != ParameterMapType::None;
  double scratch = 0;
  bool tiles = false;
  for (int n = 1; n <= depth; ++n) {
    const BlockPlans plans = make_block_plans(dec, cfg.time.integrator, n * stages);
    for (const BlockPlan* plan : {&plans.inner, &plans.shell}) {
      if (resolve_block_form(stencil, *plan, form) != BlockForm::Tiles) continue;
      tiles = true;
      std::vector<IndexBox> boxes;
      nested_boxes(*plan, dec.dims(), boxes);
      const TilesScratch s = cfg.grid.precision == Precision::Float ? tiles_scratch<float>(stencil, mapped, boxes, TileShape{})
                                                                    : tiles_scratch<double>(stencil, mapped, boxes, TileShape{});
      // Where Kokkos keeps team scratch: on host backends its own host buffer,
      // one team's worth for each thread of the pool; on a device, level 0 is
      // on-chip shared memory, and level 1 a global buffer for as many teams
      // as the device runs at once (concurrency / team size, Kokkos' sizing
      // of it; not measured here: no device build runs these tests).
      double bytes = 0;
      if (kHostExecution)
        bytes = double(s.per_team) * double(ExecSpace().concurrency());
      else if (s.level == 1)
        bytes = double(s.per_team) * double(ExecSpace().concurrency() / std::max(1, s.team_size));
      scratch = std::max(scratch, bytes);
    }
  }
  if (!tiles) return {};
  const BufferSpec field = field_buffer(dec, "", bytes_of(cfg.grid.precision));
  BufferSpecs b = tiles_entry_buffers(field.extent, field.value_bytes);
  // Kokkos' own allocation: grows to the largest ask and is kept.
  if (scratch > 0)
    b.push_back({kTeamScratchLabel, {std::size_t(scratch), 1, 1}, 1, kHostExecution && !kFieldsOnHost ? BufferHome::Host : BufferHome::Field});
  return b;
}

}  // namespace gs
