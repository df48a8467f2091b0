// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The explicit stability limit of a configuration, computed in one place: the
// loader refuses a time.dt above it (unless time.allow_unstable) and keeps it
// in time.dt_limit, which is what the run's messages print.
#include "config/config.hpp"
#include "config/values.hpp"

namespace gs {

// Largest stable forward-Euler step for the configured stencil and physics
// (the explicit limit; each integrator holds its stability_factor times it).
double stable_dt_limit(const SimConfig& cfg);

// Validation (part of the loader's): h^2 must be a normal number along every
// axis, or the limit means nothing; sets cfg.time.dt_limit. For an integrator
// that takes a stage count (rkl2): sets cfg.time.resolved_stages (time.stages,
// or the fewest that hold dt). Sets cfg.time.dt_stable, the largest dt the
// scheme holds, and refuses a dt above it unless time.allow_unstable. The
// settings name the keys in errors.
void check_stability(SimConfig& cfg, const Setting& grid_L, const Setting& time_dt);

}  // namespace gs
