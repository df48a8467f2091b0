// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The key table (see key_table.hpp). Each entry reads one key with the typed
// readers of values.hpp, which name the key and what is allowed on error.
#include "config/key_table.hpp"

#include <cmath>
#include <cstdint>

#include "config/choices.hpp"
#include "core/error.hpp"

namespace gs {

namespace {

// One of the names in `table`, as its enum value.
template <class E, std::size_t N>
E read_enum(const Setting& s, const ChoiceName<E> (&table)[N]) {
  std::vector<const char*> list;
  for (const auto& c : table) list.push_back(c.name);
  const std::string chosen = read_choice(s, list);
  for (const auto& c : table)
    if (chosen == c.name) return c.value;
  throw_setting(s, "unknown value");
}

// A [low, high] pair of rates for a parameter map.
std::array<double, 2> read_range2(const Setting& s) {
  const auto v = read_real_list(s, 0.0, true);
  if (v.size() != 2) throw_setting(s, "expected a list of 2 numbers >= 0, e.g. [0.03, 0.07]");
  return {v[0], v[1]};
}

// One path or a list of paths; an empty list switches the feature off.
std::vector<std::string> read_path_list(const Setting& s) {
  if (!s.value.is_array()) return {read_nonempty_string(s)};
  std::vector<std::string> out;
  for (const auto& item : s.value.as_array()) out.push_back(read_nonempty_string(Setting{s.key, item, s.source, s.entry}));
  return out;
}

// Exactly `count` numbers in [lo, hi], for in-situ vectors and colours.
template <std::size_t N>
std::array<double, N> read_real_n(const Setting& s, double lo, double hi, const char* example) {
  std::array<double, N> out{};
  const std::string what = "expected a list of " + std::to_string(N) + " numbers" +
                           (lo > -1e299 ? " from " + json_number(lo) + " to " + json_number(hi) : std::string()) + ", e.g. " + example;
  if (!s.value.is_array() || s.value.as_array().size() != N) throw_setting(s, what);
  for (std::size_t i = 0; i < N; ++i) {
    const Setting item{s.key, s.value.as_array()[i], s.source};
    if (!item.value.is_integer() && !item.value.is_floating()) throw_setting(s, what + "; entry " + std::to_string(i + 1) + " is not a number");
    out[i] = read_real_range(item, lo, true, hi);
  }
  return out;
}

// A camera vector [x, y, z], or "none" (then `given` is false and the preset decides).
void read_camera_vector(const Setting& s, std::array<double, 3>& out, bool& given) {
  if (s.value.is_string()) {
    read_choice(s, {"none"});
    given = false;
    return;
  }
  if (!s.value.is_array()) throw_setting(s, R"~(expected a list of 3 numbers, e.g. [0, 0, 1], or "none")~");
  out = read_real_n<3>(s, -1e300, 1e300, "[0, 0, 1]");
  given = true;
}

Json camera_vector_json(bool given, const std::array<double, 3>& v) { return given ? Json(std::vector<double>(v.begin(), v.end())) : Json("none"); }

// The first `count` entries of a per-dimension array, as a JSON list.
template <class T>
Json first_of(const T* values, int count) {
  return Json(std::vector<T>(values, values + count));
}

constexpr const char* kBoxForms = R"~(expected "mid_x", "mid_y", "mid_z", a list [x0, x1, y0, y1(, z0, z1)], or a list of these)~";

OutputBox read_one_box(const Setting& s) {
  OutputBox b;
  if (s.value.is_string()) {
    b.plane = read_enum(s, kBoxPlaneNames);
  } else if (s.value.is_array()) {
    b.plane = BoxPlane::Box;
    b.bounds = read_real_list(s, 0.0, true);
  } else {
    throw_setting(s, kBoxForms);
  }
  return b;
}

// output.box: one plane or box, or a list whose entries are planes or boxes.
std::vector<OutputBox> read_boxes(const Setting& s) {
  if (!s.value.is_array()) return {read_one_box(s)};
  const auto& items = s.value.as_array();
  const bool several = !items.empty() && (items[0].is_string() || items[0].is_array());
  if (!several) return {read_one_box(s)};
  std::vector<OutputBox> boxes;
  for (std::size_t i = 0; i < items.size(); ++i) {
    // Messages name the entry after the key, as box_problem does: "key 'output.box': entry 2: ...".
    const Setting entry{s.key, items[i], s.source, "entry " + std::to_string(i + 1)};
    if (!items[i].is_string() && !items[i].is_array()) throw_setting(entry, kBoxForms);
    boxes.push_back(read_one_box(entry));
  }
  return boxes;
}

Json box_json(const OutputBox& b) {
  return b.plane == BoxPlane::Box ? Json(b.bounds) : Json(name_of(b.plane));
}

}  // namespace

const std::vector<KeySpec>& key_table() {
  static const std::vector<KeySpec> table = {
      {"grid.dims", RestartRole::Grid, "integer", "-", "2 or 3",
       [](const Setting& s, SimConfig& c, Pending&) { c.grid.dims = (int)read_int(s, 2, 3); },
       [](const SimConfig& c) { return Json(c.grid.dims); }},
      {"grid.n", RestartRole::Grid, "integer or list", "cells", "cells per dimension: one number for all, or one per dimension (any size >= 1)",
       [](const Setting& s, SimConfig&, Pending& p) { p.n = read_int_list(s, 1, 1L << 40); },
       [](const SimConfig& c) { return first_of(c.grid.n.data(), c.grid.dims); }},
      {"grid.L", RestartRole::Grid, "number or list", "length", "domain side length per dimension (h = L/n)",
       [](const Setting& s, SimConfig&, Pending& p) { p.L = read_real_list(s, 0.0, false); },
       [](const SimConfig& c) { return first_of(c.grid.L.data(), c.grid.dims); }},
      {"grid.stencil", RestartRole::Grid, "integer", "points", "Laplacian: 5 or 9 in 2D, 7, 19 or 27 in 3D (default 9 / 27)",
       [](const Setting& s, SimConfig& c, Pending&) { c.grid.stencil_points = (int)read_choice_int(s, {5, 9, 7, 19, 27}); },
       [](const SimConfig& c) { return c.grid.stencil_points ? Json(c.grid.stencil_points) : Json("9 (2D) / 27 (3D)"); }},
      {"grid.precision", RestartRole::Grid, "string", "-", R"~(floating point of the state and the kernels: "double" or "float" (about 1.6-2x the cell updates per second, 7 digits; checkpoints restart only in their own precision))~",
       [](const Setting& s, SimConfig& c, Pending&) { c.grid.precision = read_enum(s, kPrecisionNames); },
       [](const SimConfig& c) { return Json(name_of(c.grid.precision)); }},
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
      {"init.type", RestartRole::Free, "string", "-", R"~("patch" (centred square/cube), "spots" (random discs/balls), "spot" (one centred disc/ball), "perlin" (periodic fractal gradient noise), "diamond_square" (periodic diamond-square), "sine" (smooth periodic waves in physical units, for convergence studies))~",
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
      {"init.noise", RestartRole::Free, "number", "-", "peak-to-peak uniform noise added to v in seeded regions (0 to 1)",
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
      {"output.dir", RestartRole::Free, "string", "path", "folder for images, logs and summary.json (created if missing)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.dir = read_nonempty_string(s); },
       [](const SimConfig& c) { return Json(c.output.dir); }},
      {"output.every", RestartRole::Free, "integer", "steps", "images and digest at step 0 of a fresh run, every N steps and the last step (0: only step 0 and the last)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.every = read_int(s, 0, 1L << 50); },
       [](const SimConfig& c) { return Json(c.output.every); }},
      {"output.log_every", RestartRole::Free, "integer", "steps", "progress line and NaN check every N steps (0: about 20 per run)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.log_every = read_int(s, 0, 1L << 50); },
       [](const SimConfig& c) { return Json(c.output.log_every); }},
      {"output.pattern_threshold", RestartRole::Free, R"~(number or "auto" or "off")~", "-", R"~(threshold theta of the measured pattern: the area (volume) fraction, boundary per area (surface per volume), mean curvature and Euler characteristic of the cells with v >= theta, in pattern.csv at every progress line; "auto": insitu.iso's first value (0.25 by default); "off": not measured)~",
       [](const Setting& s, SimConfig& c, Pending&) {
         if (s.value.is_string()) {
           c.output.pattern = read_choice(s, {"auto", "off"}) == "off" ? OutputConfig::Pattern::Off : OutputConfig::Pattern::Auto;
         } else if (s.value.is_integer() || s.value.is_floating()) {
           if (s.value.is_floating() && !std::isfinite(s.value.as_floating()))
             throw_setting(s, R"~(the value is not finite (NaN or infinity); allowed: a finite number, "auto" or "off")~");
           // v lies between 0 and 1: a threshold outside puts every cell or none in the set.
           const double theta = s.value.is_integer() ? double(s.value.as_integer()) : s.value.as_floating();
           // (0 and subnormals, which compare as 0 under the solver's flush-to-zero: read_real's messages.)
           if (theta < 0 || theta >= 1)
             throw_setting(s, "value " + json_number(theta) + R"~( is out of range; allowed: a number above 0 and below 1 (v lies between 0 and 1: outside, every cell or none is on), "auto" or "off")~");
           c.output.pattern_threshold = read_real(s, 0, false);
           c.output.pattern = OutputConfig::Pattern::Value;
         } else {
           throw_setting(s, R"~(expected a finite number, "auto" or "off")~");
         }
       },
       [](const SimConfig& c) {
         switch (c.output.pattern) {
           case OutputConfig::Pattern::Off: return Json("off");
           case OutputConfig::Pattern::Auto: return Json("auto");
           default: return Json(c.output.pattern_threshold);
         }
       }},
      {"output.field", RestartRole::Free, "string", "-", R"~(field drawn in images: "u" or "v")~",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.field = read_enum(s, kOutputFieldNames); },
       [](const SimConfig& c) { return Json(name_of(c.output.field)); }},
      {"output.colormap", RestartRole::Free, "string", "-", R"~("inferno", "viridis", "magma" or "gray")~",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.colormap = read_enum(s, kColormapNames); },
       [](const SimConfig& c) { return Json(name_of(c.output.colormap)); }},
      {"output.vmin", RestartRole::Free, "number", "-", "value drawn as the colormap's first colour",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.vmin = read_real(s, -HUGE_VAL, true); },
       [](const SimConfig& c) { return Json(c.output.vmin); }},
      {"output.vmax", RestartRole::Free, "number", "-", "value drawn as the colormap's last colour (> vmin)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.vmax = read_real(s, -HUGE_VAL, true); },
       [](const SimConfig& c) { return Json(c.output.vmax); }},
      {"output.image_scale", RestartRole::Free, "integer", "pixels/cell", "pixels per cell edge in images (0: smallest giving at least 256 px height; 1 to 16)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.image_scale = (int)read_int(s, 0, 16); },
       [](const SimConfig& c) { return Json(c.output.image_scale); }},
      {"output.fields_every", RestartRole::Free, "integer", "steps", "u and v as HDF5 + XDMF (opens in ParaView) every N steps (0: never)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.fields_every = read_int(s, 0, 1L << 50); },
       [](const SimConfig& c) { return Json(c.output.fields_every); }},
      {"output.fields_precision", RestartRole::Free, "string", "-", R"~(floating point of the values in every field output: "same" (the run's grid.precision), "float32" or "float64"; checkpoints always keep the run's)~",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.fields_precision = read_enum(s, kFieldPrecisionNames); },
       [](const SimConfig& c) { return Json(name_of(c.output.fields_precision)); }},
      {"output.fields_compression", RestartRole::Free, "string", "-", R"~(lossless compression of every field output: "none" or "deflate" (HDF5 shuffle + deflate, chunks chosen by the program; opens in ParaView and h5py as it is))~",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.fields_compression = read_enum(s, kFieldCompressionNames); },
       [](const SimConfig& c) { return Json(name_of(c.output.fields_compression)); }},
      {"output.fields_deflate_level", RestartRole::Free, "integer", "-", R"~(deflate level with output.fields_compression = "deflate": 1 (fastest) to 9 (smallest))~",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.fields_deflate_level = (int)read_int(s, 1, 9); },
       [](const SimConfig& c) { return Json(c.output.fields_deflate_level); }},
      {"output.subsample_every", RestartRole::Free, "integer", "steps", "every output.subsample_stride-th cell of u and v along each axis as HDF5 + XDMF (fields_sub_NNNNNNNN.h5, fields_sub.xmf) every N steps (0: never)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.subsample_every = read_int(s, 0, 1L << 50); },
       [](const SimConfig& c) { return Json(c.output.subsample_every); }},
      {"output.subsample_stride", RestartRole::Free, "integer", "cells", "output.subsample_every keeps cells 0, k, 2k, ... along each axis (2 to 4096)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.subsample_stride = read_int(s, 2, 4096); },
       [](const SimConfig& c) { return Json(c.output.subsample_stride); }},
      {"output.box_every", RestartRole::Free, "integer", "steps", "the cells of output.box as HDF5 + XDMF (fields_box_NNNNNNNN.h5, fields_box.xmf) every N steps (0: never)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.box_every = read_int(s, 0, 1L << 50); },
       [](const SimConfig& c) { return Json(c.output.box_every); }},
      {"output.box", RestartRole::Free, "string or list", "length", R"~(cells written by output.box_every: "mid_x", "mid_y", "mid_z" (the plane through the middle cell across that axis, as in the images) or [x0, x1, y0, y1] in 2D, [x0, x1, y0, y1, z0, z1] in 3D (the cells whose centres lie in the box, 0 <= x0 <= x1 <= L); or a list of these, each written to its own files (["mid_x", "mid_y", "mid_z"]: fields_box_mid_x_NNNNNNNN.h5, ...; a box by its place: fields_box_2_NNNNNNNN.h5))~",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.boxes = read_boxes(s); },
       [](const SimConfig& c) {
         Json entries = Json::array();
         for (const OutputBox& b : c.output.boxes) entries.push_back(box_json(b));
         return c.output.boxes.size() == 1 ? entries[0] : entries;
       }},
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
      {"parallel.layout", RestartRole::Free, "list of integers", "ranks", "ranks per dimension, product = rank count (0 entries: chosen by MPI)",
       [](const Setting& s, SimConfig& c, Pending&) {
         const auto l = read_int_list(s, 0, 1 << 20);
         if (l.size() > 3) throw_setting(s, "must list at most 3 rank counts");
         c.parallel.layout = {0, 0, 0};
         for (size_t i = 0; i < l.size(); ++i) c.parallel.layout[i] = (int)l[i];
       },
       [](const SimConfig& c) { return first_of(c.parallel.layout.data(), c.grid.dims); }},
      {"parallel.gpu_aware_mpi", RestartRole::Free, "boolean", "-", "pass device buffers to MPI directly instead of staging through host memory",
       [](const Setting& s, SimConfig& c, Pending&) { c.parallel.gpu_aware_mpi = read_bool(s); },
       [](const SimConfig& c) { return Json(c.parallel.gpu_aware_mpi); }},
      {"parallel.halo_depth", RestartRole::Free, "integer or \"auto\"", "steps", "time steps per halo exchange: ghosts of halo_depth x stages cells, same results for every value (1 to 16; 1: an exchange every stage; \"auto\": on CPU ranks with at least 64 cells per side and 24 MiB of state, 8 stages per exchange in 2D and 4 in 3D, else 1; rkl2 runs only with 1)",
       [](const Setting& s, SimConfig& c, Pending&) {
         if (s.value.is_string()) {
           if (s.value.as_string().str != "auto")
             throw_setting(s, "expected an integer from 1 to 16 or \"auto\", got \"" + s.value.as_string().str + "\"");
           c.parallel.halo_depth = ParallelConfig::kAutoHaloDepth;
         } else {
           if (!s.value.is_integer()) throw_setting(s, "expected an integer from 1 to 16 or \"auto\"");
           c.parallel.halo_depth = (int)read_int(s, 1, 16);
         }
       },
       [](const SimConfig& c) {
         return c.parallel.halo_depth == ParallelConfig::kAutoHaloDepth ? Json("auto") : Json(c.parallel.halo_depth);
       }},
      {"insitu.script", RestartRole::Free, "string or list of strings", "path", "ParaView Catalyst Python scripts run in situ (e.g. inputs/catalyst/isosurface.py); [] = no in-situ output; needs a build with Catalyst; relative paths in an input file: from its folder, else the current one",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.scripts = read_path_list(s); },
       [](const SimConfig& c) { return Json(c.insitu.scripts); }},
      {"insitu.every", RestartRole::Free, "integer", "steps", "hand the fields to the scripts every N steps, at the first step and at the last (>= 1)",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.every = read_int(s, 1, 1L << 50); },
       [](const SimConfig& c) { return Json(c.insitu.every); }},
      {"insitu.iso", RestartRole::Free, "number or list", "-", "iso values of insitu.contour_array (v by default) passed to the scripts (isosurfaces, contour lines)",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.iso = read_real_list(s, -HUGE_VAL, true); },
       [](const SimConfig& c) { return first_of(c.insitu.iso.data(), int(c.insitu.iso.size())); }},
      {"insitu.fail", RestartRole::Free, "string", "-", R"~(a failed in-situ call (a script error on any rank, files not written): "error" fails the run (exit 1), "warn" reports it, turns in situ off and the run goes on (exit 0, failure in summary.json))~",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.fail_is_error = read_choice(s, {"error", "warn"}) == "error"; },
       [](const SimConfig& c) { return Json(c.insitu.fail_is_error ? "error" : "warn"); }},
      {"insitu.contour_array", RestartRole::Free, "string", "-", R"~(array the ready scripts contour at insitu.iso: "u" or "v")~",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.contour = read_enum(s, kOutputFieldNames); },
       [](const SimConfig& c) { return Json(name_of(c.insitu.contour)); }},
      {"insitu.color_array", RestartRole::Free, "string", "-", R"~(array that colours surfaces and planes: "u", "v" or "auto" (surfaces by the array not contoured, planes by the contoured one))~",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.color = read_enum(s, kInsituColorNames); },
       [](const SimConfig& c) { return Json(name_of(c.insitu.color)); }},
      {"insitu.color_range", RestartRole::Free, R"~(list of 2 numbers or string)~", "-", R"~(colour range [min, max] (min < max), "default" (fixed per array: v [0, 0.5]; u [0.3, 0.6] on surfaces, [0.2, 1] on planes) or "auto" (the range shown, over all ranks, at each call))~",
       [](const Setting& s, SimConfig& c, Pending&) {
         if (s.value.is_string()) {
           c.insitu.range_mode = read_choice(s, {"default", "auto"}) == "auto" ? InsituConfig::Range::Auto : InsituConfig::Range::Default;
           return;
         }
         if (!s.value.is_array()) throw_setting(s, R"~(expected a list of 2 numbers [min, max], "default" or "auto")~");
         c.insitu.color_range = read_real_n<2>(s, -1e300, 1e300, "[0, 0.5]");
         if (!(c.insitu.color_range[0] < c.insitu.color_range[1]))
           throw_setting(s, "min " + json_number(c.insitu.color_range[0]) + " is not below max " + json_number(c.insitu.color_range[1]) + "; allowed: [min, max] with min < max");
         c.insitu.range_mode = InsituConfig::Range::Fixed;
       },
       [](const SimConfig& c) {
         if (c.insitu.range_mode == InsituConfig::Range::Fixed) return first_of(c.insitu.color_range.data(), 2);
         return Json(c.insitu.range_mode == InsituConfig::Range::Auto ? "auto" : "default");
       }},
      {"insitu.image_size", RestartRole::Free, "list of 2 integers", "pixels", "width and height of the images (16 to 8192 each)",
       [](const Setting& s, SimConfig& c, Pending&) {
         const bool pair = s.value.is_array() && s.value.as_array().size() == 2;
         const auto v = pair ? read_int_list(s, 16, 8192) : std::vector<long>{};
         if (!pair) throw_setting(s, "expected a list of 2 integers [width, height] from 16 to 8192, e.g. [800, 600]");
         c.insitu.image_size = {v[0], v[1]};
       },
       [](const SimConfig& c) { return first_of(c.insitu.image_size.data(), 2); }},
      {"insitu.camera", RestartRole::Free, "string", "-", R"~(camera preset of the 3D views: "iso" (from the +x, -y, +z side), "+x", "-x", "+y", "-y", "+z", "-z" (view direction, as ParaView's buttons) or "auto" ("iso" in 3D, "-z" in 2D); 2D: only "auto", "iso", "+z", "-z"; exclusive with insitu.camera_position)~",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.camera = read_enum(s, kCameraPresetNames); },
       [](const SimConfig& c) { return Json(name_of(c.insitu.camera)); }},
      {"insitu.camera_position", RestartRole::Free, R"~(list of 3 numbers or "none")~", "length", R"~(camera position [x, y, z] in domain coordinates, instead of a preset; "none": from insitu.camera)~",
       [](const Setting& s, SimConfig& c, Pending&) { read_camera_vector(s, c.insitu.position, c.insitu.has_position); },
       [](const SimConfig& c) { return camera_vector_json(c.insitu.has_position, c.insitu.position); }},
      {"insitu.camera_focal_point", RestartRole::Free, R"~(list of 3 numbers or "none")~", "length", R"~(point the camera looks at; "none": the domain centre)~",
       [](const Setting& s, SimConfig& c, Pending&) { read_camera_vector(s, c.insitu.focal_point, c.insitu.has_focal_point); },
       [](const SimConfig& c) { return camera_vector_json(c.insitu.has_focal_point, c.insitu.focal_point); }},
      {"insitu.camera_view_up", RestartRole::Free, R"~(list of 3 numbers or "none")~", "-", R"~(direction shown upwards (not along the view direction); "none": +z, or +y when looking along z)~",
       [](const Setting& s, SimConfig& c, Pending&) { read_camera_vector(s, c.insitu.view_up, c.insitu.has_view_up); },
       [](const SimConfig& c) { return camera_vector_json(c.insitu.has_view_up, c.insitu.view_up); }},
      {"insitu.background", RestartRole::Free, "list of 3 numbers", "-", "background colour [red, green, blue] of the images, each 0 to 1",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.background = read_real_n<3>(s, 0.0, 1.0, "[1, 1, 1] (white)"); },
       [](const SimConfig& c) { return first_of(c.insitu.background.data(), 3); }},
      {"insitu.step_label", RestartRole::Free, "boolean", "-", R"~(the ready scripts write "step N  t = T" at the top right of every image)~",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.step_label = read_bool(s); },
       [](const SimConfig& c) { return Json(c.insitu.step_label); }},
      {"insitu.axes", RestartRole::Free, "boolean", "-", "the ready scripts draw an orientation triad (x, y, z) in the lower left of 3D views (not in pictures of planes, nor below 150 pixels)",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.axes = read_bool(s); },
       [](const SimConfig& c) { return Json(c.insitu.axes); }},
  };
  return table;
}


const KeySpec* find_key(const std::string& name) {
  for (const auto& k : key_table())
    if (name == k.name) return &k;
  return nullptr;
}


}  // namespace gs
