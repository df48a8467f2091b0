// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// XDMF descriptions of the HDF5 files, so ParaView (Xdmf3 reader) opens them
// without conversion: a cell-centred uniform grid with arrays u and v.
#include <string>
#include <vector>

#include "config/config.hpp"
#include "io/field_layout.hpp"

namespace gs {

// One file of a series and what it holds. Each entry has its own layout: a
// restart may change the cells, precision or cadence of an output, and the
// files written before it keep theirs.
struct XdmfEntry {
  std::string h5_file;  // relative to the .xmf file
  long step;
  double time;
  FieldLayout layout;  // its cells and value type (compression aside: XDMF does not see it)
};

// One uniform grid (entries.size() == 1, no time series) or a temporal collection.
// Written under a temporary name and renamed. Throws RunError.
void write_xdmf(const std::string& path, const GridConfig& grid, const std::vector<XdmfEntry>& entries, bool series);

}  // namespace gs
