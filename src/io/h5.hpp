// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Thin RAII and checking layer over the HDF5 C API, plus the collective
// hyperslab I/O of (u, v) that checkpoints and field outputs share.
#include <hdf5.h>
#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/types.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "io/field_layout.hpp"

#define GS_H5_CHECK(expr, what)                                                           \
  do {                                                                                    \
    if ((expr) < 0) ::gs::fail_at(__FILE__, __LINE__, std::string("HDF5: ") + (what));    \
  } while (0)

namespace gs {

// Owns one HDF5 identifier and closes it with the matching H5*close.
class H5Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  H5Handle() = default;
  H5Handle(hid_t id, Closer close) : id_(id), close_(close) {}
  ~H5Handle() { reset(); }
  H5Handle(H5Handle&& o) noexcept : id_(o.id_), close_(o.close_) { o.id_ = -1; }
  H5Handle& operator=(H5Handle&& o) noexcept {
    if (this != &o) {
      reset();
      id_ = o.id_;
      close_ = o.close_;
      o.id_ = -1;
    }
    return *this;
  }
  H5Handle(const H5Handle&) = delete;
  H5Handle& operator=(const H5Handle&) = delete;
  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  // Closes now and reports whether closing succeeded (for files: whether all data reached the file).
  bool close() {
    const bool ok = id_ < 0 || close_(id_) >= 0;
    id_ = -1;
    return ok;
  }

 private:
  void reset() {
    if (id_ >= 0 && close_) close_(id_);
    id_ = -1;
  }
  hid_t id_ = -1;
  Closer close_ = nullptr;
};

// Stops HDF5 from printing its error stack; every call is checked instead.
void h5_silence_errors();

// Collective create (truncating) / open (read-only) with the MPI-IO driver.
// Metadata uses the 1.8+ format, whose headers carry checksums.
H5Handle h5_create(const std::string& path, MPI_Comm comm);
H5Handle h5_open_read(const std::string& path, MPI_Comm comm);

// Global datasets "u" and "v" shaped (nz, ny, nx) in 3D or (ny, nx) in 2D, no
// ghosts; each rank writes/reads the hyperslab of its owned box, collectively.
// Writing is two calls so that a caller can act between them (the checkpoint
// writer reserves the file's space): h5_create_state creates both datasets,
// whose storage parallel HDF5 allocates at once, so that h5_file_end then is
// the size the file will have; h5_write_state flushes all metadata, then
// writes the data. Both collective, failures collective too (RunError).
struct StateDatasets {
  H5Handle u, v;
};
template <class Real>
StateDatasets h5_create_state(hid_t file, const Decomposition& dec);
template <class Real>
void h5_write_state(hid_t file, const StateDatasets& datasets, const Decomposition& dec, const State<Real>& state);
// The same for a field output: the cells, value type and compression of
// `layout` (io/field_layout.hpp). Compressed datasets are chunked by
// field_chunks, a function of the dataset's shape alone, so the file holds
// the same chunks whatever the rank count; HDF5 writes them collectively
// (filtered collective writes, HDF5 1.10.2 and later).
StateDatasets h5_create_fields(hid_t file, const Decomposition& dec, const FieldLayout& layout);
template <class Real>
void h5_write_fields(hid_t file, const StateDatasets& datasets, const Decomposition& dec, const FieldLayout& layout, const State<Real>& state);
// Chunk shape (slowest axis first) of a compressed dataset of this shape:
// whole rows, at most about 1 MiB of values per chunk.
std::vector<unsigned long long> field_chunks(const std::vector<unsigned long long>& shape, int value_bytes);
// The end of the file's allocated address space (HDF5's EOA), in bytes.
long long h5_file_end(hid_t file);
// Collective. Returns "" on success or why the datasets do not fit this
// decomposition's grid or could not be read, the same text on every rank (a
// read that fails on one rank only fails on all of them before the next one).
template <class Real>
std::string h5_read_state(hid_t file, const Decomposition& dec, const State<Real>& state);
// What writing or reading the state allocates, one field at a time: a block
// of the owned cells where it starts (`home`: the field space for a write,
// host memory for a read) and its copy in the other memory.
BufferSpec io_block_buffer(const Decomposition& dec, std::size_t value_bytes, BufferHome home);
// A field output's block: this rank's cells of `layout`, in its value type.
BufferSpec io_block_buffer(const Decomposition& dec, const FieldLayout& layout, BufferHome home);

// This rank's cells of a field layout, per grid axis (x, y, z): the field
// index (ghosts counted) of the first, how many, and where they start in the
// output's dataset. count is 0 along some axis when the rank holds none.
struct LocalPart {
  long first[3] = {0, 0, 0};
  long count[3] = {1, 1, 1};
  long start[3] = {0, 0, 0};
};
LocalPart local_part(const Decomposition& dec, const FieldLayout& layout);

// Root-group attributes.
void h5_write_attr(hid_t obj, const char* name, long long value);
void h5_write_attr(hid_t obj, const char* name, double value);
void h5_write_attr(hid_t obj, const char* name, const std::string& value);
void h5_write_attr(hid_t obj, const char* name, const std::vector<long long>& values);
void h5_write_attr(hid_t obj, const char* name, const std::vector<double>& values);
// Readers return false when the attribute is missing or has another type or size.
bool h5_read_attr(hid_t obj, const char* name, long long& value);
bool h5_read_attr(hid_t obj, const char* name, double& value);
bool h5_read_attr(hid_t obj, const char* name, std::string& value);
bool h5_read_attr(hid_t obj, const char* name, std::vector<long long>& values, std::size_t count);
bool h5_read_attr(hid_t obj, const char* name, std::vector<double>& values, std::size_t count);

}  // namespace gs
