// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "outputs/diagnostics_output.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "core/error.hpp"
#include "io/summary.hpp"
#include "physics/minkowski.hpp"

namespace gs {

template <class Real>
DiagnosticsOutput<Real>::DiagnosticsOutput(const SimConfig& cfg, const Decomposition& dec, long first_step)
    : cfg_(cfg), dec_(dec) {
  if (pattern_enabled(cfg)) pattern_csv_ = std::make_unique<PatternCsv>(cfg.output.dir, cfg.grid.dims, first_step, dec.comm());
  // output.log_every = 0: about 20 lines per run.
  cadence_.every = cfg.output.log_every > 0 ? cfg.output.log_every : std::max(1L, cfg.time.steps / 20);
  cadence_.at_first = true;
  cadence_.at_last = true;
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
  std::string chi;
  if (pattern_csv_) {
    const double theta = pattern_theta(cfg_);
    const double h[3] = {cfg_.grid.h(0), cfg_.grid.h(1), cfg_.grid.h(2)};
    const PatternMeasures m = pattern_measures(pattern_counts(state, dec_, theta), cfg_.grid.dims, h, cfg_.grid.cells(), theta);
    std::vector<PatternColumn> row = pattern_columns(s.step, s.time, m);
    report_.bytes += pattern_csv_->append(row);
    last_pattern_ = std::move(row);  // only a row that pattern.csv holds
    report_.last_path = pattern_csv_->path();
    chi = "  chi=" + std::to_string(m.euler);
  }
  if (dec_.rank() != 0) return;
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
