// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The grid.* keys of the key table (key_table.hpp): dimension, cells, domain
// size, stencil and precision: what a checkpoint's data are laid out on.
#include "config/key_sections.hpp"

namespace gs {

std::vector<KeySpec> grid_keys() {
  return {
    {"grid.dims", RestartRole::Grid, "integer", "-", "2 or 3",
     [](const Setting& s, SimConfig& c, Pending&) { c.grid.dims = (int)read_int(s, 2, 3); },
     [](const SimConfig& c) { return Json(c.grid.dims); }},
    {"grid.n", RestartRole::Grid, "integer or list", "cells", "cells per dimension: one number for all, or one per dimension (any size >= 1)",
     [](const Setting& s, SimConfig&, Pending& p) { p.n = read_int_list(s, 1, 1L << 40); },
     [](const SimConfig& c) { return first_of(c.grid.n.data(), c.grid.dims); }},
    {"grid.L", RestartRole::Grid, "number or list", "length", "domain side length per dimension (h = L/n)",
     [](const Setting& s, SimConfig&, Pending& p) { p.L = read_real_list(s, 0.0, false); },
     [](const SimConfig& c) { return first_of(c.grid.L.data(), c.grid.dims); }},
    {"grid.stencil", RestartRole::Grid, "integer", "points", "Laplacian: 5 or 9 in 2D, 7, 19 or 27 in 3D (default 9 / 27); with grid.order = 4 the radius-2 cross, 9 in 2D, 13 in 3D",
     [](const Setting& s, SimConfig& c, Pending&) { c.grid.stencil_points = (int)read_choice_int(s, {5, 9, 7, 19, 27, 13}); },
     [](const SimConfig& c) { return c.grid.stencil_points ? Json(c.grid.stencil_points) : Json("9 (2D) / 27 (3D)"); }},
    {"grid.order", RestartRole::Grid, "integer", "-", "order of the Laplacian in h: 2 (the 5/9-point and 7/19/27-point stencils) or 4 (the radius-2 cross, (-1/12, 4/3, -5/2, 4/3, -1/12) / h^2 per axis, unequal spacings allowed; its explicit limit is 3/4 of the 5/7-point stencil's, and parallel.halo_depth is 1)",
     [](const Setting& s, SimConfig& c, Pending&) { c.grid.order = (int)read_choice_int(s, {2, 4}); },
     [](const SimConfig& c) { return Json(c.grid.order); }},
    {"grid.precision", RestartRole::Grid, "string", "-", R"~(floating point of the state and the kernels: "double" or "float" (about 1.6-2x the cell updates per second, 7 digits; checkpoints restart only in their own precision))~",
     [](const Setting& s, SimConfig& c, Pending&) { c.grid.precision = read_enum(s, kPrecisionNames); },
     [](const SimConfig& c) { return Json(name_of(c.grid.precision)); }},
  };
}

}  // namespace gs
