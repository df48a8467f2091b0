#pragma once
// Checkpoints: one parallel HDF5 file per checkpoint holding the global u and v
// (no ghosts) and everything a restart needs, written crash-safely, readable on
// any rank count, with an XDMF sidecar so ParaView opens it as it is.
#include <cstdint>
#include <set>
#include <string>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

// 2: a lineage (run id) and a seal over step, time, config, lineage and the digest.
constexpr long long kCheckpointFormatVersion = 2;

struct CheckpointInfo {
  std::string path;
  long step = 0;
  double time = 0;
  std::uint64_t digest = 0;
  long long bytes = 0;  // size of the written file
  std::string lineage;  // run id shared by a fresh run and every restart from its checkpoints
};

class CheckpointStore {
 public:
  // Collective. A fresh run starts a new lineage; a restart continues its checkpoint's.
  CheckpointStore(const SimConfig& cfg, const Decomposition& dec);
  // Collective. Writes <dir>/ckpt_<step>.h5 under a temporary name, closes it,
  // renames it into place, points "latest" at it, then prunes to checkpoint.keep.
  CheckpointInfo write(long step, double time, std::uint64_t digest, const State& f) const;
  std::string dir() const { return dir_; }
  const std::string& lineage() const { return lineage_; }

 private:
  void prune() const;
  mutable std::set<std::string> warned_;  // stray files reported once per run
  const SimConfig& cfg_;
  const Decomposition& dec_;
  std::string dir_;
  std::string lineage_;
};

// Rank 0: "" or why a fresh run must not write into cfg's checkpoint folder
// (it holds checkpoints, so they are another run's).
std::string foreign_checkpoints(const SimConfig& cfg);

// The checkpoints folder of a run's output folder.
std::string checkpoint_dir(const std::string& output_dir);

// restart=latest (this run's output folder), a checkpoint folder or output
// folder (its latest), or a checkpoint file. Throws InputError if none is found.
std::string resolve_restart(const std::string& arg, const SimConfig& cfg);

// Collective. Validates the file against this run's config and fills the owned
// cells of f.u, f.v. Any problem: InputError naming the file and the mismatch.
CheckpointInfo read_checkpoint(const std::string& path, const SimConfig& cfg, const Decomposition& dec, State& f);

}  // namespace gs
