// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The checkpoint output: refuses a non-finite state, then has the writer write it.
#include "outputs/checkpoint_output.hpp"

#include <cstdio>

#include "core/error.hpp"
#include "physics/diagnostics.hpp"

namespace gs {

template <class Real>
CheckpointOutput<Real>::CheckpointOutput(const SimConfig& cfg, const Decomposition& dec, const RestartPoint* restart)
    : dec_(dec), writer_(cfg, dec, restart), last_written_(restart ? restart->step : -1) {
  cadence_.every = cfg.checkpoint.every;
  cadence_.at_last = cfg.checkpoint.every > 0;
  cadence_.at_stop = true;
}

template <class Real>
void CheckpointOutput<Real>::write(const OutputStep& s, const State<Real>& state) {
  // A blown-up state must never become the restart point: one reduction per
  // checkpoint, before anything is written or pruned.
  const FieldStats stats = global_stats(state, dec_);
  if (!stats.finite())
    throw RunError("refusing to write the checkpoint of step " + std::to_string(s.step) + ": the state holds " +
                   std::to_string(stats.u.nonfinite + stats.v.nonfinite) +
                   " non-finite values (NaN or Inf); the previous checkpoints are kept");
  const double t0 = MPI_Wtime();
  const WrittenCheckpoint info = writer_.write(s.step, s.time, state_digest(state, dec_), state);
  const double secs = MPI_Wtime() - t0;
  report_.bytes += info.bytes;
  report_.last_path = info.path;
  last_written_ = s.step;
  if (dec_.rank() == 0)
    std::printf("checkpoint step %ld  %s  %.2f MB in %.3fs (%.1f MB/s)\n", s.step, info.path.c_str(), info.bytes / 1e6, secs,
                secs > 0 ? info.bytes / 1e6 / secs : 0.0);
}

template class CheckpointOutput<float>;
template class CheckpointOutput<double>;

}  // namespace gs
