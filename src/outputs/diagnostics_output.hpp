// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Progress line and the non-finite check: field ranges and means, steps/s and
// an ETA on rank 0; a NaN or Inf anywhere ends the run (RunError, exit 1).
#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "outputs/output.hpp"
#include "physics/diagnostics.hpp"

namespace gs {

template <class Real>
class DiagnosticsOutput : public CadencedOutput<Real> {
 public:
  DiagnosticsOutput(const SimConfig& cfg, const Decomposition& dec);
  std::string name() const override { return "diagnostics"; }
  void write(const OutputStep& s, const State<Real>& state) override;
  Json summary_extra() const override;

 private:
  using Output<Real>::report_;
  using CadencedOutput<Real>::cadence_;
  const SimConfig& cfg_;
  const Decomposition& dec_;
  FieldStats last_;
};

}  // namespace gs
