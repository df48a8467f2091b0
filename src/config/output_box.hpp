// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Which cells each entry of output.box names: pure geometry of the
// configuration, so that the loader refuses a box that fits no cell and the
// field outputs (io/field_layout.hpp) write the same cells.
#include <array>
#include <cstddef>
#include <string>

#include "config/config.hpp"

namespace gs {

// The cells of one output.box entry per axis (x, y, z) as [first, end) global
// indices: a mid-plane's one cell across its axis (n / 2, as the images) and
// every cell along the others, or the cells whose centres lie in the box. An
// axis the run does not have is [0, 1). A box that holds no cell centre gives
// an empty range.
std::array<std::array<long, 2>, 3> box_cells(const GridConfig& grid, const OutputBox& box);
// The name of entry `i` in its files' prefix: "" when output.box has one
// entry (fields_box_*.h5), else the plane's name ("mid_x") or the entry's
// place from 1 ("2": fields_box_2_*.h5).
std::string box_name(const OutputConfig& out, std::size_t i);
// "" or why output.box does not fit this grid (the loader's refusal; with
// several entries it names the one at fault).
std::string box_problem(const SimConfig& cfg);

}  // namespace gs
