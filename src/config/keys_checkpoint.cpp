// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The checkpoint.* keys of the key table (key_table.hpp): when checkpoints are
// written and kept, and what a restart may change.
#include "config/key_sections.hpp"

namespace gs {

std::vector<KeySpec> checkpoint_keys() {
  return {
    {"checkpoint.every", RestartRole::Free, "integer", "steps", "parallel HDF5 checkpoint every N steps and at the end (0: only when asked to stop)",
     [](const Setting& s, SimConfig& c, Pending&) { c.checkpoint.every = read_int(s, 0, 1L << 50); },
     [](const SimConfig& c) { return Json(c.checkpoint.every); }},
    {"checkpoint.keep", RestartRole::Free, "integer", "files", "newest checkpoints kept; older ones are deleted once a newer one is complete (>= 1)",
     [](const Setting& s, SimConfig& c, Pending&) { c.checkpoint.keep = read_int(s, 1, 1000000); },
     [](const SimConfig& c) { return Json(c.checkpoint.keep); }},
    {"checkpoint.walltime", RestartRole::Free, "number", "seconds", "wall-time budget: past it, checkpoint at the next step and exit 0 (0: none)",
     [](const Setting& s, SimConfig& c, Pending&) { c.checkpoint.walltime = read_real(s, 0.0, true); },
     [](const SimConfig& c) { return Json(c.checkpoint.walltime); }},
    {"checkpoint.allow_physics_change", RestartRole::Free, "boolean", "-", "allow a restart with other physics.*, time.dt, time.integrator or time.stages than the checkpoint",
     [](const Setting& s, SimConfig& c, Pending&) { c.checkpoint.allow_physics_change = read_bool(s); },
     [](const SimConfig& c) { return Json(c.checkpoint.allow_physics_change); }},
    {"checkpoint.overwrite", RestartRole::Free, "boolean", "-", "let a fresh run (no restart=) write into a folder holding another run's checkpoints (they are kept, never pruned)",
     [](const Setting& s, SimConfig& c, Pending&) { c.checkpoint.overwrite = read_bool(s); },
     [](const SimConfig& c) { return Json(c.checkpoint.overwrite); }},
  };
}

}  // namespace gs
