// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "io/field_output.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "comm/reduce.hpp"
#include "io/field_series.hpp"
#include "io/h5.hpp"
#include "io/state_file.hpp"

namespace fs = std::filesystem;

namespace gs {

std::vector<FieldOutputKind> field_output_kinds(const SimConfig& cfg) {
  const OutputConfig& o = cfg.output;
  std::vector<FieldOutputKind> kinds;
  const FieldLayout whole = field_layout(cfg);
  if (o.fields_every > 0) kinds.push_back({"fields", o.fields_every, whole});
  if (o.subsample_every > 0) {
    FieldOutputKind k{"fields_sub", o.subsample_every, whole};
    for (int d = 0; d < cfg.grid.dims; ++d) {
      k.layout.stride[d] = o.subsample_stride;
      k.layout.count[d] = (cfg.grid.n[d] + o.subsample_stride - 1) / o.subsample_stride;
    }
    kinds.push_back(k);
  }
  for (std::size_t i = 0; o.box_every > 0 && i < o.boxes.size(); ++i) {
    const std::string name = box_name(o, i);
    FieldOutputKind k{name.empty() ? "fields_box" : "fields_box_" + name, o.box_every, whole};
    const auto box = box_cells(cfg.grid, o.boxes[i]);
    for (int d = 0; d < cfg.grid.dims; ++d) {
      k.layout.lo[d] = box[d][0];
      k.layout.count[d] = box[d][1] - box[d][0];
    }
    kinds.push_back(k);
  }
  return kinds;
}

FieldWriter::FieldWriter(const SimConfig& cfg, const Decomposition& dec, long first_step, FieldOutputKind kind)
    : cfg_(cfg), dec_(dec), kind_(std::move(kind)) {
  if (first_step == 0) return;
  // Every earlier file of the series on disk stays in it, as it was written:
  // the restart may have changed the cadence, cells or precision. Only rank 0
  // writes the XDMF, so only it reads them.
  const std::string err = first_error_of(
      [&] {
        if (dec.rank() == 0) series_ = read_field_series(cfg.output.dir, kind_.prefix, first_step, cfg.grid, kind_.layout);
      },
      dec.comm());
  if (!err.empty()) throw RunError(err);
}

template <class Real>
long long FieldWriter::write(long step, double time, const State<Real>& f) {
  const std::string name = field_file_name(kind_.prefix, step);
  const std::string path = cfg_.output.dir + "/" + name;
  const std::string tmp = path + ".tmp";
  StateFileWrite w;
  w.tmp = tmp;
  const std::string noun = kind_.prefix == "fields" ? "field output" : kind_.prefix + " output";
  w.noun = noun;
  w.layout = &kind_.layout;
  w.space_error = cfg_.output.dir + ": cannot write the " + noun + " of step " + std::to_string(step) + ": ";
  w.attributes = [&](hid_t id) {
    h5_write_attr(id, "step", (long long)step);
    h5_write_attr(id, "time", time);
    write_field_layout_attrs(id, kind_.layout);
  };
  const std::string err_write = write_state_file(w, dec_, f);
  if (!err_write.empty()) throw RunError(err_write + "; the earlier field files are kept");
  series_.erase(std::remove_if(series_.begin(), series_.end(), [&](const XdmfEntry& e) { return e.step >= step; }), series_.end());
  series_.push_back({name, step, time, kind_.layout});
  long long bytes = 0;
  const std::string err = first_error_of(
      [&] {
        if (dec_.rank() != 0) return;
        if (std::rename(tmp.c_str(), path.c_str()) != 0) throw RunError(path + ": cannot move the field output into place");
        write_xdmf(cfg_.output.dir + "/" + kind_.prefix + ".xmf", cfg_.grid, series_, true);
        bytes = (long long)fs::file_size(path);
      },
      dec_.comm());
  if (!err.empty()) throw RunError(err);
  GS_MPI_CHECK(MPI_Bcast(&bytes, 1, MPI_LONG_LONG, 0, dec_.comm()));
  last_path_ = path;
  return bytes;
}

template long long FieldWriter::write(long, double, const State<float>&);
template long long FieldWriter::write(long, double, const State<double>&);

}  // namespace gs
