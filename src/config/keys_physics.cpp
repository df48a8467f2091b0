// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The physics.* keys of the key table (key_table.hpp): the model's rates and
// diffusivities, uniform or as a parameter map.
#include "config/key_sections.hpp"

#include <array>
#include <cstdint>

namespace gs {

namespace {

// A [low, high] pair of rates for a parameter map.
std::array<double, 2> read_range2(const Setting& s) {
  const auto v = read_real_list(s, 0.0, true);
  if (v.size() != 2) throw_setting(s, "expected a list of 2 numbers >= 0, e.g. [0.03, 0.07]");
  return {v[0], v[1]};
}

}  // namespace

std::vector<KeySpec> physics_keys() {
  return {
    {"physics.Du", RestartRole::Physics, "number", "length^2/time", "diffusivity of u (>= 0)",
     [](const Setting& s, SimConfig& c, Pending&) { c.physics.Du = read_real(s, 0.0, true); },
     [](const SimConfig& c) { return Json(c.physics.Du); }},
    {"physics.Dv", RestartRole::Physics, "number", "length^2/time", "diffusivity of v (>= 0)",
     [](const Setting& s, SimConfig& c, Pending&) { c.physics.Dv = read_real(s, 0.0, true); },
     [](const SimConfig& c) { return Json(c.physics.Dv); }},
    {"physics.F", RestartRole::Physics, "number", "1/time", "feed rate (>= 0)",
     [](const Setting& s, SimConfig& c, Pending&) { c.physics.F = read_real(s, 0.0, true); },
     [](const SimConfig& c) { return Json(c.physics.F); },
     [](const SimConfig& c) { return c.physics.map == ParameterMapType::None; }},
    {"physics.k", RestartRole::Physics, "number", "1/time", "kill rate (>= 0)",
     [](const Setting& s, SimConfig& c, Pending&) { c.physics.k = read_real(s, 0.0, true); },
     [](const SimConfig& c) { return Json(c.physics.k); },
     [](const SimConfig& c) { return c.physics.map == ParameterMapType::None; }},
    {"physics.clamp", RestartRole::Physics, "boolean", "-", "clamp u and v to [0, 1] after each stage (euler: each step's new values; rk2: the intermediate values, then the averaged ones; rkl2: every stage's values; as the seeds do; a NaN stays NaN; breaks convergence)",
     [](const Setting& s, SimConfig& c, Pending&) { c.physics.clamp = read_bool(s); },
     [](const SimConfig& c) { return Json(c.physics.clamp); }},
    {"physics.map", RestartRole::Physics, "string", "-", R"~(per-cell F and k: "none" (uniform physics.F, physics.k), "gradient" (k along x over k_range, F along y over F_range) or "noise" (Perlin field moving (F, k) between the range ends))~",
     [](const Setting& s, SimConfig& c, Pending&) { c.physics.map = read_enum(s, kParameterMapNames); },
     [](const SimConfig& c) { return Json(name_of(c.physics.map)); }},
    {"physics.F_range", RestartRole::Physics, "list of 2 numbers", "1/time", "feed rates [F0, F1] of a parameter map (>= 0): F0 at y = 0, F1 at y = L (gradient), or the noise minimum / maximum ends",
     [](const Setting& s, SimConfig& c, Pending&) { c.physics.F_range = read_range2(s); },
     [](const SimConfig& c) { return first_of(c.physics.F_range.data(), 2); },
     [](const SimConfig& c) { return c.physics.map != ParameterMapType::None; }},
    {"physics.k_range", RestartRole::Physics, "list of 2 numbers", "1/time", "kill rates [k0, k1] of a parameter map (>= 0): k0 at x = 0, k1 at x = L (gradient), or the noise minimum / maximum ends",
     [](const Setting& s, SimConfig& c, Pending&) { c.physics.k_range = read_range2(s); },
     [](const SimConfig& c) { return first_of(c.physics.k_range.data(), 2); },
     [](const SimConfig& c) { return c.physics.map != ParameterMapType::None; }},
    {"physics.map_frequency", RestartRole::Physics, "integer", "lattice cells", "noise map: Perlin lattice cells across the shortest side (1 to 4096)",
     [](const Setting& s, SimConfig& c, Pending&) { c.physics.map_frequency = read_int(s, 1, 4096); },
     [](const SimConfig& c) { return Json(c.physics.map_frequency); },
     [](const SimConfig& c) { return c.physics.map == ParameterMapType::Noise; }},
    {"physics.map_seed", RestartRole::Physics, "integer", "-", "noise map: seed of its Perlin lattice (>= 0; part of the physics, unlike init.seed)",
     [](const Setting& s, SimConfig& c, Pending&) { c.physics.map_seed = (std::uint64_t)read_int(s, 0, INT64_MAX); },
     [](const SimConfig& c) { return Json(c.physics.map_seed); },
     [](const SimConfig& c) { return c.physics.map == ParameterMapType::Noise; }},
  };
}

}  // namespace gs
