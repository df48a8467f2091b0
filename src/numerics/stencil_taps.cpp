// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "numerics/stencil_taps.hpp"

#include <algorithm>
#include <cmath>

namespace gs {

const char* stencil_name(Stencil s) {
  switch (s) {
    case Stencil::P5: return "5-point";
    case Stencil::P9: return "9-point";
    case Stencil::P7: return "7-point";
    case Stencil::P19: return "19-point";
    case Stencil::P27: return "27-point";
    case Stencil::X9: return "9-point 4th-order";
    case Stencil::X13: return "13-point 4th-order";
  }
  return "?";
}

int stencil_dims(Stencil s) { return (s == Stencil::P5 || s == Stencil::P9 || s == Stencil::X9) ? 2 : 3; }

bool stencil_needs_diagonals(Stencil s) {
  return !(s == Stencil::P5 || s == Stencil::P7 || s == Stencil::X9 || s == Stencil::X13);
}

int stencil_radius(Stencil s) { return s == Stencil::X9 || s == Stencil::X13 ? 2 : 1; }

int stencil_order(Stencil s) { return s == Stencil::X9 || s == Stencil::X13 ? 4 : 2; }

std::vector<StencilTap> stencil_taps(Stencil s, const double h[3]) {
  std::vector<StencilTap> taps;
  const int dims = stencil_dims(s);
  const int zr = dims == 3 ? 1 : 0;
  if (s == Stencil::X9 || s == Stencil::X13) {
    // Per axis (-1/12, 4/3, -5/2, 4/3, -1/12) / h_d^2: exact on polynomials of
    // degree 5; its error is -(h_d^4 / 90) d^6u/dx_d^6 per axis.
    double centre = 0;
    for (int d = 0; d < dims; ++d) {
      const double w = 1.0 / (h[d] * h[d]);
      for (int r : {-2, -1, 1, 2}) {
        int off[3] = {0, 0, 0};
        off[d] = r;
        taps.push_back({off[0], off[1], off[2], (r == 1 || r == -1 ? 4.0 / 3.0 : -1.0 / 12.0) * w});
      }
      centre -= 2.5 * w;
    }
    taps.push_back({0, 0, 0, centre});
    return taps;
  }
  if (s == Stencil::P5 || s == Stencil::P7) {
    double centre = 0;
    for (int d = 0; d < dims; ++d) {
      const double w = 1.0 / (h[d] * h[d]);
      int off[3] = {0, 0, 0};
      off[d] = -1;
      taps.push_back({off[0], off[1], off[2], w});
      off[d] = 1;
      taps.push_back({off[0], off[1], off[2], w});
      centre -= 2 * w;
    }
    taps.push_back({0, 0, 0, centre});
    return taps;
  }
  // Isotropic stencils: weight by how many offset components are non-zero.
  double by_order[4] = {0, 0, 0, 0}, norm = 1;
  if (s == Stencil::P9) { by_order[0] = -20; by_order[1] = 4; by_order[2] = 1; norm = 6; }
  if (s == Stencil::P19) { by_order[0] = -24; by_order[1] = 2; by_order[2] = 1; norm = 6; }
  if (s == Stencil::P27) { by_order[0] = -128; by_order[1] = 14; by_order[2] = 3; by_order[3] = 1; norm = 30; }
  const double scale = 1.0 / (norm * h[0] * h[0]);
  for (int dz = -zr; dz <= zr; ++dz)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int order = std::abs(dx) + std::abs(dy) + std::abs(dz);
        if (by_order[order] != 0) taps.push_back({dx, dy, dz, by_order[order] * scale});
      }
  return taps;
}

double stencil_symbol(const std::vector<StencilTap>& taps, const double kappa[3], const double h[3]) {
  double sum = 0;
  for (const auto& t : taps) sum += t.weight * std::cos(kappa[0] * t.dx * h[0] + kappa[1] * t.dy * h[1] + kappa[2] * t.dz * h[2]);
  return sum;
}

double stencil_max_symbol(Stencil s, const double h[3]) {
  const auto taps = stencil_taps(s, h);
  const int dims = stencil_dims(s);
  const int m = 32;  // samples of kappa_d h_d in [0, pi]; the extremum sits on this lattice for these stencils
  const double pi = std::acos(-1.0);
  double best = 0;
  for (int c = 0; c <= (dims == 3 ? m : 0); ++c)
    for (int b = 0; b <= m; ++b)
      for (int a = 0; a <= m; ++a) {
        const double kappa[3] = {pi * a / (m * h[0]), pi * b / (m * h[1]), dims == 3 ? pi * c / (m * h[2]) : 0.0};
        best = std::max(best, std::fabs(stencil_symbol(taps, kappa, h)));
      }
  return best;
}

}  // namespace gs
