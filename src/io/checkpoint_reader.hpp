// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Reading checkpoints: a restart resolves restart= and reads and verifies the
// file once, into the state and a RestartPoint value.
#include <string>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "io/checkpoint_format.hpp"

namespace gs {

// Collective. Resolves cfg.restart (io/checkpoint_names), opens the file once,
// validates it against this run's config and its seal, fills the owned cells
// of f.u and f.v and checks their digest. Any problem: InputError naming the
// file and the mismatch.
template <class Real>
RestartPoint read_restart_point(const SimConfig& cfg, const Decomposition& dec, State<Real>& f);

// Rank 0, serially: the lineage attribute of a checkpoint file, or "" (unreadable, another format).
std::string checkpoint_lineage(const std::string& path);

}  // namespace gs
