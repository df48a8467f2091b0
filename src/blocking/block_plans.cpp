// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "blocking/block_plans.hpp"

#include "core/error.hpp"
#include "grid/regions.hpp"

namespace gs {

BlockPlans make_block_plans(const IndexBox& owned, const int ghost[3], const bool split[3], Integrator integrator,
                            int levels) {
  GS_REQUIRE(levels >= 1, "a block has at least one stage level");
  for (int d = 0; d < 3; ++d)
    GS_REQUIRE(ghost[d] == 0 || levels <= ghost[d], "a block has more stage levels than ghost layers");
  BlockPlans p;
  p.inner.integrator = p.shell.integrator = integrator;
  for (int j = 0; j < levels; ++j) {
    int widen[3], inner_by[3];
    for (int d = 0; d < 3; ++d) {
      widen[d] = ghost[d] > 0 ? levels - 1 - j : 0;
      inner_by[d] = ghost[d] == 0 ? 0 : split[d] ? -(j + 1) : widen[d];
    }
    const IndexBox outer = grown(owned, widen);
    const IndexBox inner = grown(owned, inner_by);
    p.inner.levels.push_back(inner.empty() ? std::vector<IndexBox>{} : std::vector<IndexBox>{inner});
    p.shell.levels.push_back(box_difference(outer, inner));
  }
  return p;
}

bool nested_boxes(const BlockPlan& plan, int dims, std::vector<IndexBox>& boxes) {
  boxes.clear();
  for (std::size_t j = 0; j < plan.levels.size(); ++j) {
    if (plan.levels[j].size() != 1 || plan.levels[j][0].empty()) return boxes.clear(), false;
    const IndexBox& box = plan.levels[j][0];
    if (j > 0) {
      const IndexBox& before = boxes.back();
      for (int d = 0; d < 3; ++d) {
        const int grow = d < dims ? 1 : 0;
        if (box.lo[d] - grow < before.lo[d] || box.hi[d] + grow > before.hi[d]) return boxes.clear(), false;
      }
    }
    boxes.push_back(box);
  }
  return !boxes.empty();
}

BlockPlans make_block_plans(const Decomposition& dec, Integrator integrator, int levels) {
  int ghost[3];
  bool split[3];
  for (int d = 0; d < 3; ++d) {
    ghost[d] = dec.ghost(d);
    split[d] = dec.layout()[d] > 1;
  }
  return make_block_plans(dec.owned(), ghost, split, integrator, levels);
}

}  // namespace gs
