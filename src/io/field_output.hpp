// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Field outputs for analysis: fields_<step>.h5 (global u, v, written in
// parallel, their space reserved first: see io/state_file.hpp) and
// fields.xmf, a time series ParaView opens as one dataset.
#include <string>
#include <vector>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "io/field_layout.hpp"
#include "io/xdmf.hpp"

namespace gs {

// One kind of field output: its files' prefix ("fields": fields_<step>.h5 and
// fields.xmf; "fields_sub", "fields_box", or with several boxes
// "fields_box_mid_x", "fields_box_2", ...), its cadence and what its files hold.
struct FieldOutputKind {
  std::string prefix = "fields";
  long every = 0;
  FieldLayout layout;
};

// The outputs the output.* keys ask for: the whole grid every
// output.fields_every steps, every output.subsample_stride-th cell every
// output.subsample_every steps, the cells of each output.box entry every output.box_every
// steps (each only when its cadence is above 0).
std::vector<FieldOutputKind> field_output_kinds(const SimConfig& cfg);

class FieldWriter {
 public:
  // On a restart, the series' files on disk up to `first_step` stay in it,
  // each described as it was written (io/field_series.hpp). Collective.
  FieldWriter(const SimConfig& cfg, const Decomposition& dec, long first_step, FieldOutputKind kind);
  // Collective; returns the bytes written.
  template <class Real>
  long long write(long step, double time, const State<Real>& f);
  const FieldLayout& layout() const { return kind_.layout; }
  const std::string& prefix() const { return kind_.prefix; }
  // The file the last write() put in place.
  const std::string& last_path() const { return last_path_; }

 private:
  const SimConfig& cfg_;
  const Decomposition& dec_;
  FieldOutputKind kind_;
  std::string last_path_;
  std::vector<XdmfEntry> series_;
};

}  // namespace gs
