#pragma once
// The time loop and the cadence of outputs, progress lines, checks,
// checkpoints and early stops.
#include <memory>

#include "config/config.hpp"
#include "core/timers.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "io/checkpoint.hpp"
#include "io/field_output.hpp"
#include "io/image_writer.hpp"
#include "io/summary.hpp"
#if GS_HAVE_CATALYST
#include "insitu/insitu.hpp"
#endif

namespace gs {

class Driver {
 public:
  Driver(const SimConfig& cfg, const Decomposition& dec);
  // Runs to time.steps (or to a stop request); returns the process exit code:
  // 0 done or stopped with a checkpoint, 1 on a numerical failure.
  int run();

 private:
  long start();  // initial condition or restart; returns the first step
  std::uint64_t current_digest() const;
  void write_outputs(long step);
  void write_fields(long step);
  void write_checkpoint(long step);
  bool write_insitu(long step, bool first, bool last);  // false when a script failed and insitu.fail = "error"
  bool check_and_report(long step);  // false when a non-finite value appeared
  void finish_summary(long step);

  const SimConfig& cfg_;
  const Decomposition& dec_;
  PhaseTimers timers_;
  Fields fields_;
  Stepper stepper_;
  ImageWriter images_;
  CheckpointStore checkpoints_;
  std::unique_ptr<FieldWriter> field_writer_;
  RunSummary summary_;
#if GS_HAVE_CATALYST
  std::unique_ptr<Insitu> insitu_;
  long long insitu_calls_ = 0;
#endif
  long log_every_ = 1;
  long first_step_ = 0;
  long last_checkpoint_ = -1;
  double run_start_ = 0, loop_start_ = 0;
};

}  // namespace gs
