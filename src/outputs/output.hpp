// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// One thing the time loop writes or checks now and then: images, field files,
// checkpoints, progress lines, in-situ visualization. The driver holds a list
// of them (built in output_list.cpp), asks each whether it is due after every
// step (or block of steps: next_due), times each as its own phase, and reports
// each in summary.json.
#include <climits>
#include <string>

#include "core/json.hpp"
#include "grid/fields.hpp"

namespace gs {

// Where the run stands when outputs are offered a step.
struct OutputStep {
  long step = 0;
  double time = 0;
  long first_step = 0;      // step the run started from (0, or a restart's step)
  bool fresh = true;        // started at step 0 from an initial condition
  bool first = false;       // step == first_step: before any time step of this run
  bool last = false;        // step == time.steps
  bool stopping = false;    // a stop request ends the run at this step
  double loop_seconds = 0;  // wall time since the time loop began
};

// What an output did, for summary.json: write() adds bytes and paths and sets
// `failure` for a failure that does not end the run; the driver counts calls
// and seconds.
struct OutputReport {
  long long calls = 0;
  long long bytes = 0;
  double seconds = 0;
  std::string last_path;
  std::string failure;
};

// "Every N steps, and/or at the run's start, end or stop": the cadence rules
// that most outputs share. every = 0 means no periodic writes.
struct Cadence {
  long every = 0;
  bool at_fresh_start = false;  // step 0 of a run that did not restart
  bool at_first = false;        // the first step of any run, restarted too
  bool at_last = false;
  bool at_stop = false;

  bool due(const OutputStep& s) const {
    if (s.first) return at_first || (at_fresh_start && s.fresh);
    if (s.stopping) return at_stop;
    return (every > 0 && s.step % every == 0) || (at_last && s.last);
  }
  // The first step after `after` at which due() can hold, the run's first,
  // last and stop steps aside (the driver ends a block at those anyway).
  long next_due(long after) const { return every > 0 ? (after / every + 1) * every : kNever; }
  static constexpr long kNever = LONG_MAX;
};

// Templated on the state's precision like the state it reads.
template <class Real>
class Output {
 public:
  virtual ~Output() = default;
  // Names the output's timer phase and its entry in summary.json.
  virtual std::string name() const = 0;
  virtual bool due(const OutputStep& s) const = 0;
  // The first step after `after` that due() may want, apart from the run's
  // first, last and stop steps; the driver offers no step in between (it
  // advances by blocks of several steps with parallel.halo_depth > 1). The
  // default, the very next step, is always right.
  virtual long next_due(long after) const { return after + 1; }
  // Whether write() reads ghost cells: the driver then fills all of them
  // (edges and corners too) before the first such output of a step. Outputs
  // only read the state, so they never fill ghosts themselves.
  virtual bool reads_ghosts() const { return false; }
  // Collective over all ranks. Throw RunError (on every rank alike) to end the run with exit 1.
  virtual void write(const OutputStep& s, const State<Real>& state) = 0;
  // The output's own members of its summary entry (a JSON object, maybe empty),
  // next to the calls, bytes and seconds every output has.
  virtual Json summary_extra() const { return Json::object(); }

  OutputReport& report() { return report_; }
  const OutputReport& report() const { return report_; }

 protected:
  OutputReport report_;
};

// An output due exactly when its cadence says (images, field files, diagnostics).
template <class Real>
class CadencedOutput : public Output<Real> {
 public:
  bool due(const OutputStep& s) const override { return cadence_.due(s); }
  long next_due(long after) const override { return cadence_.next_due(after); }

 protected:
  Cadence cadence_;
};

}  // namespace gs
