#pragma once
// Splits the owned box into the cells whose stencil reads only owned cells
// (computed while halo messages are in flight) and the shell that needs ghosts.
#include <algorithm>
#include <vector>

#include "core/types.hpp"

namespace gs {

inline IndexBox inner_box(const IndexBox& owned, const int ghost[3]) {
  IndexBox b = owned;
  for (int d = 0; d < 3; ++d) {
    b.lo[d] = owned.lo[d] + ghost[d];
    b.hi[d] = std::max(b.lo[d], owned.hi[d] - ghost[d]);
  }
  return b;
}

// Non-overlapping slabs covering owned minus inner_box: for each dimension d a
// low and a high slab, restricted to the inner range along the dimensions before d.
inline std::vector<IndexBox> shell_boxes(const IndexBox& owned, const int ghost[3]) {
  const IndexBox inner = inner_box(owned, ghost);
  std::vector<IndexBox> out;
  for (int d = 0; d < 3; ++d) {
    if (ghost[d] == 0) continue;
    IndexBox lo = owned, hi = owned;
    for (int e = 0; e < d; ++e) {
      lo.lo[e] = hi.lo[e] = inner.lo[e];
      lo.hi[e] = hi.hi[e] = inner.hi[e];
    }
    lo.hi[d] = std::min(owned.hi[d], owned.lo[d] + ghost[d]);
    hi.lo[d] = std::max(lo.hi[d], owned.hi[d] - ghost[d]);
    if (!lo.empty()) out.push_back(lo);
    if (!hi.empty()) out.push_back(hi);
  }
  return out;
}

}  // namespace gs
