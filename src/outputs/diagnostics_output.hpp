#pragma once
// Progress line and the non-finite check: field ranges and means, steps/s and
// an ETA on rank 0; a NaN or Inf anywhere ends the run (RunError, exit 1).
#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "outputs/output.hpp"
#include "physics/diagnostics.hpp"

namespace gs {

template <class Real>
class DiagnosticsOutput : public Output<Real> {
 public:
  DiagnosticsOutput(const SimConfig& cfg, const Decomposition& dec);
  std::string name() const override { return "diagnostics"; }
  bool due(const OutputStep& s) const override { return cadence_.due(s); }
  long next_due(long after) const override { return cadence_.next_due(after); }
  void write(const OutputStep& s, const State<Real>& state) override;
  Json summary_extra() const override;

 private:
  using Output<Real>::report_;
  const SimConfig& cfg_;
  const Decomposition& dec_;
  Cadence cadence_;
  FieldStats last_;
};

}  // namespace gs
