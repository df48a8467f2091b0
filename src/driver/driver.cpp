#include "driver/driver.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "comm/reduce.hpp"
#include "config/values.hpp"
#include "core/error.hpp"
#include "driver/stop_request.hpp"
#include "init/initial_conditions.hpp"
#include "physics/diagnostics.hpp"

namespace gs {

namespace {

// Rank 0 creates output.dir; every rank learns whether it worked (InputError if not).
void prepare_output_dir(const std::string& dir, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  char message[512] = {0};
  if (rank == 0) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
      std::snprintf(message, sizeof message, "key 'output.dir': cannot create folder '%s' (%s)", dir.c_str(),
                    ec ? ec.message().c_str() : "a file of that name exists");
  }
  GS_MPI_CHECK(MPI_Bcast(message, sizeof message, MPI_CHAR, 0, comm));
  if (message[0]) throw InputError(message);
}

}  // namespace

Driver::Driver(const SimConfig& cfg, const Decomposition& dec)
    : cfg_(cfg), dec_(dec), fields_(dec), stepper_(cfg, dec, timers_), images_(cfg.output, dec), checkpoints_(cfg, dec) {
  log_every_ = cfg.output.log_every > 0 ? cfg.output.log_every : std::max(1L, cfg.time.steps / 20);
  summary_.halo_bytes_per_exchange = stepper_.halo().bytes_per_exchange();
#if GS_HAVE_CATALYST
  if (cfg.insitu.enabled()) insitu_ = std::make_unique<Insitu>(cfg, dec);
#endif
}

std::uint64_t Driver::current_digest() const {
  return state_digest(fields_, dec_);
}

long Driver::start() {
  ScopedPhase t(timers_, "init");
  if (cfg_.restart.empty()) {
    apply_initial_condition(cfg_, dec_, fields_);
    return 0;
  }
  const std::string path = resolve_restart(cfg_.restart, cfg_);
  const CheckpointInfo info = read_checkpoint(path, cfg_, dec_, fields_);
  if (info.step > cfg_.time.steps)
    throw InputError(path + ": the checkpoint is at step " + std::to_string(info.step) + ", beyond time.steps = " +
                     std::to_string(cfg_.time.steps) + " (time.steps counts from step 0)");
  summary_.restart_from = path;
  last_checkpoint_ = info.step;
  if (dec_.rank() == 0)
    std::printf("restart from %s at step %ld (digest %s verified)\n", path.c_str(), info.step, digest_hex(info.digest).c_str());
  return info.step;
}

void Driver::write_outputs(long step) {
  ScopedPhase t(timers_, "output");
  const std::uint64_t digest = current_digest();
  summary_.digests.emplace_back(step, digest);
  const std::string image = images_.write(step, fields_);
  if (dec_.rank() == 0) std::printf("output step %ld  digest %s  image %s\n", step, digest_hex(digest).c_str(), image.c_str());
}

void Driver::write_fields(long step) {
  ScopedPhase t(timers_, "field_output");
  const double t0 = MPI_Wtime();
  summary_.fields_bytes += field_writer_->write(step, step * cfg_.time.dt, fields_);
  summary_.fields_seconds += MPI_Wtime() - t0;
}

void Driver::write_checkpoint(long step) {
  if (step == last_checkpoint_) return;
  ScopedPhase t(timers_, "checkpoint");
  const double t0 = MPI_Wtime();
  const CheckpointInfo info = checkpoints_.write(step, step * cfg_.time.dt, current_digest(), fields_);
  const double secs = MPI_Wtime() - t0;
  summary_.checkpoint_bytes += info.bytes;
  summary_.checkpoint_seconds += secs;
  summary_.last_checkpoint = info.path;
  last_checkpoint_ = step;
  if (dec_.rank() == 0)
    std::printf("checkpoint step %ld  %s  %.2f MB in %.3fs (%.1f MB/s)\n", step, info.path.c_str(), info.bytes / 1e6, secs,
                secs > 0 ? info.bytes / 1e6 / secs : 0.0);
}

bool Driver::write_insitu(long step, bool first, bool last) {
#if GS_HAVE_CATALYST
  if (!insitu_ || !insitu_->due(step, first, last)) return true;
  ScopedPhase t(timers_, "insitu");
  bool ok = true;
  try {
    insitu_->write(step, step * cfg_.time.dt, fields_, last);
  } catch (const RunError& e) {
    summary_.status = "failed";
    summary_.error = e.what();
    if (dec_.rank() == 0) std::fprintf(stderr, "grayscott: error: %s\n", e.what());
    ok = false;
  }
  ++insitu_calls_;
  char body[256];
  std::snprintf(body, sizeof body, "{\"calls\": %lld, \"bytes\": %lld, \"startup_s\": %.6g, \"copy_s\": %.6g, ", insitu_calls_,
                insitu_->bytes(), insitu_->startup_seconds(), insitu_->copy_seconds());
  summary_.outputs["insitu"] = body + std::string("\"dir\": ") + json_string(insitu_->dir()) + ", \"failure\": " +
                               (insitu_->failure().empty() ? "null" : json_string(insitu_->failure())) + "}";
  return ok;
#else
  (void)step, (void)first, (void)last;
  return true;
#endif
}

