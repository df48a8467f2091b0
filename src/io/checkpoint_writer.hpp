// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Writing checkpoints: one parallel HDF5 file per checkpoint holding the
// global u and v (no ghosts) and everything a restart needs, its disk space
// reserved before HDF5 writes it, written crash-safely under a temporary
// name, with an XDMF sidecar so ParaView opens it as it is.
#include <hdf5.h>

#include <cstdint>
#include <set>
#include <string>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "io/checkpoint_format.hpp"

namespace gs {

struct WrittenCheckpoint {
  std::string path;
  long long bytes = 0;  // size of the written file
};

class CheckpointWriter {
 public:
  // Collective. A fresh run (restart == nullptr) starts a new lineage; a
  // restart continues the lineage of the checkpoint it started from.
  CheckpointWriter(const SimConfig& cfg, const Decomposition& dec, const RestartPoint* restart);
  // Collective. Writes <dir>/ckpt_<step>.h5 under a temporary name, closes it,
  // renames it into place, points "latest" at it, then prunes to
  // checkpoint.keep. Any failure: RunError on every rank, with the previous
  // checkpoints and "latest" as they were.
  template <class Real>
  WrittenCheckpoint write(long step, double time, std::uint64_t digest, const State<Real>& f) const;
  const std::string& lineage() const { return lineage_; }

 private:
  std::string check_folder() const;
  void write_attributes(hid_t file, long step, double time, std::uint64_t digest) const;
  mutable std::set<std::string> warned_;  // stray files reported once per run
  const SimConfig& cfg_;
  const Decomposition& dec_;
  std::string dir_;
  std::string lineage_;
};

}  // namespace gs
