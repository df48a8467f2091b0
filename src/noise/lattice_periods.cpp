// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "noise/lattice_periods.hpp"

#include <algorithm>
#include <cmath>

namespace gs {

void perlin_base_periods(const GridConfig& grid, long frequency, long period[3]) {
  double shortest = grid.L[0];
  for (int d = 1; d < grid.dims; ++d) shortest = std::min(shortest, grid.L[d]);
  for (int d = 0; d < 3; ++d)
    period[d] = d < grid.dims ? std::max(1L, std::lround(double(frequency) * grid.L[d] / shortest)) : 0;
}

}  // namespace gs