bool Driver::check_and_report(long step) {
  ScopedPhase t(timers_, "diagnostics");
  const FieldStats s = global_stats(fields_, dec_);
  summary_.final_stats = s;
  if (!s.finite()) {
    const char* field = s.u.nonfinite ? "u" : "v";
    char msg[256];
    std::snprintf(msg, sizeof msg, "non-finite value (NaN or Inf) in field %s at step %ld (%lld cells); dt may be too large", field,
                  step, s.u.nonfinite ? s.u.nonfinite : s.v.nonfinite);
    summary_.status = "failed";
    summary_.error = msg;
    return false;
  }
  if (dec_.rank() == 0) {
    const double elapsed = MPI_Wtime() - loop_start_;
    const double rate = step > first_step_ && elapsed > 0 ? (step - first_step_) / elapsed : 0.0;
    const double eta = rate > 0 ? (cfg_.time.steps - step) / rate : 0.0;
    const double n = double(s.cells);
    std::printf("step %ld/%ld  t=%.6g  u[min %.4g max %.4g mean %.6g]  v[min %.4g max %.4g mean %.6g]  %.1f steps/s  ETA %.1fs\n",
                step, cfg_.time.steps, step * cfg_.time.dt, s.u.min, s.u.max, s.u.sum / n, s.v.min, s.v.max, s.v.sum / n,
                rate, eta);
    std::fflush(stdout);
  }
  return true;
}

void Driver::finish_summary(long step) {
  const double loop = MPI_Wtime() - loop_start_;
  summary_.steps = step;
  summary_.time = step * cfg_.time.dt;
  summary_.digest = current_digest();
  summary_.cell_updates_per_s = loop > 0 ? double(cfg_.grid.cells()) * (step - first_step_) / loop : 0.0;
  // Per phase: the slowest rank's time; "other" is what the named phases leave of the total.
  std::map<std::string, double> phases;
  for (const char* name : {"compute", "halo_exchange", "output", "field_output", "checkpoint", "diagnostics", "init", "insitu"})
    phases[name] = timers_.get(name);
  std::vector<double> values;
  for (auto& [name, secs] : phases) values.push_back(secs);
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, values.data(), int(values.size()), MPI_DOUBLE, MPI_MAX, dec_.comm()));
  double named = 0;
  std::size_t i = 0;
  for (auto& [name, secs] : phases) named += (secs = values[i++]);
  const double total = MPI_Wtime() - run_start_;
  phases["total"] = total;
  phases["other"] = std::max(0.0, total - named);
  phases["time_loop"] = loop;
  summary_.wall_time = phases;
  write_summary(cfg_, dec_, summary_);
  if (dec_.rank() == 0) {
    std::printf("PERFORMANCE ranks=%d cells=%lld steps=%ld loop=%.3fs cell_updates_per_s=%.4g compute=%.3fs halo=%.3fs output=%.3fs io=%.3fs digest=%s\n",
                dec_.size(), cfg_.grid.cells(), step - first_step_, loop, summary_.cell_updates_per_s, phases["compute"],
                phases["halo_exchange"], phases["output"], phases["checkpoint"] + phases["field_output"],
                digest_hex(summary_.digest).c_str());
    std::fflush(stdout);
  }
}

int Driver::run() {
  run_start_ = MPI_Wtime();
  first_step_ = start();
  // Only now, with the input and any checkpoint verified, is anything written.
  prepare_output_dir(cfg_.output.dir, dec_.comm());
  field_writer_ = std::make_unique<FieldWriter>(cfg_, dec_, first_step_);
  StopRequest stop(cfg_.checkpoint.walltime, run_start_);
  const long steps = cfg_.time.steps;
  const long fields_every = cfg_.output.fields_every;
  loop_start_ = MPI_Wtime();
  if (!check_and_report(first_step_)) {
    finish_summary(first_step_);
    return 1;
  }
  if (first_step_ == 0) {
    write_outputs(0);
    if (fields_every > 0) write_fields(0);
  }
  if (!write_insitu(first_step_, true, first_step_ == steps)) {
    finish_summary(first_step_);
    return 1;
  }
  for (long step = first_step_ + 1; step <= steps; ++step) {
    stepper_.step(fields_);
    const bool last = step == steps;
    if (step % log_every_ == 0 || last) {
      if (!check_and_report(step)) {
        if (dec_.rank() == 0) std::fprintf(stderr, "grayscott: error: %s\n", summary_.error.c_str());
        finish_summary(step);
        return 1;
      }
    }
    if ((cfg_.output.every > 0 && step % cfg_.output.every == 0) || last) write_outputs(step);
    if (fields_every > 0 && step % fields_every == 0) write_fields(step);
    if (!write_insitu(step, false, last)) {
      finish_summary(step);
      return 1;
    }
    if (cfg_.checkpoint.every > 0 && (step % cfg_.checkpoint.every == 0 || last)) write_checkpoint(step);
    if (!last && stop.agreed(dec_.comm())) {
      write_checkpoint(step);
      summary_.status = "stopped";
      summary_.error = std::string("stopped by ") + stop.reason();
      finish_summary(step);
      if (dec_.rank() == 0) {
        std::printf("grayscott: stopped at step %ld of %ld by %s; checkpoint %s\n", step, steps, stop.reason(),
                    summary_.last_checkpoint.c_str());
        std::printf("restart with: %s restart=latest\n", cfg_.command_line.c_str());
        std::fflush(stdout);
      }
      return 0;
    }
  }
  finish_summary(steps);
  return 0;
}

}  // namespace gs
