#include "outputs/output_list.hpp"

#include "outputs/checkpoint_output.hpp"
#include "outputs/diagnostics_output.hpp"
#include "outputs/field_output.hpp"
#include "outputs/image_output.hpp"

namespace gs {

OutputList make_outputs(const SimConfig& cfg, const Decomposition& dec, long first_step) {
  OutputList list;
  list.push_back(std::make_unique<DiagnosticsOutput>(cfg, dec));
  list.push_back(std::make_unique<ImageOutput>(cfg, dec));
  if (cfg.output.fields_every > 0) list.push_back(std::make_unique<FieldFileOutput>(cfg, dec, first_step));
  list.push_back(std::make_unique<CheckpointOutput>(cfg, dec, first_step));
  return list;
}

}  // namespace gs
