// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "io/field_series.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include "core/error.hpp"
#include "io/h5.hpp"

namespace fs = std::filesystem;

namespace gs {

std::string field_file_name(const std::string& prefix, long step) {
  char name[64];
  std::snprintf(name, sizeof name, "_%08ld.h5", step);
  return prefix + name;
}

long field_file_step(const std::string& name, const std::string& prefix) {
  const std::string head = prefix + "_", tail = ".h5";
  if (name.size() < head.size() + 8 + tail.size() || name.compare(0, head.size(), head) != 0 ||
      name.compare(name.size() - tail.size(), tail.size(), tail) != 0)
    return -1;
  // Digits only: "fields_sub_..." is not a file of "fields", nor "fields_box_2_..." of "fields_box".
  const std::string digits = name.substr(head.size(), name.size() - head.size() - tail.size());
  if (digits.size() > 18 || !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); })) return -1;
  return std::stol(digits);
}

void write_field_layout_attrs(hid_t file, const FieldLayout& layout) {
  h5_write_attr(file, "lo", std::vector<long long>(layout.lo.begin(), layout.lo.end()));
  h5_write_attr(file, "stride", std::vector<long long>(layout.stride.begin(), layout.stride.end()));
}

namespace {

// Value size and cells per grid axis (x, y, z) of dataset `name`, or why not.
std::string read_shape(hid_t file, const char* name, int dims, int& bytes, std::array<long, 3>& count) {
  const std::string what = std::string("dataset '") + name + "' ";
  if (H5Lexists(file, name, H5P_DEFAULT) <= 0) return what + "is missing";
  H5Handle ds(H5Dopen2(file, name, H5P_DEFAULT), H5Dclose);
  H5Handle type(ds.valid() ? H5Dget_type(ds.get()) : -1, H5Tclose);
  H5Handle space(ds.valid() ? H5Dget_space(ds.get()) : -1, H5Sclose);
  if (!type.valid() || !space.valid()) return what + "cannot be opened";
  bytes = int(H5Tget_size(type.get()));
  if (H5Tget_class(type.get()) != H5T_FLOAT || (bytes != 4 && bytes != 8)) return what + "is not 32- or 64-bit floating point";
  hsize_t shape[8] = {0};
  if (H5Sget_simple_extent_ndims(space.get()) != dims || H5Sget_simple_extent_dims(space.get(), shape, nullptr) != dims)
    return what + "does not have the grid's " + std::to_string(dims) + " dimensions";
  count = {1, 1, 1};
  for (int i = 0; i < dims; ++i) count[dims - 1 - i] = long(shape[i]);  // slowest axis first in the file
  return "";
}

// Files written before the layout attributes existed: the layout this run
// writes if the shape is its shape (what those builds assumed too, right
// unless the keys changed at this restart); otherwise, per axis, the whole
// axis, or a sub-sample from cell 0 whose stride gives this count. A box of
// another run's keys cannot be told from its shape: it is placed at cell 0,
// its size and values right, its place perhaps not.
void guess_layout(const GridConfig& grid, const FieldLayout& current, FieldLayout& l) {
  if (l.count == current.count) {
    l.lo = current.lo;
    l.stride = current.stride;
    return;
  }
  for (int d = 0; d < grid.dims; ++d) {
    const long k = (grid.n[d] + l.count[d] - 1) / l.count[d];
    l.lo[d] = 0;
    l.stride[d] = (grid.n[d] + k - 1) / k == l.count[d] ? k : 1;
  }
}

// The entry of one file, or why it has none.
std::string describe(const std::string& path, const GridConfig& grid, const FieldLayout& current, XdmfEntry& e) {
  H5Handle file = h5_open_read(path, MPI_COMM_SELF);
  if (!file.valid()) return "cannot be opened as HDF5";
  const hid_t id = file.get();
  FieldLayout& l = e.layout;
  int v_bytes = 0;
  std::array<long, 3> v_count{};
  std::string why = read_shape(id, "u", grid.dims, l.value_bytes, l.count);
  if (why.empty()) why = read_shape(id, "v", grid.dims, v_bytes, v_count);
  if (!why.empty()) return why;
  if (v_bytes != l.value_bytes || v_count != l.count) return "datasets 'u' and 'v' differ in shape or type";
  if (!h5_read_attr(id, "time", e.time)) return "attribute 'time' missing";
  std::vector<long long> lo, stride;
  if (h5_read_attr(id, "lo", lo, 3) && h5_read_attr(id, "stride", stride, 3)) {
    for (int d = 0; d < grid.dims; ++d) {
      l.lo[d] = long(lo[d]);
      l.stride[d] = long(stride[d]);
    }
  } else {
    guess_layout(grid, current, l);
  }
  for (int d = 0; d < grid.dims; ++d)
    if (l.count[d] < 1 || l.lo[d] < 0 || l.stride[d] < 1 || l.lo[d] + l.stride[d] * (l.count[d] - 1) >= grid.n[d])
      return "its cells do not fit this run's grid";
  return "";
}

}  // namespace

std::vector<XdmfEntry> read_field_series(const std::string& dir, const std::string& prefix, long up_to, const GridConfig& grid,
                                         const FieldLayout& current) {
  std::vector<XdmfEntry> series;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return series;  // a restart into a new output.dir
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const long step = field_file_step(name, prefix);
    if (step < 0 || step > up_to) continue;
    XdmfEntry e{name, step, 0.0, FieldLayout{}};
    const std::string why = describe(dir + "/" + name, grid, current, e);
    if (why.empty())
      series.push_back(e);
    else
      std::fprintf(stderr, "grayscott: warning: %s/%s: %s; left out of %s.xmf\n", dir.c_str(), name.c_str(), why.c_str(), prefix.c_str());
  }
  if (ec) throw RunError(dir + ": cannot list the field outputs of the run restarted: " + ec.message());
  std::sort(series.begin(), series.end(), [](const XdmfEntry& a, const XdmfEntry& b) { return a.step < b.step; });
  return series;
}

}  // namespace gs
