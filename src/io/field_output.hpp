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

class FieldWriter {
 public:
  // On a restart, earlier outputs up to `first_step` stay in the series.
  FieldWriter(const SimConfig& cfg, const Decomposition& dec, long first_step);
  // Collective; returns the bytes written.
  template <class Real>
  long long write(long step, double time, const State<Real>& f);
  const FieldLayout& layout() const { return layout_; }
  // The file the last write() put in place.
  const std::string& last_path() const { return last_path_; }

 private:
  const SimConfig& cfg_;
  const Decomposition& dec_;
  FieldLayout layout_;
  std::string last_path_;
  std::vector<XdmfEntry> series_;
};

}  // namespace gs
