// Writing one checkpoint: reserve the .tmp file's space, create it, write the
// attributes, create the datasets, write the data, close, rename, point
// 'latest' at it, prune. Every failure is made collective before the
// next collective HDF5 call, so all ranks leave together.
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
#include "io/file_space.hpp"
#include "io/h5.hpp"
#include "io/summary.hpp"
#include "io/xdmf.hpp"

namespace fs = std::filesystem;

namespace gs {

namespace {

std::vector<long long> grid_n(const GridConfig& g) { return std::vector<long long>(g.n.begin(), g.n.begin() + g.dims); }
std::vector<double> grid_L(const GridConfig& g) { return std::vector<double>(g.L.begin(), g.L.begin() + g.dims); }

// Runs fn, turning a RunError into its message ("" when none).
template <class Fn>
std::string error_of(Fn&& fn) {
  try {
    fn();
  } catch (const RunError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

CheckpointWriter::CheckpointWriter(const SimConfig& cfg, const Decomposition& dec, const RestartPoint* restart)
    : cfg_(cfg), dec_(dec), dir_(checkpoint_dir(cfg.output.dir)) {
  // Every rank read the same verified file, so every rank holds the same lineage.
  lineage_ = restart && !restart->lineage.empty() ? restart->lineage : new_checkpoint_lineage(dec.comm());
}

// Rank 0: the checkpoints subfolder exists and no stale .tmp is in the way.
std::string CheckpointWriter::check_folder(const std::string& tmp) const {
  std::error_code ec;
  // Only the checkpoints subfolder: an output.dir removed during the run is not brought back.
  fs::create_directory(dir_, ec);
  fs::remove(tmp, ec);
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

// Rank 0, before HDF5 creates the file: the data's bytes and a page are
// allocated to the empty .tmp (write_tmp tops this up to the exact size once
// HDF5 has laid the file out). HDF5 1.10 does not agree on a failure inside
// its collective metadata write across ranks (they then wait in different
// collectives), and closing a file whose metadata cannot be written fails
// too, so a full disk must be found here, before the file exists, by one
// rank; the caller shares the result.
std::string CheckpointWriter::reserve(const std::string& tmp, long step, long long& reserved) const {
  const long long bytes = 2 * 8 * cfg_.grid.cells() + 4096;  // u and v in 64-bit floats, the superblock's page
  bool held = false;
  const std::string why = reserve_file_space(tmp, bytes, held);
  if (why.empty() && held) reserved = bytes;
  return why.empty() ? "" : dir_ + ": cannot write the checkpoint of step " + std::to_string(step) + ": " + why;
}

// Collective: writes and closes tmp; "" or why it failed (the same on every rank).
std::string CheckpointWriter::write_tmp(const std::string& tmp, long step, double time, std::uint64_t digest,
                                        const State& f, long long reserved) const {
  const MPI_Comm comm = dec_.comm();
  const bool root = dec_.rank() == 0;
  H5Handle file = h5_create(tmp, comm);
  std::string err = first_error(file.valid() ? "" : tmp + ": cannot create the checkpoint file", comm);
  const hid_t id = file.get();
  if (err.empty()) err = first_error(error_of([&] { write_attributes(id, step, time, digest); }), comm);
  StateDatasets datasets;
  if (err.empty()) err = error_of([&] { datasets = h5_create_state(id, dec_); });  // collective on failure too
  // Nothing has reached the file yet and its datasets' storage is allocated,
  // so the file's end is its final size: the rest of it is reserved now,
  // before the first write. Should that fail, the metadata that closing the
  // file writes lies before v's data, so inside the first reservation
  // (whenever a field's data outweighs the metadata, about 7 KB plus the config).
  if (err.empty() && reserved > 0) {
    std::string why;
    if (root) {
      const std::string h5_error = error_of([&] {
        const long long bytes = h5_file_end(id);
        bool held = false;
        if (bytes > reserved) why = reserve_file_space(tmp, bytes, held);
      });
      if (!h5_error.empty()) why = h5_error;
    }
    err = first_error(why.empty() ? "" : dir_ + ": cannot write the checkpoint of step " + std::to_string(step) + ": " + why, comm);
  }
  if (err.empty()) {
    err = error_of([&] { h5_write_state(id, datasets, dec_, f); });  // collective on failure too
    if (!err.empty()) err = tmp + ": writing the checkpoint data failed: " + err;
  }
  if (err.empty()) test_hook_checkpoint_mid_write(step, dec_.rank());
  if (!err.empty() && reserved == 0) {
    // Without a reservation the failure can be a full disk: HDF5 flushes
    // metadata at close, and a file HDF5 failed to close crashes
    // MPI_Finalize. The file is dropped anyway, so its data blocks are given
    // back first to let the close succeed.
    if (root && ::truncate(tmp.c_str(), 0) != 0) err += " (and " + tmp + " could not be truncated)";
    GS_MPI_CHECK(MPI_Barrier(comm));
  }
  datasets = StateDatasets{};
  const bool closed = file.close();
  if (allreduce_any(!closed, comm) && err.empty()) err = tmp + ": closing the checkpoint failed (disk full?)";
  return err;
}

WrittenCheckpoint CheckpointWriter::write(long step, double time, std::uint64_t digest, const State& f) const {
  const std::string name = checkpoint_file_name(step);
  const std::string path = dir_ + "/" + name;
  const std::string tmp = path + ".tmp";
  const bool root = dec_.rank() == 0;
  long long reserved = 0;  // bytes held for tmp; 0: none (the test hook, or no fallocate)
  std::string err;
  if (root) {
    err = check_folder(tmp);
    if (err.empty() && test_hook_reserve_checkpoint_space()) err = reserve(tmp, step, reserved);
  }
  err = first_error(err, dec_.comm());
  GS_MPI_CHECK(MPI_Bcast(&reserved, 1, MPI_LONG_LONG, 0, dec_.comm()));
  if (err.empty()) err = write_tmp(tmp, step, time, digest, f, reserved);
  if (!err.empty()) {
    if (root) {
      std::error_code ec;
      fs::remove(tmp, ec);
    }
    throw RunError(err + "; the previous checkpoints and 'latest' are kept");
  }

  WrittenCheckpoint written{path, 0};
  if (root) {
    try {
      if (reserved > 0) {
        const std::string why = release_file_space_beyond_end(tmp);
        if (!why.empty()) throw RunError(tmp + ": " + why);
      }
      fsync_path(tmp);
      if (std::rename(tmp.c_str(), path.c_str()) != 0) throw RunError(path + ": cannot move the checkpoint into place");
      write_xdmf(dir_ + "/" + name.substr(0, name.size() - 3) + ".xmf", cfg_.grid, {{name, step, time}}, false);
      write_file_atomically(dir_ + "/latest", name + "\n", "the latest-checkpoint pointer");
      fsync_path(dir_);
      written.bytes = (long long)fs::file_size(path);
      prune_checkpoints(dir_, lineage_, cfg_.checkpoint.keep, warned_);
    } catch (const std::exception& e) {
      err = e.what();
    }
  }
  err = first_error(err, dec_.comm());
  if (!err.empty()) throw RunError(err);
  GS_MPI_CHECK(MPI_Bcast(&written.bytes, 1, MPI_LONG_LONG, 0, dec_.comm()));
  return written;
}

}  // namespace gs
