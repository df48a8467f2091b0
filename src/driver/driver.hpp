#pragma once
// The time loop and the cadence of outputs, progress lines and checks.
#include "config/config.hpp"
#include "core/timers.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "io/image_writer.hpp"
#include "io/summary.hpp"

namespace gs {

class Driver {
 public:
  Driver(const SimConfig& cfg, const Decomposition& dec);
  // Runs every step; returns the process exit code (0, or 1 on a numerical failure).
  int run();

 private:
  void write_outputs(long step);
  bool check_and_report(long step, double loop_start);  // false when a non-finite value appeared
  void finish_summary(long step, double loop_start);

  const SimConfig& cfg_;
  const Decomposition& dec_;
  PhaseTimers timers_;
  Fields fields_;
  Stepper stepper_;
  ImageWriter images_;
  RunSummary summary_;
  long log_every_ = 1;
  double run_start_ = 0;
};

// Rank 0 creates output.dir; every rank learns whether it worked (InputError if not).
void prepare_output_dir(const std::string& dir, MPI_Comm comm);

}  // namespace gs
