#pragma once
// The one place that decides which outputs a run has, in the order they run
// at a step: the non-finite check first, so nothing is written from a
// blown-up state.
#include <memory>
#include <vector>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "outputs/output.hpp"

namespace gs {

using OutputList = std::vector<std::unique_ptr<Output>>;

// first_step: 0 for a fresh run, the checkpoint's step on a restart.
OutputList make_outputs(const SimConfig& cfg, const Decomposition& dec, long first_step);

}  // namespace gs
