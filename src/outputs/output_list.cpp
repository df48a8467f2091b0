#include "outputs/output_list.hpp"

#include "outputs/checkpoint_output.hpp"
#include "outputs/diagnostics_output.hpp"
#include "outputs/field_file_output.hpp"
#include "outputs/image_output.hpp"
#include "outputs/insitu_output.hpp"

namespace gs {

OutputList make_outputs(const SimConfig& cfg, const Decomposition& dec, const RestartPoint* restart) {
  const long first_step = restart ? restart->step : 0;
  OutputList list;
  list.push_back(std::make_unique<DiagnosticsOutput>(cfg, dec));
  list.push_back(std::make_unique<ImageOutput>(cfg, dec));
  if (cfg.output.fields_every > 0) list.push_back(std::make_unique<FieldFileOutput>(cfg, dec, first_step));
  list.push_back(std::make_unique<CheckpointOutput>(cfg, dec, restart));
  // In a build without Catalyst the loader has already refused insitu.script
  // (exit 2), so this never asks for the missing plugin.
  if (cfg.insitu.enabled()) list.push_back(std::make_unique<InsituOutput>(cfg, dec));
  return list;
}

}  // namespace gs
