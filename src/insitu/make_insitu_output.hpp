#pragma once
// The in-situ output of a run, or nullptr when insitu.script is empty. In a
// build without Catalyst the config loader has already refused in-situ keys
// (exit 2), so this never asks for the missing plugin.
#include <memory>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "outputs/output.hpp"

namespace gs {

std::unique_ptr<Output> make_insitu_output(const SimConfig& cfg, const Decomposition& dec);

}  // namespace gs
