// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The one place that decides which outputs a run has, in the order they run
// at a step: the non-finite check first, so nothing is written from a
// blown-up state.
#include <memory>
#include <vector>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "io/checkpoint_format.hpp"
#include "outputs/output.hpp"

namespace gs {

template <class Real>
using OutputList = std::vector<std::unique_ptr<Output<Real>>>;

// restart: the checkpoint a restarted run began from, or nullptr for a fresh run.
template <class Real>
OutputList<Real> make_outputs(const SimConfig& cfg, const Decomposition& dec, const RestartPoint* restart);

}  // namespace gs
