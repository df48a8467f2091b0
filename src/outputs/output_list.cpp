#include "outputs/output_list.hpp"

#include "outputs/checkpoint_output.hpp"
#include "outputs/diagnostics_output.hpp"
#include "outputs/field_output.hpp"
#include "outputs/image_output.hpp"
#include "insitu/make_insitu_output.hpp"

namespace gs {

OutputList make_outputs(const SimConfig& cfg, const Decomposition& dec, const RestartPoint* restart) {
  const long first_step = restart ? restart->step : 0;
  OutputList list;
  list.push_back(std::make_unique<DiagnosticsOutput>(cfg, dec));
  list.push_back(std::make_unique<ImageOutput>(cfg, dec));
  if (cfg.output.fields_every > 0) list.push_back(std::make_unique<FieldFileOutput>(cfg, dec, first_step));
  list.push_back(std::make_unique<CheckpointOutput>(cfg, dec, restart));
  if (auto insitu = make_insitu_output(cfg, dec)) list.push_back(std::move(insitu));
  return list;
}

}  // namespace gs
