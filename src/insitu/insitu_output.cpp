#include "insitu/insitu_output.hpp"

#include <cstdio>
#include <filesystem>

#include "comm/reduce.hpp"
#include "config/values.hpp"
#include "core/error.hpp"
#include "insitu/catalyst_adaptor.hpp"
#include "insitu/insitu_block.hpp"

namespace gs {

InsituOutput::InsituOutput(const SimConfig& cfg, const Decomposition& dec)
    : cfg_(cfg), dec_(dec), dir_((std::filesystem::path(cfg.output.dir) / "insitu").string()) {
  cadence_.every = cfg.insitu.every;
  cadence_.at_first = true;
  cadence_.at_last = true;
  cadence_.at_stop = true;
}

InsituOutput::~InsituOutput() = default;

void InsituOutput::write(const OutputStep& s, const State& state) {
  if (!adaptor_) {
    const double t0 = MPI_Wtime();
    if (dec_.rank() == 0) {
      std::error_code ec;
      std::filesystem::create_directories(dir_, ec);
    }
    GS_MPI_CHECK(MPI_Barrier(dec_.comm()));
    block_ = std::make_unique<InsituBlock>(dec_, cfg_.parallel.gpu_aware_mpi);
    long long bytes = block_->bytes();
    allreduce_sum(&bytes, 1, dec_.comm());
    global_block_bytes_ = bytes;
    adaptor_ = std::make_unique<CatalystAdaptor>(cfg_, dec_, dir_);
    startup_s_ = MPI_Wtime() - t0;
  }
  last_step_ = s.step;
  const double t0 = MPI_Wtime();
  block_->copy(state);
  copy_s_ += MPI_Wtime() - t0;
  report_.bytes += global_block_bytes_;
  report_.last_path = dir_;
  const std::string error = adaptor_->execute(s.step, s.time, *block_, s.last || s.stopping);
  if (error.empty()) return;
  if (report_.failure.empty()) report_.failure = error;  // the first one explains the rest
  if (cfg_.insitu.fail_is_error) throw RunError("insitu: " + error);
  if (dec_.rank() == 0) {
    std::fprintf(stderr, "grayscott: warning: insitu: %s (insitu.fail = \"warn\": the run goes on)\n", error.c_str());
    std::fflush(stderr);
  }
}

std::string InsituOutput::summary_extra() const {
  // Steady cost per call without Catalyst's one-time start-up (Python, ParaView modules).
  const long long calls = report_.calls;
  const double per_call = calls > 0 ? std::max(0.0, report_.seconds - startup_s_) / double(calls) : 0.0;
  return "\"startup_s\": " + json_number(startup_s_) + ", \"seconds_per_call\": " + json_number(per_call) +
         ", \"copy_s\": " + json_number(copy_s_) + ", \"scripts\": " + std::to_string(cfg_.insitu.scripts.size());
}

}  // namespace gs

#include "insitu/make_insitu_output.hpp"

namespace gs {

std::unique_ptr<Output> make_insitu_output(const SimConfig& cfg, const Decomposition& dec) {
  if (!cfg.insitu.enabled()) return nullptr;
  return std::make_unique<InsituOutput>(cfg, dec);
}

}  // namespace gs
