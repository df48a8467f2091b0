// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The time loop: steps the state, offers each step to the list of outputs,
// honours stop requests, and writes the run summary.
#include <memory>
#include <optional>

#include "config/config.hpp"
#include "core/timers.hpp"
#include "driver/output_folder.hpp"
#include "driver/run_lock.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "io/checkpoint_format.hpp"
#include "io/summary.hpp"
#include "outputs/output_list.hpp"

namespace gs {

template <class Real>
class CheckpointOutput;

// The run, templated on the state's precision (grid.precision).
template <class Real>
class Driver {
 public:
  Driver(const SimConfig& cfg, const Decomposition& dec);
  // Runs to time.steps (or to a stop request); returns the process exit code:
  // 0 done or stopped with a checkpoint, 1 on a failure while running.
  int run();

 private:
  // The initial condition, or the restart point's state (read and verified once).
  void start();
  // Every due output writes, each timed as its own phase.
  void offer(const OutputStep& s);
  OutputStep step_info(long step, bool last, bool stopping) const;
  // Where the block that starts at `step` ends: after halo_depth steps, at the
  // next step any output may be due (next_due), or at the last step.
  long block_end(long step, long steps) const;
  // Collective; "" or why summary.json could not be written.
  std::string finish_summary(long step);
  // Ends the run as failed: the summary says why (if it can be written), rank 0 prints one line; returns 1.
  int fail(const std::string& error, long step);
  // Path of the newest checkpoint this run wrote, or "".
  std::string last_checkpoint() const;

  const SimConfig& cfg_;
  const Decomposition& dec_;
  PhaseTimers timers_;
  Fields<Real> fields_;
  Stepper<Real> stepper_;
  std::unique_ptr<OutputFolder> folder_;
  std::unique_ptr<RunLock> lock_;  // before outputs_: released after they are gone
  OutputList<Real> outputs_;
  const CheckpointOutput<Real>* checkpoint_ = nullptr;  // in outputs_, found by type when the list is built
  std::optional<RestartPoint> restart_;           // where a restarted run began
  RunSummary summary_;
  long first_step_ = 0;
  double run_start_ = 0, loop_start_ = 0;
};

}  // namespace gs
