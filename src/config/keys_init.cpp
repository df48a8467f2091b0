// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The init.* keys of the key table (key_table.hpp): the initial condition of a
// fresh run.
#include "config/key_sections.hpp"

#include <cstdint>

namespace gs {

std::vector<KeySpec> init_keys() {
  return {
    {"init.type", RestartRole::Free, "string", "-", R"~("patch" (centred square/cube), "pearson" (Pearson 1993: the centred square/cube of "patch", both fields perturbed everywhere), "spots" (random discs/balls), "spot" (one centred disc/ball), "perlin" (periodic fractal gradient noise), "diamond_square" (periodic diamond-square), "sine" (smooth periodic waves in physical units, for convergence studies))~",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.type = read_enum(s, kInitTypeNames); },
     [](const SimConfig& c) { return Json(name_of(c.init.type)); }},
    {"init.seed", RestartRole::Free, "integer", "-", "seed of the counter-based noise (>= 0)",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.seed = (std::uint64_t)read_int(s, 0, INT64_MAX); },
     [](const SimConfig& c) { return Json(c.init.seed); }},
    {"init.size", RestartRole::Free, "number", "fraction of L", "patch side or spot diameter as a fraction of the domain (0, 1]",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.size = read_real_range(s, 0.0, false, 1.0); },
     [](const SimConfig& c) { return Json(c.init.size); }},
    {"init.count", RestartRole::Free, "integer", "spots", R"~(number of spots for init.type = "spots" (1 to 100000))~",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.count = read_int(s, 1, 100000); },
     [](const SimConfig& c) { return Json(c.init.count); }},
    {"init.noise", RestartRole::Free, "number", "-", "peak-to-peak uniform noise added to v in seeded regions; pearson: to u and v in every cell (0 to 1)",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.noise = read_real_range(s, 0.0, true, 1.0); },
     [](const SimConfig& c) { return Json(c.init.noise); }},
    {"init.frequency", RestartRole::Free, "integer", "lattice cells", "perlin: lattice cells of the first octave across the shortest side (1 to 65536; other sides in proportion)",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.frequency = read_int(s, 1, 65536); },
     [](const SimConfig& c) { return Json(c.init.frequency); }},
    {"init.octaves", RestartRole::Free, "integer", "-", "perlin: octaves of the fractal sum (1 to 12)",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.octaves = (int)read_int(s, 1, 12); },
     [](const SimConfig& c) { return Json(c.init.octaves); }},
    {"init.lacunarity", RestartRole::Free, "number", "-", "perlin: lattice refinement per octave (1 to 4; each octave's period is rounded to whole cells)",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.lacunarity = read_real_range(s, 1.0, true, 4.0); },
     [](const SimConfig& c) { return Json(c.init.lacunarity); }},
    {"init.gain", RestartRole::Free, "number", "-", "perlin: amplitude factor per octave (0, 1]",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.gain = read_real_range(s, 0.0, false, 1.0); },
     [](const SimConfig& c) { return Json(c.init.gain); }},
    {"init.time", RestartRole::Free, R"~(number or "none")~", "lattice cells", R"~(perlin: "none" for dims-D noise, or a number (-1e6 to 1e6) to take the slice w = time of (dims+1)-D noise (4D for a 3D run))~",
     [](const Setting& s, SimConfig& c, Pending&) {
       if (s.value.is_string()) {
         read_choice(s, {"none"});
         c.init.has_time = false;
       } else if (s.value.is_integer() || s.value.is_floating()) {
         c.init.time = read_real_range(s, -1e6, true, 1e6);
         c.init.has_time = true;
       } else {
         throw_setting(s, R"~(expected a number or "none")~");
       }
     },
     [](const SimConfig& c) { return c.init.has_time ? Json(c.init.time) : Json("none"); }},
    {"init.roughness", RestartRole::Free, "number", "-", "diamond_square: factor by which the random offset range shrinks per level (0, 1]",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.roughness = read_real_range(s, 0.0, false, 1.0); },
     [](const SimConfig& c) { return Json(c.init.roughness); }},
    {"init.threshold", RestartRole::Free, "number", "-", "perlin, diamond_square: normalised noise value (-1 to 1) above which cells are seeded",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.threshold = read_real_range(s, -1.0, true, 1.0); },
     [](const SimConfig& c) { return Json(c.init.threshold); }},
    {"init.fill", RestartRole::Free, R"~(number or "none")~", "fraction of cells", R"~(perlin, diamond_square: fraction of the cells to seed, 0 < fill < 1; the threshold becomes the noise value with exactly round(fill x cells) cells above it (exclusive with init.threshold). Default "none": perlin uses init.threshold, diamond_square seeds 0.3 of the cells unless init.threshold is given)~",
     [](const Setting& s, SimConfig& c, Pending&) {
       if (s.value.is_string()) {
         read_choice(s, {"none"});
         c.init.has_fill = false;
       } else if (s.value.is_integer() || s.value.is_floating()) {
         c.init.fill = read_real(s, 0.0, false);
         if (!(c.init.fill < 1)) throw_setting(s, "value " + json_number(c.init.fill) + R"~( is out of range; allowed: > 0 and < 1 (a fraction of the cells), or "none")~");
         c.init.has_fill = true;
       } else {
         throw_setting(s, R"~(expected a number (0 < fill < 1) or "none")~");
       }
     },
     [](const SimConfig& c) { return c.init.has_fill ? Json(c.init.fill) : Json("none"); }},
    {"init.smoothing", RestartRole::Free, "number", "-", "perlin, diamond_square: width in noise units of the smooth step around the threshold (0 to 4; 0 = sharp)",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.smoothing = read_real_range(s, 0.0, true, 4.0); },
     [](const SimConfig& c) { return Json(c.init.smoothing); }},
    {"init.amplitude", RestartRole::Free, "number", "-", "perlin, diamond_square: v in seeded cells, u = 1 - v; sine: peak v (0 to 1)",
     [](const Setting& s, SimConfig& c, Pending&) { c.init.amplitude = read_real_range(s, 0.0, true, 1.0); },
     [](const SimConfig& c) { return Json(c.init.amplitude); }},
  };
}

}  // namespace gs
