// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "io/state_file.hpp"

#include <unistd.h>

#include <filesystem>

#include "comm/reduce.hpp"
#include "core/error.hpp"
#include "io/file_space.hpp"
#include "io/h5.hpp"

namespace gs {

namespace {

// Rank 0, before HDF5 creates the file: the data's bytes and a page are
// allocated to the empty file (write_tmp tops this up to the exact size once
// HDF5 has laid the file out). `reserved` stays 0 where the filesystem cannot
// hold a reservation (the free space was only compared).
std::string reserve_first(const StateFileWrite& w, const Decomposition& dec, int value_bytes, long long& reserved) {
  long long cells = 1;
  for (int d = 0; d < dec.dims(); ++d) cells *= dec.global_n()[d];
  long long bytes = 2 * (long long)value_bytes * cells + 4096;  // u and v, the superblock's page
  if (w.layout) bytes = reserve_bytes(*w.layout);
  bool held = false;
  const std::string why = reserve_file_space(w.tmp, bytes, held);
  if (why.empty() && held) reserved = bytes;
  return why.empty() ? "" : w.space_error + why;
}

template <class Real>
std::string write_tmp(const StateFileWrite& w, const Decomposition& dec, const State<Real>& f, long long reserved) {
  const MPI_Comm comm = dec.comm();
  const bool root = dec.rank() == 0;
  H5Handle file = h5_create(w.tmp, comm);
  std::string err = first_error(file.valid() ? "" : w.tmp + ": cannot create the " + w.noun + " file", comm);
  const hid_t id = file.get();
  if (err.empty() && w.attributes) err = first_error_of([&] { w.attributes(id); }, comm);
  StateDatasets datasets;
  if (err.empty())
    err = first_error_of([&] { datasets = w.layout ? h5_create_fields(id, dec, *w.layout) : h5_create_state<Real>(id, dec); }, comm);
  // Nothing has reached the file yet and its datasets' storage is allocated,
  // so the file's end is its final size: the rest of it is reserved now,
  // before the first write. Should that fail, the metadata that closing the
  // file writes lies before v's data, so inside the first reservation
  // (whenever a field's data outweighs the metadata, about 7 KB plus the config).
  // A compressed file's end is not known before its data is written (HDF5
  // allocates each chunk as it is compressed, and its MPI-IO driver cannot
  // tell the end of a file that has had a collective write): its first
  // reservation holds the uncompressed data and a margin (reserve_bytes).
  const bool compressed = w.layout && w.layout->deflate_level > 0;
  if (err.empty() && reserved > 0 && !compressed) {
    const std::string why = first_error_of(
        [&]() -> std::string {
          if (!root) return "";
          const long long bytes = h5_file_end(id);
          bool held = false;
          return bytes > reserved ? reserve_file_space(w.tmp, bytes, held) : "";
        },
        comm);
    err = why.empty() ? "" : w.space_error + why;
  }
  if (err.empty()) {
    err = first_error_of([&] { w.layout ? h5_write_fields(id, datasets, dec, *w.layout, f) : h5_write_state(id, datasets, dec, f); }, comm);
    if (!err.empty()) err = w.tmp + ": writing the " + w.noun + " data failed: " + err;
  }
  if (err.empty() && w.after_data) w.after_data();
  if (!err.empty() && reserved == 0) {
    // Without a reservation the failure can be a full disk: HDF5 flushes
    // metadata at close, and a file HDF5 failed to close crashes
    // MPI_Finalize. The file is dropped anyway, so its data blocks are given
    // back first to let the close succeed.
    if (root && ::truncate(w.tmp.c_str(), 0) != 0) err += " (and " + w.tmp + " could not be truncated)";
    GS_MPI_CHECK(MPI_Barrier(comm));
  }
  datasets = StateDatasets{};
  const bool closed = file.close();
  if (allreduce_any(!closed, comm) && err.empty()) err = w.tmp + ": closing the " + w.noun + " failed (disk full?)";
  return err;
}

}  // namespace

template <class Real>
std::string write_state_file(const StateFileWrite& w, const Decomposition& dec, const State<Real>& f) {
  const bool root = dec.rank() == 0;
  long long reserved = 0;  // bytes held for tmp; 0: none (unguarded, or no fallocate)
  std::string err;
  if (root) {
    std::error_code ec;
    std::filesystem::remove(w.tmp, ec);  // a stale tmp of a crashed run
    if (w.reserve) err = reserve_first(w, dec, int(sizeof(Real)), reserved);
  }
  err = first_error(err, dec.comm());
  GS_MPI_CHECK(MPI_Bcast(&reserved, 1, MPI_LONG_LONG, 0, dec.comm()));
  if (err.empty()) err = write_tmp(w, dec, f, reserved);
  if (err.empty() && reserved > 0) {
    const std::string why = root ? release_file_space_beyond_end(w.tmp) : "";
    err = first_error(why.empty() ? "" : w.tmp + ": " + why, dec.comm());
  }
  if (!err.empty() && root) {
    std::error_code ec;
    std::filesystem::remove(w.tmp, ec);
  }
  return err;
}

template std::string write_state_file(const StateFileWrite&, const Decomposition&, const State<float>&);
template std::string write_state_file(const StateFileWrite&, const Decomposition&, const State<double>&);

}  // namespace gs
