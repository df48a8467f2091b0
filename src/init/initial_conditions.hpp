// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Initial states as pure functions of the global cell index and init.seed, so
// every rank count produces the same bits.
#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

// Fills the owned cells of fields.u and fields.v (ghosts are left to the halo exchange).
template <class Real>
void apply_initial_condition(const SimConfig& cfg, const Decomposition& dec, Fields<Real>& fields);

// The scratch apply_initial_condition allocates (none stays after it): the
// spot centres; for noise with init.fill, the noise of every owned cell and
// the radix select's counts; for diamond-square, its lattice levels.
BufferSpecs initial_condition_buffers(const SimConfig& cfg, const Decomposition& dec);

}  // namespace gs
