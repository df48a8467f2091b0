// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What a field output stores of u and v: which cells of the global grid (a
// box, every `stride`-th cell along each axis), in which floating point, and
// whether HDF5 compresses them (shuffle + deflate, lossless). A checkpoint
// stores the whole state as it is (whole_state); the field outputs choose
// (field_layout). Axes in grid order: x, y, z (z unused in 2D).
#include <array>
#include <string>

#include "config/config.hpp"
#include "config/output_box.hpp"

namespace gs {

struct FieldLayout {
  int value_bytes = 8;     // 4 (float32) or 8 (float64) per value in the file
  int deflate_level = 0;   // 0: contiguous, unfiltered; 1-9: chunked, shuffle + deflate at this level
  std::array<long, 3> lo{0, 0, 0};      // first cell written, global index per axis
  std::array<long, 3> count{1, 1, 1};   // cells written per axis
  std::array<long, 3> stride{1, 1, 1};  // every stride-th cell from lo
  long long cells() const { return (long long)count[0] * count[1] * count[2]; }
  long long raw_bytes() const { return 2 * (long long)value_bytes * cells(); }  // u and v, uncompressed
};

// The whole grid in the state's own precision, uncompressed (checkpoints: exact always).
FieldLayout whole_state(const GridConfig& grid, int state_bytes);
// The whole grid (or a part of it, with lo/count/stride set after) in the
// precision and compression of the output.fields_* keys.
FieldLayout field_layout(const SimConfig& cfg);
// Bytes per value output.fields_precision gives in a run of this precision.
int field_value_bytes(const OutputConfig& out, Precision state);

// Bytes a field file of this layout is given before HDF5 writes it (the
// space reservation of io/state_file.hpp): the uncompressed data and a page,
// and for a compressed one a margin for data that does not compress.
long long reserve_bytes(const FieldLayout& layout);

// Whether this HDF5 writes filtered (compressed) datasets collectively:
// parallel HDF5 does since 1.10.2. "" or why not, for the key's refusal.
std::string filtered_parallel_write_problem();

}  // namespace gs
