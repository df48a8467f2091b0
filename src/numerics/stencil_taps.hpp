// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Host-only facts about the discrete Laplacians: their weights, Fourier symbol
// and largest eigenvalue. The ground floor that config (stability check),
// physics (device kernels) and tests all build on; no Kokkos, no MPI.
#include <vector>

namespace gs {

// P5..P27: second order, radius 1 (5/9 points in 2D, 7/19/27 in 3D). X9, X13:
// grid.order = 4, the radius-2 cross of (-1/12, 4/3, -5/2, 4/3, -1/12) / h^2
// per axis (9 points in 2D, 13 in 3D), with unequal spacings allowed.
enum class Stencil { P5, P9, P7, P19, P27, X9, X13 };

struct StencilTap {
  int dx, dy, dz;
  double weight;  // already divided by h^2
};

const char* stencil_name(Stencil s);
std::vector<StencilTap> stencil_taps(Stencil s, const double h[3]);
// lambda(kappa) = sum_s w_s cos(kappa . s h) for the wave vector kappa.
double stencil_symbol(const std::vector<StencilTap>& taps, const double kappa[3], const double h[3]);
// max over kappa of |lambda|, scanned over the Brillouin zone.
double stencil_max_symbol(Stencil s, const double h[3]);
int stencil_dims(Stencil s);
// How far the stencil reaches from the cell (ghost layers per stage): 1 or 2.
int stencil_radius(Stencil s);
// The order of its truncation error in h: 2 or 4 (grid.order).
int stencil_order(Stencil s);
// Whether the stencil reads edge/corner neighbours (so halos need them too).
bool stencil_needs_diagonals(Stencil s);

}  // namespace gs
