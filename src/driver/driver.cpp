// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The run from start to summary: initial condition or restart point, the
// time loop offering each step (or each block's last step, with
// parallel.halo_depth > 1) to the outputs, stop requests, failures.
#include "driver/driver.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>

#include "comm/reduce.hpp"
#include "core/error.hpp"
#include "core/test_hooks.hpp"
#include "driver/stop_request.hpp"
#include "init/initial_conditions.hpp"
#include "io/checkpoint_names.hpp"
#include "io/checkpoint_reader.hpp"
#include "outputs/checkpoint_output.hpp"
#include "outputs/diagnostics_output.hpp"
#include "physics/diagnostics.hpp"

namespace gs {

template <class Real>
Driver<Real>::Driver(const SimConfig& cfg, const Decomposition& dec)
    : cfg_(cfg), dec_(dec), fields_(dec, cfg.time.scheme().registers()), stepper_(cfg, dec, timers_) {
  summary_.halo_bytes_per_exchange = stepper_.halo().bytes_per_exchange();
  // The test seam is read here, once, and a hook left set outside a test is said aloud.
  if (dec.rank() == 0)
    for (const std::string& hook : test_hooks().active())
      std::fprintf(stderr, "grayscott: warning: test hook %s is set (fault injection for the tests; see docs/io.md)\n", hook.c_str());
}

template <class Real>
void Driver<Real>::start() {
  ScopedPhase t(timers_, kPhaseInit);
  if (cfg_.restart.empty()) {
    apply_initial_condition(cfg_, dec_, fields_);
    return;
  }
  restart_ = read_restart_point(cfg_, dec_, fields_);
  const RestartPoint& from = *restart_;
  if (from.step > cfg_.time.steps)
    throw InputError(from.path + ": the checkpoint is at step " + std::to_string(from.step) + ", beyond time.steps = " +
                     std::to_string(cfg_.time.steps) + " (time.steps counts from step 0)");
  summary_.restart_from = from.path;
  if (dec_.rank() == 0)
    std::printf("restart from %s at step %ld (digest %s verified)\n", from.path.c_str(), from.step, digest_hex(from.digest).c_str());
}

template <class Real>
OutputStep Driver<Real>::step_info(long step, bool last, bool stopping) const {
  OutputStep s;
  s.step = step;
  s.time = step * cfg_.time.dt;
  s.first_step = first_step_;
  s.fresh = first_step_ == 0;
  s.first = step == first_step_;
  s.last = last;
  s.stopping = stopping;
  s.loop_seconds = MPI_Wtime() - loop_start_;
  return s;
}

template <class Real>
void Driver<Real>::offer(const OutputStep& s) {
  bool any_due = false;
  for (const auto& out : outputs_) any_due = any_due || out->due(s);
  if (any_due) folder_->check(s.step);
  bool ghosts_filled = false;
  for (auto& out : outputs_) {
    if (!out->due(s)) continue;
    const std::string phase = out->name();
    ScopedPhase t(timers_, phase);
    const double t0 = MPI_Wtime();
    // Once per step, in the phase of the first output that reads ghosts; later ones read the same state.
    if (out->reads_ghosts() && !ghosts_filled) {
      stepper_.fill_ghosts(fields_.now());
      ghosts_filled = true;
    }
    // A call that fails (throws) counts too, with its time: calls and seconds
    // say what was attempted, whatever the failure policy.
    try {
      out->write(s, fields_.now());
      ExecSpace().fence();
    } catch (...) {
      out->report().calls += 1;
      out->report().seconds += MPI_Wtime() - t0;
      throw;
    }
    out->report().calls += 1;
    out->report().seconds += MPI_Wtime() - t0;
  }
}

template <class Real>
long Driver<Real>::block_end(long step, long steps) const {
  long end = std::min(steps, step + stepper_.halo_depth());
  for (const auto& out : outputs_) end = std::min(end, std::max(step + 1, out->next_due(step)));
  return end;
}

template <class Real>
std::string Driver<Real>::last_checkpoint() const { return checkpoint_ ? checkpoint_->report().last_path : ""; }

template <class Real>
std::string Driver<Real>::finish_summary(long step) {
  const double loop = MPI_Wtime() - loop_start_;
  summary_.steps = step;
  summary_.time = step * cfg_.time.dt;
  summary_.digest = state_digest(fields_.now(), dec_);
  summary_.final_stats = global_stats(fields_.now(), dec_);
  summary_.cell_updates_per_s = loop > 0 ? double(cfg_.grid.cells()) * (step - first_step_) / loop : 0.0;
  // Per phase: the slowest rank's time; "other" is what the named phases leave of the total.
  std::vector<std::string> names = {kPhaseInit, kPhaseCompute, kPhaseHalo};
  for (const auto& out : outputs_) names.push_back(out->name());
  std::vector<double> values;
  for (const auto& name : names) values.push_back(timers_.get(name));
  // Each rank's init, compute, halo and loop time too: the slowest rank's
  // halo phase is mostly waiting for another, which only the ranks side by
  // side show (a late start, a rank with more compute).
  const char* per_rank_names[] = {kPhaseInit, kPhaseCompute, kPhaseHalo, "time_loop"};
  const double mine[] = {timers_.get(kPhaseInit), timers_.get(kPhaseCompute), timers_.get(kPhaseHalo), loop};
  const std::vector<double> every = gather_to_root(mine, 4, 0, dec_.comm());
  summary_.wall_time_per_rank.clear();
  for (int p = 0; p < 4 && !every.empty(); ++p)
    for (int r = 0; r < dec_.size(); ++r) summary_.wall_time_per_rank[per_rank_names[p]].push_back(every[std::size_t(4 * r + p)]);
  allreduce_max(values.data(), int(values.size()), dec_.comm());
  std::map<std::string, double> phases;
  double named = 0;
  for (std::size_t i = 0; i < names.size(); ++i) named += (phases[names[i]] = values[i]);
  const double total = MPI_Wtime() - run_start_;
  phases["total"] = total;
  phases["other"] = std::max(0.0, total - named);
  phases["time_loop"] = loop;
  summary_.wall_time = phases;
  summary_.outputs.clear();
  for (const auto& out : outputs_) {
    if (const auto* d = dynamic_cast<const DiagnosticsOutput<Real>*>(out.get())) {
      summary_.pattern = d->pattern_summary();
      summary_.dynamics = d->dynamics_summary();
    }
    const OutputReport& r = out->report();
    summary_.outputs.push_back({out->name(), r.calls, r.bytes, r.seconds, r.last_path, r.failure, out->summary_extra()});
  }
  // Rank 0 writes; every rank learns whether it worked, so a full disk ends
  // the run alike everywhere instead of aborting one rank.
  std::string err;
  try {
    write_summary(cfg_, dec_, summary_);
  } catch (const std::exception& e) {
    err = e.what();
  }
  err = first_error(err, dec_.comm());
  if (!err.empty()) return err;
  if (dec_.rank() == 0) {
    double io = 0;
    for (const auto& out : outputs_) io += phases[out->name()];
    std::printf("PERFORMANCE ranks=%d cells=%lld steps=%ld loop=%.3fs cell_updates_per_s=%.4g compute=%.3fs halo=%.3fs outputs=%.3fs digest=%s\n",
                dec_.size(), cfg_.grid.cells(), step - first_step_, loop, summary_.cell_updates_per_s, phases[kPhaseCompute],
                phases[kPhaseHalo], io, digest_hex(summary_.digest).c_str());
    std::fflush(stdout);
  }
  return "";
}

template <class Real>
int Driver<Real>::fail(const std::string& what, long step) {
  // A folder removed while a write was under way fails that write first (a
  // file of it gone, pattern.csv say): when the folder is gone, its own message
  // says what happened, whichever writer met it, and nothing is written.
  std::string error = what;
  if (folder_ && !folder_->gone()) {
    try {
      folder_->check(step);
    } catch (const RunError& e) {
      error = e.what();
    }
  }
  summary_.status = RunStatus::failed;
  summary_.error = error;
  std::string summary_error = folder_ && folder_->gone() ? "its folder is gone" : finish_summary(step);
  // ... or the folder went while the summary was being written.
  if (!summary_error.empty() && folder_ && !folder_->gone()) {
    try {
      folder_->check(step);
    } catch (const RunError&) {
    }
  }
  if (dec_.rank() == 0) {
    const std::string no_summary = folder_ && folder_->gone() ? "; no summary.json (its folder is gone)"
                                   : summary_error.empty()     ? ""
                                                               : " (and no summary: " + summary_error + ")";
    std::fprintf(stderr, "grayscott: error: %s\n", one_line(error + no_summary).c_str());
    std::fflush(stderr);
  }
  return 1;
}

template <class Real>
int Driver<Real>::run() {
  run_start_ = MPI_Wtime();
  start();
  first_step_ = restart_ ? restart_->step : 0;
  // Only now, with the input and any checkpoint verified, is anything written.
  folder_ = std::make_unique<OutputFolder>(cfg_.output.dir, dec_.comm());
  // Pruning keeps the newest steps of this run's lineage only, but a fresh
  // run would still bury another run's checkpoints under its own 'latest'.
  // Checked with the lock held (no other run is writing checkpoints here) and
  // before the lock file is written, so that the refusal (exit 2) leaves the
  // folder as it found it.
  std::function<std::string()> refuse;
  if (cfg_.restart.empty() && !cfg_.checkpoint.overwrite) refuse = [this] { return foreign_checkpoints(cfg_); };
  lock_ = std::make_unique<RunLock>(cfg_.output.dir, dec_.comm(), refuse);
  outputs_ = make_outputs<Real>(cfg_, dec_, restart_ ? &*restart_ : nullptr);
  for (const auto& out : outputs_)
    if (const auto* c = dynamic_cast<const CheckpointOutput<Real>*>(out.get())) checkpoint_ = c;
  StopRequest stop(cfg_.checkpoint.walltime, run_start_);
  const long steps = cfg_.time.steps;
  loop_start_ = MPI_Wtime();
  long step = first_step_;
  try {
    offer(step_info(step, step == steps, false));
    while (step < steps) {
      // One block: up to halo_depth steps, ending where an output is due, at
      // the last step, or earlier; stop requests are agreed once per block.
      const long n = block_end(step, steps) - step;
      stepper_.advance(fields_, n);
      step += n;
      const bool last = step == steps;
      offer(step_info(step, last, false));
      if (!last && stop.agreed(dec_.comm())) {
        offer(step_info(step, false, true));
        summary_.status = RunStatus::stopped;
        summary_.error = std::string("stopped by ") + stop.reason();
        const std::string summary_error = finish_summary(step);
        if (!summary_error.empty()) return fail(summary_error, step);
        if (dec_.rank() == 0) {
          std::printf("grayscott: stopped at step %ld of %ld by %s; checkpoint %s\n", step, steps, stop.reason(),
                      last_checkpoint().c_str());
          std::printf("restart with: %s restart=latest\n", cfg_.command_line.c_str());
          std::fflush(stdout);
        }
        return 0;
      }
    }
  } catch (const RunError& e) {
    // Outputs raise RunError on every rank alike (collective checks), so all
    // ranks get here together and the summary can still be written.
    return fail(e.what(), step);
  }
  const std::string summary_error = finish_summary(steps);
  if (!summary_error.empty()) return fail(summary_error, steps);
  return 0;
}

template class Driver<float>;
template class Driver<double>;

}  // namespace gs
