// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// In-situ visualization as one more output (name "insitu"): on due steps,
// copy the owned block (+ one point layer from the ghosts, which the driver
// fills first: reads_ghosts()) off the device into a reused host buffer and
// run the Catalyst scripts on it.
// The Catalyst plugin (catalyst_plugin.hpp) is loaded and started at the
// first call, so a run without in-situ output never loads ParaView; that
// start-up is reported apart from the per-call cost.
//
// It lives here, with the other outputs, and reaches src/insitu/ only through
// the plugin boundary (catalyst_plugin.hpp) and the block copy: insitu/ then
// knows nothing of outputs/, so the two folders do not include each other
// (the list could instead take factories from the driver, but then one output
// of the list would be chosen outside the one place that decides them).
#include <filesystem>
#include <memory>
#include <string>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "outputs/insitu_checks.hpp"
#include "outputs/output.hpp"

namespace gs_plugin {
class CatalystSession;
}

namespace gs {

template <class Real>
class InsituBlock;

template <class Real>
class InsituOutput : public Output<Real> {
 public:
  InsituOutput(const SimConfig& cfg, const Decomposition& dec);
  ~InsituOutput() override;
  std::string name() const override { return "insitu"; }
  // A stop at the step just handed over is due too, with no call: only to end the scripts.
  bool due(const OutputStep& s) const override {
    return !disabled_ && !finalized_ && (s.step != last_step_ ? cadence_.due(s) : s.stopping);
  }
  long next_due(long after) const override { return cadence_.next_due(after); }
  bool reads_ghosts() const override { return true; }  // the block's high point layer
  // Collective, before step 0: throws InputError (exit 2) on every rank when
  // no X display opens or output.dir/insitu cannot be a folder.
  // A failure of a call (a script on any rank, or the files it should have
  // written) goes to report().failure and, with insitu.fail = "error", throws
  // RunError on every rank (exit 1); with "warn", to stderr, and in situ is off
  // for the rest of the run on every rank. The run's last call (last step or
  // stop) also runs the scripts' catalyst_finalize, whose failures are
  // reported the same way.
  void write(const OutputStep& s, const State<Real>& state) override;
  Json summary_extra() const override;

 private:
  using Output<Real>::report_;
  const SimConfig& cfg_;
  const Decomposition& dec_;
  Cadence cadence_;
  std::string dir_;
  std::unique_ptr<InsituBlock<Real>> block_;
  void start();  // collective: load the plugin, start Catalyst
  // Collective: one call to the scripts; "" or the failure, agreed on every rank.
  std::string call(const OutputStep& s, const State<Real>& state);
  // Collective: the scripts' catalyst_finalize; "" or the failure, agreed.
  std::string finalize();
  // Rank 0, after a call: "" or why the folder lacks this call's files.
  std::string check_written(long step, const FolderSnapshot& before);
  bool disabled_ = false;
  bool finalized_ = false;
  int writes_files_ = -1;  // whether the scripts write files; known after the first call
  void* plugin_ = nullptr;  // dlopen handle, kept open for the run (VTK registers classes at load)
  std::unique_ptr<gs_plugin::CatalystSession> session_;
  long last_step_ = -1;
  long long global_block_bytes_ = 0;
  long long handed_ = 0;  // calls that handed the block to Catalyst (bytes = handed_ x global_block_bytes_)
  FolderSnapshot before_first_call_;  // rank 0: the folder before the first call; what differs later is this run's (files)
  double first_call_s_ = 0;  // the whole first call: loading the plugin, starting Catalyst, the script's import (startup_s)
  double copy_s_ = 0;
};

}  // namespace gs
