// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The explicit stability limit (linearised about the (1, 0) state) and the
// loader's check of time.dt against it; docs/numerics.md has the derivation.
#include "config/stability.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <sstream>

#include "numerics/stencil_taps.hpp"

namespace gs {

namespace {

// The limit with 6 significant digits, rounded down, so the printed number is
// accepted when pasted back as time.dt.
std::string printable_at_most(double limit) {
  char buf[64];
  double p = limit;
  for (int i = 0; i < 4; ++i) {
    std::snprintf(buf, sizeof buf, "%.6g", p);
    const double back = std::strtod(buf, nullptr);
    if (back <= limit) return buf;
    const double ulp6 = std::pow(10.0, std::floor(std::log10(std::fabs(back))) - 5);
    p = back - ulp6;
  }
  return buf;
}

// time.integrator = "rkl2": the stage count (time.stages, or the fewest odd
// count that holds dt) and the largest dt it holds; a dt beyond it is refused
// unless time.allow_unstable.
void check_rkl2_stages(SimConfig& c, const Setting& time_dt) {
  const double limit = c.time.dt_limit;
  const double ratio = c.time.dt / limit;  // limit is HUGE_VAL without diffusion or reaction: ratio 0
  int s = c.time.stages;
  if (s == TimeConfig::kAutoStages) {
    if (!(ratio <= rkl2_stability_factor(TimeConfig::kMaxStages))) {
      std::ostringstream os;
      os << "dt = " << std::setprecision(6) << c.time.dt << " is " << ratio << " times the explicit stability limit "
         << printable_at_most(limit) << "; rkl2 holds at most " << rkl2_stability_factor(TimeConfig::kMaxStages)
         << " times it (" << TimeConfig::kMaxStages << " stages): largest dt = "
         << printable_at_most(rkl2_stability_factor(TimeConfig::kMaxStages) * limit);
      throw_setting(time_dt, os.str());
    }
    s = rkl2_auto_stages(ratio);
  }
  c.time.rkl2_stages = s;
  c.time.dt_stable = rkl2_stability_factor(s) * limit;
  if (c.time.dt > c.time.dt_stable && !c.time.allow_unstable) {
    std::ostringstream os;
    os << "dt = " << std::setprecision(6) << c.time.dt << " is beyond what time.stages = " << s << " of rkl2 holds with the "
       << c.grid.stencil_points << "-point stencil and these physics (largest stable dt = " << printable_at_most(c.time.dt_stable)
       << ", " << rkl2_stability_factor(s) << " x the explicit limit); reduce time.dt, raise time.stages or set it to \"auto\"";
    throw_setting(time_dt, os.str());
  }
}

}  // namespace

double stable_dt_limit(const SimConfig& c) {
  const double h[3] = {c.grid.h(0), c.grid.h(1), c.grid.h(2)};
  const double lambda_max = stencil_max_symbol(c.grid.stencil, h);
  // Linearisation about (u, v) = (1, 0): eigenvalues -(Du lambda + F) and
  // -(Dv lambda + F + k); both explicit schemes are stable on [-2, 0] * dt.
  // With a parameter map the largest F and k anywhere set the limit.
  const double F = c.physics.F_max(), k = c.physics.k_max();
  const double rate = std::max(c.physics.Du * lambda_max + F, c.physics.Dv * lambda_max + F + k);
  return rate > 0 ? 2.0 / rate : HUGE_VAL;
}

void check_stability(SimConfig& c, const Setting& grid_L, const Setting& time_dt) {
  // 1/h^2 must be a normal finite number, or the stability limit below is
  // meaningless (h^2 underflows to 0 for grid.L = 1e-160).
  for (int d = 0; d < c.grid.dims; ++d) {
    const double h = c.grid.h(d);
    if (!(h * h >= 1e-290) || !(h * h <= 1e290)) {
      std::ostringstream os;
      os << "grid spacing h = L/n = " << h << " along " << "xyz"[d]
         << " is outside what the stencil can compute with (1e-145 to 1e145)";
      throw_setting(grid_L, os.str());
    }
  }
  const double limit = c.time.dt_limit = stable_dt_limit(c);
  c.time.rkl2_stages = 0;
  c.time.dt_stable = limit;
  if (c.time.integrator == Integrator::RKL2) {
    check_rkl2_stages(c, time_dt);
    return;
  }
  if (c.time.dt > limit && !c.time.allow_unstable) {
    std::ostringstream os;
    os << "dt = " << std::setprecision(6) << c.time.dt << " is beyond the explicit stability limit of the " << c.grid.stencil_points
       << "-point stencil with these physics (largest stable dt = " << printable_at_most(limit)
       << "); reduce time.dt or set time.allow_unstable = true";
    throw_setting(time_dt, os.str());
  }
}

}  // namespace gs
