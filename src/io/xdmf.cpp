// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "io/xdmf.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "config/values.hpp"
#include "core/types.hpp"
#include "core/error.hpp"
#include "io/atomic_file.hpp"

namespace gs {

namespace {

// XDMF lists axes slowest first (z, y, x). A 2D grid is described as one layer
// of cells in z, which ParaView shows in the xy plane (its 2D mesh types land in yz).
// A layout's cell m along an axis is the grid's cell lo + m stride, shown as
// a cell stride h wide centred where that cell is centred: origin
// (lo + 1/2 - stride/2) h, spacing stride h (lo h and h for every cell).
enum class Axes { Points, Spacing, Origin };
std::string axes_text(const GridConfig& g, const FieldLayout& l, Axes what) {
  std::ostringstream os;
  os.precision(17);
  for (int d = 2; d >= 0; --d) {
    const bool used = d < g.dims;
    const double h = g.h(d);
    if (what == Axes::Spacing)
      os << (used ? double(l.stride[d]) * h : h);
    else if (what == Axes::Origin)
      os << (used ? (double(l.lo[d]) + 0.5 - 0.5 * double(l.stride[d])) * h : 0.0);
    else
      os << (used ? l.count[d] : 1) + 1;
    if (d) os << " ";
  }
  return os.str();
}

// The dataset's shape as XDMF writes it: slowest first, the grid's dimensions only.
std::string data_dims(const GridConfig& g, const FieldLayout& l) {
  std::ostringstream os;
  for (int d = 2; d >= 0; --d) {
    os << (d < g.dims ? l.count[d] : 1);
    if (d) os << " ";
  }
  return os.str();
}

void write_grid(std::ostream& os, const GridConfig& g, const XdmfEntry& e, const std::string& indent) {
  const FieldLayout& l = e.layout;
  os << indent << "<Grid Name=\"step_" << e.step << "\" GridType=\"Uniform\">\n";
  os << indent << "  <Time Value=\"" << json_number(e.time) << "\"/>\n";
  os << indent << "  <Topology TopologyType=\"" << "3DCoRectMesh" << "\" Dimensions=\""
     << axes_text(g, l, Axes::Points) << "\"/>\n";
  os << indent << "  <Geometry GeometryType=\"" << "ORIGIN_DXDYDZ" << "\">\n";
  os << indent << "    <DataItem Dimensions=\"3\" Format=\"XML\">" << axes_text(g, l, Axes::Origin) << "</DataItem>\n";
  os << indent << "    <DataItem Dimensions=\"3\" Format=\"XML\">" << axes_text(g, l, Axes::Spacing) << "</DataItem>\n";
  os << indent << "  </Geometry>\n";
  for (const char* name : {"u", "v"}) {
    os << indent << "  <Attribute Name=\"" << name << "\" AttributeType=\"Scalar\" Center=\"Cell\">\n";
    os << indent << "    <DataItem Dimensions=\"" << data_dims(g, l)
       << "\" NumberType=\"Float\" Precision=\"" << l.value_bytes << "\" Format=\"HDF\">" << e.h5_file << ":/" << name << "</DataItem>\n";
    os << indent << "  </Attribute>\n";
  }
  os << indent << "</Grid>\n";
}

}  // namespace

void write_xdmf(const std::string& path, const GridConfig& grid, const std::vector<XdmfEntry>& entries, bool series) {
  std::ostringstream os;
  {
    os << "<?xml version=\"1.0\" ?>\n<Xdmf Version=\"3.0\">\n  <Domain>\n";
    if (series) {
      os << "    <Grid Name=\"grayscott\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
      for (const auto& e : entries) write_grid(os, grid, e, "      ");
      os << "    </Grid>\n";
    } else {
      for (const auto& e : entries) write_grid(os, grid, e, "    ");
    }
    os << "  </Domain>\n</Xdmf>\n";
  }
  write_file_atomically(path, os.str(), "the XDMF description");
}

}  // namespace gs
