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
#include "insitu/catalyst_plugin.hpp"
#include "insitu/insitu_block.hpp"

namespace gs {

InsituOutput::InsituOutput(const SimConfig& cfg, const Decomposition& dec)
    : cfg_(cfg), dec_(dec), dir_((std::filesystem::path(cfg.output.dir) / "insitu").string()) {
  cadence_.every = cfg.insitu.every;
  cadence_.at_first = true;
  cadence_.at_last = true;
  cadence_.at_stop = true;
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

InsituOutput::~InsituOutput() {
  session_.reset();  // finalizes Catalyst while its code is still loaded
  // The plugin stays loaded: VTK's static destructors run at exit.
}

void InsituOutput::start() {
  const double t0 = MPI_Wtime();
  if (dec_.rank() == 0) {
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
  }
  std::string error;
  CreateCatalystSession create = nullptr;
  for (const auto& path : plugin_candidates()) {
    // RTLD_GLOBAL: the Python extension modules ParaView imports later expect
    // libpython's symbols in the global scope, as in an executable linked with it.
    plugin_ = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (plugin_) break;
    error += std::string(error.empty() ? "" : "; ") + dlerror();
  }
  if (plugin_) create = reinterpret_cast<CreateCatalystSession>(dlsym(plugin_, kCreateCatalystSession));
  error = first_error(create ? "" : "cannot load the Catalyst plugin (" + error + ")", dec_.comm());
  if (!error.empty()) {
    report_.failure = error;
    throw RunError("insitu: " + error);
  }
  block_ = std::make_unique<InsituBlock>(dec_);
  long long bytes = block_->bytes();
  allreduce_sum(&bytes, 1, dec_.comm());
  global_block_bytes_ = bytes;
  session_.reset(create(cfg_, dec_.comm(), dir_.c_str()));
  startup_s_ = MPI_Wtime() - t0;
}

void InsituOutput::write(const OutputStep& s, const State& state) {
  if (!session_) start();
  last_step_ = s.step;
  const double t0 = MPI_Wtime();
  block_->copy(state);
  copy_s_ += MPI_Wtime() - t0;
  report_.bytes += global_block_bytes_;
  report_.last_path = dir_;
  CatalystBlock view;
  view.u = block_->u();
  view.v = block_->v();
  for (int d = 0; d < 3; ++d) view.first[d] = block_->first()[d], view.points[d] = block_->points()[d];
  const std::string error = first_error(session_->execute(s.step, s.time, view, s.last || s.stopping), dec_.comm());
  if (error.empty()) return;
  if (report_.failure.empty()) report_.failure = error;  // the first one explains the rest
  if (cfg_.insitu.fail_is_error) throw RunError("insitu: " + error);
  if (dec_.rank() == 0) {
    std::fprintf(stderr, "grayscott: warning: insitu: %s (insitu.fail = \"warn\": the run goes on)\n", error.c_str());
    std::fflush(stderr);
  }
}

Json InsituOutput::summary_extra() const {
  // Steady cost per call without Catalyst's one-time start-up (Python, ParaView modules).
  const long long calls = report_.calls;
  const double per_call = calls > 0 ? std::max(0.0, report_.seconds - startup_s_) / double(calls) : 0.0;
  return {{"startup_s", json_finite(startup_s_)},
          {"seconds_per_call", json_finite(per_call)},
          {"copy_s", json_finite(copy_s_)},
          {"scripts", cfg_.insitu.scripts.size()}};
}

}  // namespace gs
