// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Progress line and the non-finite check: field ranges and means, the
// pattern's Euler characteristic, steps/s and an ETA on rank 0; a NaN or Inf
// anywhere ends the run (RunError, exit 1). With output.pattern_threshold not
// "off", the measured pattern (physics/minkowski.hpp) also goes to pattern.csv,
// every output.pattern_every steps (else at each progress line); with
// output.dynamics_window, each row also says how v changed over that window
// (physics/dynamics.hpp), from a copy of v taken that many steps before.
#include <memory>
#include <vector>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "io/pattern_csv.hpp"
#include "outputs/output.hpp"
#include "physics/diagnostics.hpp"

namespace gs {

template <class Real>
class DiagnosticsOutput : public CadencedOutput<Real> {
 public:
  DiagnosticsOutput(const SimConfig& cfg, const Decomposition& dec, long first_step);
  std::string name() const override { return "diagnostics"; }
  bool due(const OutputStep& s) const override;
  long next_due(long after) const override;
  // The pattern's counts read the neighbours on the low side.
  bool reads_ghosts() const override { return bool(pattern_csv_); }
  void write(const OutputStep& s, const State<Real>& state) override;
  Json summary_extra() const override;
  // summary.json's "pattern": the last row of pattern.csv; null when off or never measured.
  Json pattern_summary() const { return last_pattern_.empty() ? Json(nullptr) : pattern_json(last_pattern_); }
  // summary.json's "dynamics": the verdict over this run's rows; null when output.dynamics_window is 0.
  Json dynamics_summary() const;

 private:
  using Output<Real>::report_;
  using CadencedOutput<Real>::cadence_;
  const SimConfig& cfg_;
  const Decomposition& dec_;
  FieldStats last_;
  bool snapshot_due(long step) const;
  DynamicsSample measure_change(const OutputStep& s, const State<Real>& state, long long on_cells) const;

  std::unique_ptr<PatternCsv> pattern_csv_;
  std::vector<PatternColumn> last_pattern_;
  long long last_euler_ = 0;  // of the last row (last_pattern_), for the progress line
  Cadence rows_;              // the rows of pattern.csv
  long window_steps_ = 0;     // 0: no dynamics measure
  Field<Real> snapshot_;      // v at snapshot_step_
  long snapshot_step_ = -1;
  std::vector<DynamicsSample> samples_;
};

}  // namespace gs
