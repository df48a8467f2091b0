// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "outputs/insitu_output.hpp"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "comm/reduce.hpp"
#include "config/values.hpp"
#include "core/build_info.hpp"
#include "core/error.hpp"
#include "core/float_env.hpp"
#include "core/signal_guard.hpp"
#include "config/config_json.hpp"
#include "config/insitu_view.hpp"
#include "insitu/catalyst_plugin.hpp"
#include "insitu/insitu_block.hpp"
#include "outputs/insitu_checks.hpp"

namespace gs {

template <class Real>
InsituOutput<Real>::InsituOutput(const SimConfig& cfg, const Decomposition& dec)
    : cfg_(cfg), dec_(dec), dir_((std::filesystem::path(cfg.output.dir) / "insitu").string()) {
  cadence_.every = cfg.insitu.every;
  cadence_.at_first = true;
  cadence_.at_last = true;
  cadence_.at_stop = true;
  // Before step 0, on every rank alike (exit 2): no display would abort
  // ParaView at its first render; a file in the folder's place would lose every image.
  bool renders = false;
  for (const auto& script : cfg.insitu.scripts) renders = renders || insitu_script_renders(script);
  std::string problem = renders ? insitu_display_problem() : "";
  if (problem.empty() && dec.rank() == 0) problem = insitu_folder_problem(dir_);
  problem = first_error(problem, dec.comm());
  if (!problem.empty()) throw InputError(problem);
}

namespace {

// Where the plugin is: $GS_CATALYST_PLUGIN, else beside the executable (build
// tree), else in the installed library folder relative to it.
std::vector<std::string> plugin_candidates() {
  if (const char* env = std::getenv("GS_CATALYST_PLUGIN")) return {env};
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  const auto dir = ec ? std::filesystem::path(".") : exe.parent_path();
  return {(dir / GS_CATALYST_PLUGIN_NAME).string(),
          (dir / GS_CATALYST_PLUGIN_RELDIR / GS_CATALYST_PLUGIN_NAME).string()};
}

}  // namespace

template <class Real>
InsituOutput<Real>::~InsituOutput() {
  KeepSignalHandlers keep;
  session_.reset();  // finalizes Catalyst while its code is still loaded
  // The plugin stays loaded: VTK's static destructors run at exit.
}

template <class Real>
void InsituOutput<Real>::start() {
  KeepSignalHandlers keep;  // loading ParaView and starting Catalyst
  std::string error;
  gs_plugin::CreateCatalystSession create = nullptr;
  for (const auto& path : plugin_candidates()) {
    // RTLD_GLOBAL: the Python extension modules ParaView imports later expect
    // libpython's symbols in the global scope, as in an executable linked with it.
    plugin_ = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (plugin_) break;
    error += std::string(error.empty() ? "" : "; ") + dlerror();
  }
  if (plugin_) create = reinterpret_cast<gs_plugin::CreateCatalystSession>(dlsym(plugin_, gs_plugin::kCreateCatalystSession));
  error = first_error(create ? "" : "cannot load the Catalyst plugin (" + error + ")", dec_.comm());
  if (!error.empty()) {
    report_.failure = error;
    throw RunError("insitu: " + error);
  }
  // Normals for the contoured species, v (insitu.iso are values of v).
  block_ = std::make_unique<InsituBlock<Real>>(dec_, cfg_.grid, cfg_.insitu.contour == OutputField::U ? 0 : 1,
                                         cfg_.parallel.gpu_aware_mpi);
  long long bytes = block_->bytes();
  allreduce_sum(&bytes, 1, dec_.comm());
  global_block_bytes_ = bytes;
  session_.reset(create(config_to_json(cfg_, 0).c_str(), dump_json(insitu_settings(cfg_, dir_), -1).c_str(), dec_.comm(),
                        dir_.c_str()));
}

template <class Real>
void InsituOutput<Real>::write(const OutputStep& s, const State<Real>& state) {
  const bool no_call = s.step == last_step_;  // a stop at the step just handed over (due())
  // The driver counts every write(), one that throws too; a finalize alone is no call.
  if (no_call) report_.calls -= 1;
  std::string error = no_call ? "" : call(s, state);
  // The run's last call ends the scripts (catalyst_finalize), so their errors
  // there reach the summary like a call's.
  if (error.empty() && (s.last || s.stopping)) error = finalize();
  if (!error.empty()) {
    if (report_.failure.empty()) report_.failure = error;  // the first one explains the rest
    if (cfg_.insitu.fail_is_error) throw RunError("insitu: " + error);
    disabled_ = true;  // on every rank: the error was agreed on
    if (dec_.rank() == 0) {
      std::fprintf(stderr, "grayscott: warning: insitu: %s (insitu.fail = \"warn\": in situ is off from here, the run goes on)\n",
                   error.c_str());
      std::fflush(stderr);
    }
  }
}

template <class Real>
std::string InsituOutput<Real>::finalize() {
  finalized_ = true;
  std::string error;
  {
    KeepSignalHandlers keep;
    ScopedIeeeSubnormals ieee;
    error = session_->finalize();
  }
  return first_error(error, dec_.comm());
}

template <class Real>
std::string InsituOutput<Real>::call(const OutputStep& s, const State<Real>& state) {
  const double t_start = MPI_Wtime();
  const bool first = !session_;
  if (first) {
    try {
      start();
    } catch (...) {
      first_call_s_ = MPI_Wtime() - t_start;  // a plugin that does not load: start-up is all this call did
      throw;
    }
  }
  last_step_ = s.step;
  const double t0 = MPI_Wtime();
  block_->copy(state);
  copy_s_ += MPI_Wtime() - t0;
  report_.bytes += global_block_bytes_;
  handed_ += 1;
  report_.last_path = dir_;
  gs_plugin::CatalystBlock view;
  view.u = block_->u();
  view.v = block_->v();
  view.normals = block_->normals();
  view.normals_name = block_->normals_name().c_str();
  for (int d = 0; d < 3; ++d) view.first[d] = block_->first()[d], view.points[d] = block_->points()[d];
  // What the folder holds before the call: the call wrote what differs after it.
  const FolderSnapshot before = dec_.rank() == 0 ? snapshot_folder(dir_) : FolderSnapshot{};
  if (first) before_first_call_ = before;
  std::string error;
  {
    KeepSignalHandlers keep;
    ScopedIeeeSubnormals ieee;  // ParaView and the scripts run outside the solver's flush-to-zero
    error = session_->execute(s.step, s.time, view, s.last || s.stopping);
  }
  error = first_error(error, dec_.comm());
  if (error.empty()) error = first_error(dec_.rank() == 0 ? check_written(s.step, before) : "", dec_.comm());
  if (first) first_call_s_ = MPI_Wtime() - t_start;
  return error;
}

template <class Real>
std::string InsituOutput<Real>::check_written(long step, const FolderSnapshot& before) {
  if (!std::filesystem::is_directory(dir_))
    return "step " + std::to_string(step) + ": the in-situ folder '" + dir_ + "' is gone or no longer a folder";
  const long written = files_changed(before, snapshot_folder(dir_));
  // Scripts that wrote files at the first call (images, extracts) write at every call.
  if (writes_files_ < 0) writes_files_ = written > 0 ? 1 : 0;
  if (writes_files_ == 1 && written == 0)
    return "step " + std::to_string(step) + ": the scripts wrote no file under '" + dir_ + "' (they did at the first call)";
  return "";
}

template <class Real>
Json InsituOutput<Real>::summary_extra() const {
  // The first call holds the one-time start-up: loading ParaView, importing
  // the scripts, and the lazy first render. It is startup_s; the steady cost
  // per call is the mean of the others (null with fewer than two calls), and
  // MBps the rate of those calls alone: the bytes they handed to Catalyst
  // over their seconds (seconds counts every call, the first included).
  const long long calls = report_.calls;
  const double steady_s = std::max(0.0, report_.seconds - first_call_s_);
  const Json per_call = calls > 1 ? json_finite(steady_s / double(calls - 1)) : Json();
  const double steady_bytes = double(std::max(0LL, handed_ - 1)) * double(global_block_bytes_);
  const Json rate = calls > 1 && steady_s > 0 && steady_bytes > 0 ? json_finite(steady_bytes / steady_s / 1e6) : Json();
  // Files under output.dir/insitu that this run's calls wrote or rewrote,
  // each once (rank 0 looks; the summary is rank 0's).
  const long files = handed_ > 0 && dec_.rank() == 0 ? files_changed(before_first_call_, snapshot_folder(dir_)) : 0;
  return {{"startup_s", json_finite(first_call_s_)},
          {"seconds_per_call", per_call},
          {"MBps", rate},
          {"files", files},
          {"copy_s", json_finite(copy_s_)},
          {"scripts", cfg_.insitu.scripts.size()}};
}

template class InsituOutput<float>;
template class InsituOutput<double>;

}  // namespace gs
