// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Writing one checkpoint: the .tmp file through write_state_file (its space
// reserved first), then rename, point 'latest' at it, prune. Every failure is
// made collective before the next collective call, so all ranks leave together.
#include "io/checkpoint_writer.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "comm/reduce.hpp"
#include "config/loader.hpp"
#include "core/build_info.hpp"
#include "core/test_hooks.hpp"
#include "io/atomic_file.hpp"
#include "io/checkpoint_format.hpp"
#include "io/checkpoint_names.hpp"
#include "io/h5.hpp"
#include "io/state_file.hpp"
#include "io/summary.hpp"
#include "io/xdmf.hpp"

namespace fs = std::filesystem;

namespace gs {

namespace {

std::vector<long long> grid_n(const GridConfig& g) { return std::vector<long long>(g.n.begin(), g.n.begin() + g.dims); }
std::vector<double> grid_L(const GridConfig& g) { return std::vector<double>(g.L.begin(), g.L.begin() + g.dims); }

}  // namespace

CheckpointWriter::CheckpointWriter(const SimConfig& cfg, const Decomposition& dec, const RestartPoint* restart)
    : cfg_(cfg), dec_(dec), dir_(checkpoint_dir(cfg.output.dir)) {
  // Every rank read the same verified file, so every rank holds the same lineage.
  lineage_ = restart && !restart->lineage.empty() ? restart->lineage : new_checkpoint_lineage(dec.comm());
}

// Rank 0: the checkpoints subfolder exists (write_state_file clears a stale .tmp).
std::string CheckpointWriter::check_folder() const {
  std::error_code ec;
  // Only the checkpoints subfolder: an output.dir removed during the run is not brought back.
  fs::create_directory(dir_, ec);
  return fs::is_directory(dir_) ? "" : dir_ + ": cannot create the checkpoint folder";
}

void CheckpointWriter::write_attributes(hid_t id, long step, double time, std::uint64_t digest) const {
  h5_write_attr(id, "format", std::string(kCheckpointFormatName));
  h5_write_attr(id, "format_version", kCheckpointFormatVersion);
  h5_write_attr(id, "code_version", std::string(GS_VERSION));
  h5_write_attr(id, "step", (long long)step);
  h5_write_attr(id, "time", time);
  h5_write_attr(id, "digest", digest_hex(digest));
  h5_write_attr(id, "dims", (long long)cfg_.grid.dims);
  h5_write_attr(id, "n", grid_n(cfg_.grid));
  h5_write_attr(id, "L", grid_L(cfg_.grid));
  h5_write_attr(id, "ranks_written", (long long)dec_.size());
  const std::string config = config_to_json(cfg_, 0);
  h5_write_attr(id, "config", config);
  h5_write_attr(id, "lineage", lineage_);
  h5_write_attr(id, "seal", digest_hex(checkpoint_seal(digest, step, time, config, lineage_)));
}

template <class Real>
WrittenCheckpoint CheckpointWriter::write(long step, double time, std::uint64_t digest, const State<Real>& f) const {
  const std::string name = checkpoint_file_name(step);
  const std::string path = dir_ + "/" + name;
  const std::string tmp = path + ".tmp";
  const bool root = dec_.rank() == 0;
  std::string err = first_error(root ? check_folder() : "", dec_.comm());
  if (err.empty()) {
    StateFileWrite w;
    w.tmp = tmp;
    w.noun = "checkpoint";
    w.space_error = dir_ + ": cannot write the checkpoint of step " + std::to_string(step) + ": ";
    w.attributes = [&](hid_t id) { write_attributes(id, step, time, digest); };
    w.reserve = test_hook_reserve_checkpoint_space();
    w.after_data = [&] { test_hook_checkpoint_mid_write(step, dec_.rank()); };
    err = write_state_file(w, dec_, f);
  }
  if (!err.empty()) throw RunError(err + "; the previous checkpoints and 'latest' are kept");

  WrittenCheckpoint written{path, 0};
  err = first_error_of(
      [&] {
        if (!root) return;
        fsync_path(tmp);
        if (std::rename(tmp.c_str(), path.c_str()) != 0) throw RunError(path + ": cannot move the checkpoint into place");
        write_xdmf(dir_ + "/" + name.substr(0, name.size() - 3) + ".xmf", cfg_.grid, {{name, step, time, whole_state(cfg_.grid, bytes_of(cfg_.grid.precision))}},
                   false);
        write_file_atomically(dir_ + "/latest", name + "\n", "the latest-checkpoint pointer");
        fsync_path(dir_);
        written.bytes = (long long)fs::file_size(path);
        prune_checkpoints(dir_, lineage_, cfg_.checkpoint.keep, warned_);
      },
      dec_.comm());
  if (!err.empty()) throw RunError(err);
  GS_MPI_CHECK(MPI_Bcast(&written.bytes, 1, MPI_LONG_LONG, 0, dec_.comm()));
  return written;
}

template WrittenCheckpoint CheckpointWriter::write(long, double, std::uint64_t, const State<float>&) const;
template WrittenCheckpoint CheckpointWriter::write(long, double, std::uint64_t, const State<double>&) const;

}  // namespace gs
