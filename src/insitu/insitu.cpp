#include "insitu/insitu.hpp"

#include <cstdio>
#include <filesystem>

#include "core/error.hpp"
#include "insitu/catalyst_adaptor.hpp"
#include "insitu/insitu_block.hpp"

namespace gs {

Insitu::Insitu(const SimConfig& cfg, const Decomposition& dec)
    : cfg_(cfg), dec_(dec), dir_((std::filesystem::path(cfg.output.dir) / "insitu").string()) {}

Insitu::~Insitu() = default;

void Insitu::write(long step, double time, const State& state, bool last) {
  if (!adaptor_) {
    const double t0 = MPI_Wtime();
    if (dec_.rank() == 0) {
      std::error_code ec;
      std::filesystem::create_directories(dir_, ec);
    }
    GS_MPI_CHECK(MPI_Barrier(dec_.comm()));
    block_ = std::make_unique<InsituBlock>(dec_, cfg_.parallel.gpu_aware_mpi);
    adaptor_ = std::make_unique<CatalystAdaptor>(cfg_, dec_, dir_);
    startup_s_ = MPI_Wtime() - t0;
  }
  const double t0 = MPI_Wtime();
  block_->copy(state);
  copy_s_ += MPI_Wtime() - t0;
  bytes_ += block_->bytes();
  const std::string error = adaptor_->execute(step, time, *block_, last);
  if (error.empty()) return;
  if (failure_.empty()) failure_ = error;  // the first one explains the rest
  if (cfg_.insitu.fail_is_error) throw RunError("insitu: " + error);
  if (dec_.rank() == 0) {
    std::fprintf(stderr, "grayscott: warning: insitu: %s (insitu.fail = \"warn\": the run goes on)\n", error.c_str());
    std::fflush(stderr);
  }
}

}  // namespace gs
