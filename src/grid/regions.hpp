// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Splits the owned box into the cells whose stencil reads only owned cells
// (computed while halo messages are in flight) and the shell that needs ghosts;
// and the box arithmetic the deep-halo blocks build their levels from.
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

// `b` grown by by[d] cells on both sides along each dimension (shrunk for by[d] < 0).
inline IndexBox grown(const IndexBox& b, const int by[3]) {
  IndexBox g = b;
  for (int d = 0; d < 3; ++d) {
    g.lo[d] = b.lo[d] - by[d];
    g.hi[d] = std::max(g.lo[d], b.hi[d] + by[d]);
  }
  return g;
}

// Non-overlapping boxes covering outer minus inner, slabs along z, then y,
// then x (each restricted to inner's range along the dimensions already cut),
// so the boxes keep whole x rows where they can. An empty inner removes nothing.
inline std::vector<IndexBox> box_difference(const IndexBox& outer, const IndexBox& inner) {
  if (outer.empty()) return {};
  IndexBox cut = inner;
  for (int d = 0; d < 3; ++d) {
    cut.lo[d] = std::max(inner.lo[d], outer.lo[d]);
    cut.hi[d] = std::min(inner.hi[d], outer.hi[d]);
  }
  if (cut.empty()) return {outer};
  std::vector<IndexBox> out;
  IndexBox rest = outer;
  for (int d = 2; d >= 0; --d) {
    IndexBox lo = rest, hi = rest;
    lo.hi[d] = cut.lo[d];
    hi.lo[d] = cut.hi[d];
    if (!lo.empty()) out.push_back(lo);
    if (!hi.empty()) out.push_back(hi);
    rest.lo[d] = cut.lo[d];
    rest.hi[d] = cut.hi[d];
  }
  return out;
}

// Non-overlapping slabs covering owned minus inner_box: box_difference's
// slabs (z, then y, then x), so only the x slabs, within the inner y-z range,
// have rows shorter than the box.
inline std::vector<IndexBox> shell_boxes(const IndexBox& owned, const int ghost[3]) {
  return box_difference(owned, inner_box(owned, ghost));
}

}  // namespace gs
