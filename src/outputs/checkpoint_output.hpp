// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Restartable checkpoints (io/checkpoint_writer): every checkpoint.every
// steps, at the last step, and when a stop request ends the run early.
#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "io/checkpoint_writer.hpp"
#include "io/checkpoint_format.hpp"
#include "outputs/output.hpp"

namespace gs {

template <class Real>
class CheckpointOutput : public Output<Real> {
 public:
  // restart: the checkpoint this run started from (its step is not written
  // again, its lineage goes on), or nullptr for a fresh run.
  CheckpointOutput(const SimConfig& cfg, const Decomposition& dec, const RestartPoint* restart);
  std::string name() const override { return "checkpoint"; }
  bool due(const OutputStep& s) const override { return s.step != last_written_ && cadence_.due(s); }
  long next_due(long after) const override { return cadence_.next_due(after); }
  void write(const OutputStep& s, const State<Real>& state) override;

 private:
  using Output<Real>::report_;
  const Decomposition& dec_;
  CheckpointWriter writer_;
  Cadence cadence_;
  long last_written_;
};

}  // namespace gs
