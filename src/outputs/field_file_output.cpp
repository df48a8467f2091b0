// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "outputs/field_file_output.hpp"

namespace gs {

template <class Real>
FieldFileOutput<Real>::FieldFileOutput(const SimConfig& cfg, const Decomposition& dec, long first_step, FieldOutputKind kind)
    : writer_(cfg, dec, first_step, kind) {
  cadence_.every = kind.every;
  cadence_.at_fresh_start = kind.every > 0;
}

template <class Real>
void FieldFileOutput<Real>::write(const OutputStep& s, const State<Real>& state) {
  report_.bytes += writer_.write(s.step, s.time, state);
  report_.last_path = writer_.last_path();
  raw_bytes_ += writer_.layout().raw_bytes();
}

template <class Real>
Json FieldFileOutput<Real>::summary_extra() const {
  const FieldLayout& l = writer_.layout();
  return {{"precision", l.value_bytes == 4 ? "float32" : "float64"},
          {"compression", l.deflate_level > 0 ? "deflate" : "none"},
          {"cells", l.cells()},
          {"raw_bytes", raw_bytes_}};
}

template class FieldFileOutput<float>;
template class FieldFileOutput<double>;

}  // namespace gs
