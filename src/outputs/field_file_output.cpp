// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "outputs/field_file_output.hpp"

namespace gs {

template <class Real>
FieldFileOutput<Real>::FieldFileOutput(const SimConfig& cfg, const Decomposition& dec, long first_step)
    : writer_(cfg, dec, first_step) {
  cadence_.every = cfg.output.fields_every;
  cadence_.at_fresh_start = cfg.output.fields_every > 0;
}

template <class Real>
void FieldFileOutput<Real>::write(const OutputStep& s, const State<Real>& state) {
  report_.bytes += writer_.write(s.step, s.time, state);
}

template class FieldFileOutput<float>;
template class FieldFileOutput<double>;

}  // namespace gs
