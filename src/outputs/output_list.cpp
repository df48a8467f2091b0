// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "outputs/output_list.hpp"

#include "outputs/checkpoint_output.hpp"
#include "outputs/diagnostics_output.hpp"
#include "outputs/field_file_output.hpp"
#include "outputs/image_output.hpp"
#include "outputs/insitu_output.hpp"

namespace gs {

template <class Real>
OutputList<Real> make_outputs(const SimConfig& cfg, const Decomposition& dec, const RestartPoint* restart) {
  const long first_step = restart ? restart->step : 0;
  OutputList<Real> list;
  list.push_back(std::make_unique<DiagnosticsOutput<Real>>(cfg, dec, first_step));
  list.push_back(std::make_unique<ImageOutput<Real>>(cfg, dec));
  for (const FieldOutputKind& kind : field_output_kinds(cfg)) list.push_back(std::make_unique<FieldFileOutput<Real>>(cfg, dec, first_step, kind));
  list.push_back(std::make_unique<CheckpointOutput<Real>>(cfg, dec, restart));
  // In a build without Catalyst the loader has already refused insitu.script
  // (exit 2), so this never asks for the missing plugin.
  if (cfg.insitu.enabled()) list.push_back(std::make_unique<InsituOutput<Real>>(cfg, dec));
  return list;
}

template OutputList<float> make_outputs(const SimConfig&, const Decomposition&, const RestartPoint*);
template OutputList<double> make_outputs(const SimConfig&, const Decomposition&, const RestartPoint*);

}  // namespace gs
