// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "comm/halo_rows.hpp"

#include "core/error.hpp"

namespace gs {

int HaloBoxTable::add(const IndexBox& box) {
  GS_REQUIRE(boxes < kMaxMessages, "more halo boxes than the table holds");
  const int slot = boxes++;
  first[slot] = cells;
  row_first[slot] = rows;
  for (int d = 0; d < 3; ++d) lo[slot][d] = box.lo[d];
  nx[slot] = box.hi[0] - box.lo[0];
  ny[slot] = box.hi[1] - box.lo[1];
  cells += std::size_t(box.cells());
  rows += std::size_t(ny[slot]) * std::size_t(box.hi[2] - box.lo[2]);
  return slot;
}

void HaloBoxTable::close() {
  for (int i = boxes; i <= kMaxMessages; ++i) {
    first[i] = cells;
    row_first[i] = rows;
  }
}

}  // namespace gs
