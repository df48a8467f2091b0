// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Which cells output.box names: pure geometry of the configuration, so that
// the loader refuses a box that fits no cell and the field outputs
// (io/field_layout.hpp) write the same cells.
#include <array>
#include <string>

#include "config/config.hpp"

namespace gs {

// The cells of output.box per axis (x, y, z) as [first, end) global indices:
// a mid-plane's one cell across its axis (n / 2, as the images) and every cell
// along the others, or the cells whose centres lie in the box. An axis the
// run does not have is [0, 1). A box that holds no cell centre gives an empty range.
std::array<std::array<long, 2>, 3> box_cells(const SimConfig& cfg);
// "" or why output.box does not fit this grid (the loader's refusal).
std::string box_problem(const SimConfig& cfg);

}  // namespace gs
