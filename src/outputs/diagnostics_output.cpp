// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "outputs/diagnostics_output.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "core/error.hpp"
#include "io/summary.hpp"
#include "physics/minkowski.hpp"

namespace gs {

template <class Real>
DiagnosticsOutput<Real>::DiagnosticsOutput(const SimConfig& cfg, const Decomposition& dec, long first_step)
    : cfg_(cfg), dec_(dec) {
  const bool dynamics = pattern_enabled(cfg) && cfg.output.dynamics_window > 0;
  if (pattern_enabled(cfg)) pattern_csv_ = std::make_unique<PatternCsv>(cfg.output.dir, cfg.grid.dims, dynamics, first_step, dec.comm());
  // output.log_every = 0: about 20 lines per run.
  cadence_.every = log_interval(cfg);
  cadence_.at_first = true;
  cadence_.at_last = true;
  rows_ = cadence_;
  rows_.every = pattern_interval(cfg);
  // The loader checked that the window is a whole number of steps, at most the rows' interval.
  if (dynamics) window_steps_ = std::lround(cfg.output.dynamics_window / cfg.time.dt);
}

// The copy of v is taken window steps before each row: before every multiple
// of the rows' interval, and before the last step.
template <class Real>
bool DiagnosticsOutput<Real>::snapshot_due(long step) const {
  if (window_steps_ <= 0) return false;
  const long target = step + window_steps_;
  return target % rows_.every == 0 || target == cfg_.time.steps;
}

template <class Real>
bool DiagnosticsOutput<Real>::due(const OutputStep& s) const {
  return cadence_.due(s) || (pattern_csv_ && rows_.due(s)) || (!s.stopping && snapshot_due(s.step));
}

template <class Real>
long DiagnosticsOutput<Real>::next_due(long after) const {
  long next = cadence_.next_due(after);
  if (pattern_csv_) next = std::min(next, rows_.next_due(after));
  if (window_steps_ > 0) {
    next = std::min(next, ((after + window_steps_) / rows_.every + 1) * rows_.every - window_steps_);
    if (cfg_.time.steps - window_steps_ > after) next = std::min(next, cfg_.time.steps - window_steps_);
  }
  return next;
}

template <class Real>
DynamicsSample DiagnosticsOutput<Real>::measure_change(const OutputStep& s, const State<Real>& state, long long on_cells) const {
  DynamicsSample d;
  d.step = s.step;
  d.t = s.time;
  d.v_mean = last_.v.sum / double(last_.cells);
  d.on_cells = on_cells;
  if (snapshot_step_ < 0 || s.step - snapshot_step_ != window_steps_) return d;  // no copy a window back: not measured
  const ChangeSums c = change_sums(state.v, snapshot_, dec_, pattern_theta(cfg_));
  d.window = double(window_steps_) * cfg_.time.dt;
  d.rate = std::sqrt(c.squared / double(last_.cells)) / d.window;
  d.gained = c.gained;
  d.lost = c.lost;
  return d;
}

template <class Real>
Json DiagnosticsOutput<Real>::dynamics_summary() const {
  if (window_steps_ <= 0) return Json(nullptr);
  return dynamics_json(judge_dynamics(samples_, cfg_.grid.cells(), rows_.every));
}

template <class Real>
void DiagnosticsOutput<Real>::write(const OutputStep& s, const State<Real>& state) {
  last_ = global_stats(state, dec_);
  if (!last_.finite()) {
    char msg[256];
    std::snprintf(msg, sizeof msg, "non-finite value (NaN or Inf) in field %s at step %ld (%lld cells); dt may be too large",
                  last_.u.nonfinite ? "u" : "v", s.step, last_.u.nonfinite ? last_.u.nonfinite : last_.v.nonfinite);
    throw RunError(msg);
  }
  if (pattern_csv_ && rows_.due(s)) {
    const double theta = pattern_theta(cfg_);
    const double h[3] = {cfg_.grid.h(0), cfg_.grid.h(1), cfg_.grid.h(2)};
    const PatternMeasures m = pattern_measures(pattern_counts(state, dec_, theta), cfg_.grid.dims, h, cfg_.grid.cells(), theta);
    DynamicsSample d;
    if (window_steps_ > 0) d = measure_change(s, state, m.counts.cells);
    std::vector<PatternColumn> row = pattern_columns(s.step, s.time, m, window_steps_ > 0 ? &d : nullptr);
    report_.bytes += pattern_csv_->append(row);
    last_pattern_ = std::move(row);  // only a row that pattern.csv holds
    if (window_steps_ > 0) samples_.push_back(d);
    report_.last_path = pattern_csv_->path();
    last_euler_ = m.euler;
  }
  // After the row, which compares with the copy taken a window earlier (the same step may take the next one).
  if (!s.stopping && snapshot_due(s.step)) {
    if (snapshot_.size() == 0) snapshot_ = allocate<Field<Real>>(field_buffer(dec_, kDynamicsSnapshotLabel, sizeof(Real)), false);
    Kokkos::deep_copy(snapshot_, state.v);
    snapshot_step_ = s.step;
  }
  if (!cadence_.due(s) || dec_.rank() != 0) return;
  const std::string chi = last_pattern_.empty() ? "" : "  chi=" + std::to_string(last_euler_);
  const double rate = s.step > s.first_step && s.loop_seconds > 0 ? (s.step - s.first_step) / s.loop_seconds : 0.0;
  const double eta = rate > 0 ? (cfg_.time.steps - s.step) / rate : 0.0;
  const double n = double(last_.cells);
  std::printf("step %ld/%ld  t=%.6g  u[min %.4g max %.4g mean %.6g]  v[min %.4g max %.4g mean %.6g]%s  %.1f steps/s  ETA %.1fs\n",
              s.step, cfg_.time.steps, s.time, last_.u.min, last_.u.max, last_.u.sum / n, last_.v.min, last_.v.max,
              last_.v.sum / n, chi.c_str(), rate, eta);
  std::fflush(stdout);
}

template <class Real>
Json DiagnosticsOutput<Real>::summary_extra() const { return {{"last_stats", last_}}; }

template class DiagnosticsOutput<float>;
template class DiagnosticsOutput<double>;

}  // namespace gs
