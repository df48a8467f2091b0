// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The time.* keys of the key table (key_table.hpp): time step, run length and
// integrator.
#include "config/key_sections.hpp"

namespace gs {

std::vector<KeySpec> time_keys() {
  return {
    {"time.dt", RestartRole::Physics, "number", "time", "time step (> 0, at most the explicit stability limit; rkl2: at most (s^2 + s - 2) / 4 times it for s = time.stages)",
     [](const Setting& s, SimConfig& c, Pending&) { c.time.dt = read_real(s, 0.0, false); },
     [](const SimConfig& c) { return Json(c.time.dt); }},
    {"time.steps", RestartRole::Free, "integer", "steps", "number of time steps (>= 0)",
     [](const Setting& s, SimConfig& c, Pending&) { c.time.steps = read_int(s, 0, 1L << 50); },
     [](const SimConfig& c) { return Json(c.time.steps); }},
    {"time.integrator", RestartRole::Physics, "string", "-", R"~("euler" (forward Euler, 1st order), "rk2" (Heun, 2nd order), "rkl2" (Runge-Kutta-Legendre super-time-stepping, 2nd order: s stages per step hold dt up to (s^2 + s - 2) / 4 times the explicit limit) or "rk4" (classic Runge-Kutta, 4th order, 4 stages, holds dt up to 1.39 times the explicit limit))~",
     [](const Setting& s, SimConfig& c, Pending&) {
       c.time.integrator = read_enum(s, kIntegratorNames);
     },
     [](const SimConfig& c) { return Json(name_of(c.time.integrator)); }},
    {"time.stages", RestartRole::Physics, "integer or \"auto\"", "-", R"~(rkl2: stages per step (an odd count from 3 to 999: even counts leave the checkerboard mode undamped at their bound); "auto": the fewest odd count whose stability bound holds time.dt, printed in the run's first line)~",
     [](const Setting& s, SimConfig& c, Pending&) {
       if (s.value.is_string()) {
         if (s.value.as_string().str != "auto")
           throw_setting(s, "expected an odd integer from 3 to 999 or \"auto\", got \"" + s.value.as_string().str + "\"");
         c.time.stages = TimeConfig::kAutoStages;
       } else {
         c.time.stages = (int)read_int(s, 2, TimeConfig::kMaxStages + 1);
         // At its bound an even count's stiffest (checkerboard) mode has
         // amplification exactly 1: undamped, it grows under any reaction
         // (docs/numerics.md, "Stage count").
         if (c.time.stages % 2 == 0)
           throw_setting(s, std::to_string(c.time.stages) + " is even: an even stage count leaves the checkerboard mode undamped at its "
                            "stability bound and the run can blow up below it; use " +
                            std::to_string(c.time.stages < TimeConfig::kMaxStages ? c.time.stages + 1 : TimeConfig::kMaxStages) +
                            " (odd) or \"auto\"");
       }
     },
     [](const SimConfig& c) { return c.time.stages == TimeConfig::kAutoStages ? Json("auto") : Json(c.time.stages); },
     [](const SimConfig& c) { return takes_stage_count(c.time.integrator); }},
    {"time.allow_unstable", RestartRole::Free, "boolean", "-", "accept a dt above the stability limit",
     [](const Setting& s, SimConfig& c, Pending&) { c.time.allow_unstable = read_bool(s); },
     [](const SimConfig& c) { return Json(c.time.allow_unstable); }},
  };
}

}  // namespace gs
