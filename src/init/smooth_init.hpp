// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// init.type = "sine": a smooth periodic start defined in physical units, the same
// function of the cell centre x at every resolution and rank count, so runs at
// h, h/2, h/4 solve the same problem and their differences converge at the
// stencil's order (a patch or thresholded noise has edges: first order at best).
#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

// With xi_d = 2 pi x_d / L_d at the cell centre:
//   w = 1/2 + 1/4 [prod_d sin(xi_d) + cos(xi_0 + 2 xi_1 (+ xi_2 in 3D))]   in [0, 1]
//   v = init.amplitude * w,  u = 1 - v.
// Two modes of different shape, so no stencil error cancels by symmetry.
template <class Real>
void apply_smooth_initial_condition(const SimConfig& cfg, const Decomposition& dec, State<Real>& state);

}  // namespace gs
