// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// u and v as HDF5 + XDMF for ParaView (io/field_output) every
// output.fields_every steps, from step 0 of a fresh run.
#include <memory>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "io/field_output.hpp"
#include "outputs/output.hpp"

namespace gs {

template <class Real>
class FieldFileOutput : public CadencedOutput<Real> {
 public:
  FieldFileOutput(const SimConfig& cfg, const Decomposition& dec, long first_step, FieldOutputKind kind);
  // "fields", "fields_sub", "fields_box" or "fields_box_<name>": its files' prefix.
  std::string name() const override { return writer_.prefix(); }
  void write(const OutputStep& s, const State<Real>& state) override;
  // What the files hold (summary_version 5): value type, compression, cells
  // per file and the data's bytes before compression (`bytes` is on disk).
  Json summary_extra() const override;

 private:
  using Output<Real>::report_;
  using CadencedOutput<Real>::cadence_;
  FieldWriter writer_;
  long long raw_bytes_ = 0;
};

}  // namespace gs
