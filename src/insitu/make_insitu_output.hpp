#pragma once
// The in-situ output of a run, or nullptr when insitu.script is empty. A build
// without Catalyst compiles insitu_none.cpp instead of the adaptor; the config
// loader has already refused in-situ keys there (exit 2).
#include <memory>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "outputs/output.hpp"

namespace gs {

std::unique_ptr<Output> make_insitu_output(const SimConfig& cfg, const Decomposition& dec);

}  // namespace gs
