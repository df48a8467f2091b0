#pragma once
// Restartable checkpoints (io/checkpoint): every checkpoint.every steps, at the
// last step, and when a stop request ends the run early.
#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "io/checkpoint.hpp"
#include "outputs/output.hpp"

namespace gs {

class CheckpointOutput : public Output {
 public:
  // first_step: a restart's step, whose checkpoint already exists.
  CheckpointOutput(const SimConfig& cfg, const Decomposition& dec, long first_step);
  std::string name() const override { return "checkpoint"; }
  bool due(const OutputStep& s) const override { return s.step != last_written_ && cadence_.due(s); }
  void write(const OutputStep& s, const State& state) override;

 private:
  const Decomposition& dec_;
  CheckpointStore store_;
  Cadence cadence_;
  long last_written_;
};

}  // namespace gs
