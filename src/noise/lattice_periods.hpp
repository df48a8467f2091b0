// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// How many lattice cells of a periodic noise fit along each side of the domain.
#include "config/config.hpp"

namespace gs {

// Lattice cells of the first octave per period along each grid axis: `frequency`
// along the shortest side, the others in proportion to their length (rounded,
// at least 1), so noise cells are near-square and the lattice wraps with the domain.
void perlin_base_periods(const GridConfig& grid, long frequency, long period[3]);

}  // namespace gs
