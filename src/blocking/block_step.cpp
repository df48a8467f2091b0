// gray_scott_block: the level-by-level reference form, the check of which
// plans the fused forms accept, and the choice among the forms.
#include "blocking/block_step.hpp"

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
    for (const IndexBox& box : plan.levels[j])
      gray_scott_stage(stencil, p, box, r.kind, StageRegisters<Real>{*buffer[r.in], *buffer[r.base], {}, {}, *buffer[r.out]});
  }
}

}  // namespace

LevelTable level_table(Integrator integrator, int levels) {
  GS_REQUIRE(blocks_supported(integrator), "the block forms do not run this integrator");
  GS_REQUIRE(levels >= 0 && levels <= kMaxBlockLevels, "a block has at most kMaxBlockLevels levels");
  const Scheme scheme = make_scheme(integrator, 0);
  GS_REQUIRE(scheme.registers == 2, "the block forms hold two registers");
  LevelTable t;
  t.count = levels;
  int name[2] = {0, 1};  // register -> buffer (0: a, 1: b) in the current step
  for (int j = 0; j < levels; ++j) {
    const int stage = j % scheme.stages();
    const StageRoles& r = scheme.roles[std::size_t(stage)];
    // A kind without a base reads none; the in buffer stands in for it.
    t.level[j] = {name[r.in], name[r.base >= 0 ? r.base : r.in], name[r.out], r.kind};
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

}  // namespace gs
