#include "physics/block_step.hpp"

namespace gs {

namespace {

void run_levels(Stencil stencil, const ReactionDiffusion& p, const BlockPlan& plan, const State& a, const State& b) {
  // Serial form of a block:
  // for level j: for box in levels[j]: one stage over box with the roles above.
  const bool euler = plan.integrator == Integrator::Euler;
  for (std::size_t j = 0; j < plan.levels.size(); ++j) {
    for (const IndexBox& box : plan.levels[j]) {
      if (euler)
        j % 2 == 0 ? gray_scott_stage(stencil, p, box, a, a, b, false) : gray_scott_stage(stencil, p, box, b, b, a, false);
      else
        j % 2 == 0 ? gray_scott_stage(stencil, p, box, a, a, b, false) : gray_scott_stage(stencil, p, box, b, a, a, true);
    }
  }
}

}  // namespace

void gray_scott_block(Stencil stencil, const ReactionDiffusion& p, const BlockPlan& plan, const State& a,
                      const State& b, BlockForm /*form*/) {
  run_levels(stencil, p, plan, a, b);
}

}  // namespace gs
