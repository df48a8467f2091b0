// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The files of a field output series (prefix_NNNNNNNN.h5) that a restart
// finds in output.dir, each described from the file itself: the output.*
// keys may have changed since it was written (other cells, precision or
// cadence), so neither the run's keys nor its cadence say what is there.
#include <hdf5.h>

#include <string>
#include <vector>

#include "config/config.hpp"
#include "io/field_layout.hpp"
#include "io/xdmf.hpp"

namespace gs {

// prefix_NNNNNNNN.h5: the step zero-padded to 8 digits (more when it needs more).
std::string field_file_name(const std::string& prefix, long step);
// The step in such a name, or -1 when the name is not one of the series.
long field_file_step(const std::string& name, const std::string& prefix);

// Records which cells of the grid a field file holds (attributes 'lo' and
// 'stride', 3 values each in grid axis order x, y, z); the dataset's shape
// and type give the count and precision. Throws RunError.
void write_field_layout_attrs(hid_t file, const FieldLayout& layout);

// Not collective (rank 0 alone, serial reads): the series' files in `dir` up
// to step `up_to`, in step order. A file that cannot be read or does not fit
// the grid is left out with one warning line on stderr: the restart and its
// new files matter more than an old file ParaView could not open anyway.
// `current` (this run's layout) places files without the layout attributes.
// Throws RunError when `dir` cannot be listed.
std::vector<XdmfEntry> read_field_series(const std::string& dir, const std::string& prefix, long up_to, const GridConfig& grid,
                                         const FieldLayout& current);

}  // namespace gs
