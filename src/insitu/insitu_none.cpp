// Built without ParaView Catalyst: no in-situ output (config/loader.cpp refuses insitu.script).
#include "insitu/make_insitu_output.hpp"

namespace gs {

std::unique_ptr<Output> make_insitu_output(const SimConfig&, const Decomposition&) { return nullptr; }

}  // namespace gs
