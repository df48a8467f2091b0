// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "io/field_layout.hpp"

#include <hdf5.h>

#include <algorithm>
#include <cmath>

#include "config/values.hpp"
#include "core/test_hooks.hpp"

namespace gs {

FieldLayout whole_state(const GridConfig& grid, int state_bytes) {
  FieldLayout l;
  l.value_bytes = state_bytes;
  for (int d = 0; d < grid.dims; ++d) l.count[d] = grid.n[d];
  return l;
}

int field_value_bytes(const OutputConfig& out, Precision state) {
  switch (out.fields_precision) {
    case FieldPrecision::Same: return bytes_of(state);
    case FieldPrecision::Float32: return 4;
    case FieldPrecision::Float64: return 8;
  }
  return bytes_of(state);
}

FieldLayout field_layout(const SimConfig& cfg) {
  FieldLayout l = whole_state(cfg.grid, field_value_bytes(cfg.output, cfg.grid.precision));
  if (cfg.output.fields_compression == FieldCompression::Deflate) l.deflate_level = cfg.output.fields_deflate_level;
  return l;
}

long long reserve_bytes(const FieldLayout& layout) {
  const long long raw = layout.raw_bytes();
  // deflate's worst case is a few bytes per 16 KiB; the chunk index adds about 50 bytes per chunk
  return layout.deflate_level > 0 ? raw + raw / 64 + 65536 : raw + 4096;
}

std::string filtered_parallel_write_problem() {
#if H5_VERSION_GE(1, 10, 2)
  if (H5Zfilter_avail(H5Z_FILTER_DEFLATE) <= 0 || test_hook_hdf5_lacks_filter("deflate"))
    return "this program's HDF5 has no deflate filter (built without zlib)";
  if (H5Zfilter_avail(H5Z_FILTER_SHUFFLE) <= 0 || test_hook_hdf5_lacks_filter("shuffle"))
    return "this program's HDF5 has no shuffle filter";
  return "";
#else
  return "this program's HDF5 (" H5_VERS_INFO ") cannot write compressed datasets in parallel (needs 1.10.2 or later)";
#endif
}

}  // namespace gs
