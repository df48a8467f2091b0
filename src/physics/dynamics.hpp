// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// How the pattern changes in time (docs/patterns.md, "Dynamics"): each row of
// pattern.csv compares v with a copy taken a fixed window of time earlier
// (the RMS rate of change of v and the cells that crossed theta either way),
// and the run's verdict reads those rows over the last half of the run:
// steady, oscillating (with its period), chaotic, evolving or decayed.
//
// Everything is in time units, so the verdict is the same on any grid, dt and
// row cadence fine enough to resolve it. postprocess/gspost/dynamics.py
// applies the same rules to pattern.csv (gs_post.py pattern).
#include <string>
#include <vector>

#include "config/config.hpp"
#include "core/json.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

// The label of the copy of v the measure compares with.
inline constexpr const char* kDynamicsSnapshotLabel = "dynamics_snapshot_v";
// Below this RMS rate of change of v (per time unit) over the last quarter of
// the judged rows, the pattern is steady: 1e-3 of change in v over 1000 time
// units. (A frozen lattice still has a few cells at theta that cross it.)
inline constexpr double kSteadyRate = 1e-6;
// An autocorrelation peak of the spatial mean of v at least this high, after
// its first zero, is an oscillation (a chaotic pattern's stays far below).
inline constexpr double kPeriodicCorrelation = 0.6;
// An oscillating mean of v with at least this share of the on set replaced
// per period (cells crossing theta both ways) is chaotic: the pattern does not
// come back to itself, only its mean does (Pearson's beta and epsilon).
inline constexpr double kChaoticChurnPerPeriod = 1.0;
// At least this share of the on set replaced per time unit (cells that cross
// theta both ways, not net growth) is chaotic; less is evolving (growing,
// filling space, drifting slowly).
inline constexpr double kChaoticChurn = 1e-3;

// The change of v over the window, summed over cells.
struct ChangeSums {
  double squared = 0;      // sum of (v - v_before)^2
  long long gained = 0;    // cells with v_before < theta <= v
  long long lost = 0;      // cells with v < theta <= v_before
};

// Collective: the sums over the owned cells of all ranks.
template <class Real>
ChangeSums change_sums(const Field<Real>& v, const Field<Real>& before, const Decomposition& dec, double theta);

// One row of the series the verdict reads.
struct DynamicsSample {
  long step = 0;
  double t = 0;
  double v_mean = 0;
  double window = 0;  // tau in time units; 0: no change measure in this row
  double rate = 0;    // RMS of v(t) - v(t - tau), over tau
  long long gained = 0, lost = 0, on_cells = 0;
  bool measured() const { return window > 0; }
};

struct DynamicsVerdict {
  std::string verdict;  // steady, oscillating, chaotic, evolving, decayed; empty: not judged
  std::string reason;
  double period = 0;    // oscillating: in time units; else 0
  double correlation = 0;  // the autocorrelation peak found (0 when none)
  double median_rate = 0, median_churn = 0;
  double t_from = 0, t_to = 0;
  long rows = 0;
};

// The verdict over the measured rows with t >= t_last / 2; total_cells: the
// grid's; row_steps: steps between rows (rows off that grid, such as the last
// step's, are left out of the oscillation test).
DynamicsVerdict judge_dynamics(const std::vector<DynamicsSample>& rows, long long total_cells, long row_steps);
Json dynamics_json(const DynamicsVerdict& v);

}  // namespace gs
