#include "driver/block_plans.hpp"

#include "core/error.hpp"
#include "grid/regions.hpp"

namespace gs {

BlockPlans make_block_plans(const Decomposition& dec, Integrator integrator, int levels) {
  GS_REQUIRE(levels >= 1, "a block has at least one stage level");
  for (int d = 0; d < 3; ++d)
    GS_REQUIRE(dec.ghost(d) == 0 || levels <= dec.ghost(d), "a block has more stage levels than ghost layers");
  BlockPlans p;
  p.inner.integrator = p.shell.integrator = integrator;
  const IndexBox owned = dec.owned();
  for (int j = 0; j < levels; ++j) {
    int widen[3], inner_by[3];
    for (int d = 0; d < 3; ++d) {
      const bool has_ghosts = dec.ghost(d) > 0;
      widen[d] = has_ghosts ? levels - 1 - j : 0;
      inner_by[d] = !has_ghosts ? 0 : dec.layout()[d] > 1 ? -(j + 1) : widen[d];
    }
    const IndexBox outer = grown(owned, widen);
    const IndexBox inner = grown(owned, inner_by);
    p.inner.levels.push_back(inner.empty() ? std::vector<IndexBox>{} : std::vector<IndexBox>{inner});
    p.shell.levels.push_back(box_difference(outer, inner));
  }
  return p;
}

}  // namespace gs
