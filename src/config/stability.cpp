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

// An integrator that takes a stage count (time.stages; rkl2): the count
// (time.stages, or "auto": the fewest the table's rule gives that holds dt).
void resolve_stage_count(SimConfig& c, const Setting& time_dt) {
  const double limit = c.time.dt_limit;
  const double ratio = c.time.dt / limit;  // limit is HUGE_VAL without diffusion or reaction: ratio 0
  int s = c.time.stages;
  if (s == TimeConfig::kAutoStages) {
    s = auto_stage_count(c.time.integrator, ratio, TimeConfig::kMaxStages);
    if (s == 0) {
      const double most = make_scheme(c.time.integrator, TimeConfig::kMaxStages).stability_factor;
      std::ostringstream os;
      os << "dt = " << std::setprecision(6) << c.time.dt << " is " << ratio << " times the explicit stability limit "
         << printable_at_most(limit) << "; " << name_of(c.time.integrator) << " holds at most " << most << " times it ("
         << TimeConfig::kMaxStages << " stages): largest dt = " << printable_at_most(most * limit);
      throw_setting(time_dt, os.str());
    }
  }
  c.time.resolved_stages = s;
}

}  // namespace

double stable_dt_limit(const SimConfig& c) {
  const double h[3] = {c.grid.h(0), c.grid.h(1), c.grid.h(2)};
  const double lambda_max = stencil_max_symbol(c.grid.stencil, h);
  // Linearisation about (u, v) = (1, 0): eigenvalues -(Du lambda + F) and
  // -(Dv lambda + F + k); forward Euler is stable for dt rho <= 2 (each
  // scheme holds its stability_factor times that, numerics/integrator.hpp).
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
  c.time.resolved_stages = 0;
  if (takes_stage_count(c.time.integrator)) resolve_stage_count(c, time_dt);
  // The scheme's own interval on the negative real axis, over forward Euler's.
  const Scheme scheme = c.time.scheme();
  c.time.dt_stable = scheme.stability_factor * limit;
  if (c.time.dt <= c.time.dt_stable || c.time.allow_unstable) return;
  std::ostringstream os;
  os << "dt = " << std::setprecision(6) << c.time.dt;
  if (takes_stage_count(c.time.integrator))
    os << " is beyond what time.stages = " << c.time.resolved_stages << " of " << name_of(c.time.integrator) << " holds with the "
       << stencil_name(c.grid.stencil) << " stencil and these physics (largest stable dt = " << printable_at_most(c.time.dt_stable)
       << ", " << scheme.stability_factor << " x the explicit limit); reduce time.dt, raise time.stages or set it to \"auto\"";
  else if (scheme.stability_factor == 1)
    os << " is beyond the explicit stability limit of the " << stencil_name(c.grid.stencil)
       << " stencil with these physics (largest stable dt = " << printable_at_most(limit)
       << "); reduce time.dt or set time.allow_unstable = true";
  else
    os << " is beyond what " << name_of(c.time.integrator) << " holds with the " << stencil_name(c.grid.stencil)
       << " stencil and these physics (largest stable dt = " << printable_at_most(c.time.dt_stable) << ", "
       << scheme.stability_factor << " x the explicit limit of forward Euler); reduce time.dt or set time.allow_unstable = true";
  throw_setting(time_dt, os.str());
}

}  // namespace gs
