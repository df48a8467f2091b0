// Key table, TOML reading, command-line overrides and cross-key validation.
#include "config/loader.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <toml.hpp>

#include "config/values.hpp"
#include "core/error.hpp"
#include "physics/stencil.hpp"

namespace gs {

namespace {

// Values that need the whole config before they can be resolved (list lengths
// depend on grid.dims).
struct Pending {
  std::vector<long> n = {256};
  std::vector<double> L = {256.0};
};

struct KeySpec {
  const char* name;
  const char* type;
  const char* unit;
  const char* help;
  std::function<void(const Setting&, SimConfig&, Pending&)> apply;
  std::function<std::string(const SimConfig&)> show;
};

std::string quoted(const std::string& s) { return json_string(s); }

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
  for (const auto& item : s.value.as_array()) out.push_back(read_nonempty_string(Setting{s.key, item, s.source}));
  return out;
}

std::string json_string_list(const std::vector<std::string>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + json_string(v[i]);
  return out + "]";
}

const std::vector<KeySpec>& key_table() {
  static const std::vector<KeySpec> table = {
      {"grid.dims", "integer", "-", "2 or 3",
       [](const Setting& s, SimConfig& c, Pending&) { c.grid.dims = (int)read_int(s, 2, 3); },
       [](const SimConfig& c) { return std::to_string(c.grid.dims); }},
      {"grid.n", "integer or list", "cells", "cells per dimension: one number for all, or one per dimension (any size >= 1)",
       [](const Setting& s, SimConfig&, Pending& p) { p.n = read_int_list(s, 1, 1L << 40); },
       [](const SimConfig& c) { return json_list(c.grid.n.data(), c.grid.dims); }},
      {"grid.L", "number or list", "length", "domain side length per dimension (h = L/n)",
       [](const Setting& s, SimConfig&, Pending& p) { p.L = read_real_list(s, 0.0, false); },
       [](const SimConfig& c) { return json_list(c.grid.L.data(), c.grid.dims); }},
      {"grid.stencil", "integer", "points", "Laplacian: 5 or 9 in 2D, 7, 19 or 27 in 3D (default 9 / 27)",
       [](const Setting& s, SimConfig& c, Pending&) { c.grid.stencil_points = (int)read_choice_int(s, {5, 9, 7, 19, 27}); },
       [](const SimConfig& c) { return c.grid.stencil_points ? std::to_string(c.grid.stencil_points) : std::string("\"9 (2D) / 27 (3D)\""); }},
      {"physics.Du", "number", "length^2/time", "diffusivity of u (>= 0)",
       [](const Setting& s, SimConfig& c, Pending&) { c.physics.Du = read_real(s, 0.0, true); },
       [](const SimConfig& c) { return json_number(c.physics.Du); }},
      {"physics.Dv", "number", "length^2/time", "diffusivity of v (>= 0)",
       [](const Setting& s, SimConfig& c, Pending&) { c.physics.Dv = read_real(s, 0.0, true); },
       [](const SimConfig& c) { return json_number(c.physics.Dv); }},
      {"physics.F", "number", "1/time", "feed rate (>= 0)",
       [](const Setting& s, SimConfig& c, Pending&) { c.physics.F = read_real(s, 0.0, true); },
       [](const SimConfig& c) { return json_number(c.physics.F); }},
      {"physics.k", "number", "1/time", "kill rate (>= 0)",
       [](const Setting& s, SimConfig& c, Pending&) { c.physics.k = read_real(s, 0.0, true); },
       [](const SimConfig& c) { return json_number(c.physics.k); }},
      {"physics.clamp", "boolean", "-", "clamp u and v to [0, 1] after each step (as the seeds do; breaks convergence)",
       [](const Setting& s, SimConfig& c, Pending&) { c.physics.clamp = read_bool(s); },
       [](const SimConfig& c) { return json_bool(c.physics.clamp); }},
      {"physics.map", "string", "-", "per-cell F and k: \"none\" (uniform physics.F, physics.k), \"gradient\" (k along x over k_range, F along y over F_range) or \"noise\" (Perlin field moving (F, k) between the range ends)",
       [](const Setting& s, SimConfig& c, Pending&) { c.physics.map = read_choice(s, {"none", "gradient", "noise"}); },
       [](const SimConfig& c) { return quoted(c.physics.map); }},
      {"physics.F_range", "list of 2 numbers", "1/time", "feed rates [F0, F1] of a parameter map (>= 0): F0 at y = 0, F1 at y = L (gradient), or the noise minimum / maximum ends",
       [](const Setting& s, SimConfig& c, Pending&) { c.physics.F_range = read_range2(s); },
       [](const SimConfig& c) { return json_list(c.physics.F_range.data(), 2); }},
      {"physics.k_range", "list of 2 numbers", "1/time", "kill rates [k0, k1] of a parameter map (>= 0): k0 at x = 0, k1 at x = L (gradient), or the noise minimum / maximum ends",
       [](const Setting& s, SimConfig& c, Pending&) { c.physics.k_range = read_range2(s); },
       [](const SimConfig& c) { return json_list(c.physics.k_range.data(), 2); }},
      {"physics.map_frequency", "integer", "lattice cells", "noise map: Perlin lattice cells across the shortest side (1 to 4096)",
       [](const Setting& s, SimConfig& c, Pending&) { c.physics.map_frequency = read_int(s, 1, 4096); },
       [](const SimConfig& c) { return std::to_string(c.physics.map_frequency); }},
      {"time.dt", "number", "time", "time step (> 0, at most the explicit stability limit)",
       [](const Setting& s, SimConfig& c, Pending&) { c.time.dt = read_real(s, 0.0, false); },
       [](const SimConfig& c) { return json_number(c.time.dt); }},
      {"time.steps", "integer", "steps", "number of time steps (>= 0)",
       [](const Setting& s, SimConfig& c, Pending&) { c.time.steps = read_int(s, 0, 1L << 50); },
       [](const SimConfig& c) { return std::to_string(c.time.steps); }},
      {"time.integrator", "string", "-", "\"euler\" (forward Euler, 1st order) or \"rk2\" (Heun, 2nd order)",
       [](const Setting& s, SimConfig& c, Pending&) {
         c.time.integrator = read_choice(s, {"euler", "rk2"}) == "euler" ? Integrator::Euler : Integrator::RK2;
       },
       [](const SimConfig& c) { return quoted(integrator_name(c.time.integrator)); }},
      {"time.allow_unstable", "boolean", "-", "accept a dt above the stability limit",
       [](const Setting& s, SimConfig& c, Pending&) { c.time.allow_unstable = read_bool(s); },
       [](const SimConfig& c) { return json_bool(c.time.allow_unstable); }},
      {"init.type", "string", "-", "\"patch\" (centred square/cube), \"spots\" (random discs/balls), \"spot\" (one centred disc/ball), \"perlin\" (periodic fractal gradient noise), \"diamond_square\" (periodic diamond-square)",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.type = read_choice(s, {"patch", "spots", "spot", "perlin", "diamond_square"}); },
       [](const SimConfig& c) { return quoted(c.init.type); }},
      {"init.seed", "integer", "-", "seed of the counter-based noise (>= 0)",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.seed = (std::uint64_t)read_int(s, 0, INT64_MAX); },
       [](const SimConfig& c) { return std::to_string(c.init.seed); }},
      {"init.size", "number", "fraction of L", "patch side or spot diameter as a fraction of the domain (0, 1]",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.size = read_real_range(s, 0.0, false, 1.0); },
       [](const SimConfig& c) { return json_number(c.init.size); }},
      {"init.count", "integer", "spots", "number of spots for init.type = \"spots\" (1 to 100000)",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.count = read_int(s, 1, 100000); },
       [](const SimConfig& c) { return std::to_string(c.init.count); }},
      {"init.noise", "number", "-", "peak-to-peak uniform noise added to v in seeded regions (0 to 1)",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.noise = read_real_range(s, 0.0, true, 1.0); },
       [](const SimConfig& c) { return json_number(c.init.noise); }},
      {"init.frequency", "integer", "lattice cells", "perlin: lattice cells of the first octave across the shortest side (1 to 65536; other sides in proportion)",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.frequency = read_int(s, 1, 65536); },
       [](const SimConfig& c) { return std::to_string(c.init.frequency); }},
      {"init.octaves", "integer", "-", "perlin: octaves of the fractal sum (1 to 12)",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.octaves = (int)read_int(s, 1, 12); },
       [](const SimConfig& c) { return std::to_string(c.init.octaves); }},
      {"init.lacunarity", "number", "-", "perlin: lattice refinement per octave (1 to 4; each octave's period is rounded to whole cells)",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.lacunarity = read_real_range(s, 1.0, true, 4.0); },
       [](const SimConfig& c) { return json_number(c.init.lacunarity); }},
      {"init.gain", "number", "-", "perlin: amplitude factor per octave (0, 1]",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.gain = read_real_range(s, 0.0, false, 1.0); },
       [](const SimConfig& c) { return json_number(c.init.gain); }},
      {"init.time", "number or \"none\"", "lattice cells", "perlin: \"none\" for dims-D noise, or a number (-1e6 to 1e6) to take the slice w = time of (dims+1)-D noise (4D for a 3D run)",
       [](const Setting& s, SimConfig& c, Pending&) {
         if (s.value.is_string()) {
           read_choice(s, {"none"});
           c.init.has_time = false;
         } else if (s.value.is_integer() || s.value.is_floating()) {
           c.init.time = read_real_range(s, -1e6, true, 1e6);
           c.init.has_time = true;
         } else {
           throw_setting(s, "expected a number or \"none\"");
         }
       },
       [](const SimConfig& c) { return c.init.has_time ? json_number(c.init.time) : quoted("none"); }},
      {"init.roughness", "number", "-", "diamond_square: factor by which the random offset range shrinks per level (0, 1]",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.roughness = read_real_range(s, 0.0, false, 1.0); },
       [](const SimConfig& c) { return json_number(c.init.roughness); }},
      {"init.threshold", "number", "-", "perlin, diamond_square: normalised noise value (-1 to 1) above which cells are seeded",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.threshold = read_real_range(s, -1.0, true, 1.0); },
       [](const SimConfig& c) { return json_number(c.init.threshold); }},
      {"init.smoothing", "number", "-", "perlin, diamond_square: width in noise units of the smooth step around the threshold (0 to 4; 0 = sharp)",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.smoothing = read_real_range(s, 0.0, true, 4.0); },
       [](const SimConfig& c) { return json_number(c.init.smoothing); }},
      {"init.amplitude", "number", "-", "perlin, diamond_square: v in seeded cells, u = 1 - v (0 to 1)",
       [](const Setting& s, SimConfig& c, Pending&) { c.init.amplitude = read_real_range(s, 0.0, true, 1.0); },
       [](const SimConfig& c) { return json_number(c.init.amplitude); }},
      {"output.dir", "string", "path", "folder for images, logs and summary.json (created if missing)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.dir = read_nonempty_string(s); },
       [](const SimConfig& c) { return quoted(c.output.dir); }},
      {"output.every", "integer", "steps", "images and digest every N steps (0: only at the start and end)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.every = read_int(s, 0, 1L << 50); },
       [](const SimConfig& c) { return std::to_string(c.output.every); }},
      {"output.log_every", "integer", "steps", "progress line and NaN check every N steps (0: about 20 per run)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.log_every = read_int(s, 0, 1L << 50); },
       [](const SimConfig& c) { return std::to_string(c.output.log_every); }},
      {"output.field", "string", "-", "field drawn in images: \"u\" or \"v\"",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.field = read_choice(s, {"u", "v"}); },
       [](const SimConfig& c) { return quoted(c.output.field); }},
      {"output.colormap", "string", "-", "\"inferno\", \"viridis\", \"magma\" or \"gray\"",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.colormap = read_choice(s, {"inferno", "viridis", "magma", "gray"}); },
       [](const SimConfig& c) { return quoted(c.output.colormap); }},
      {"output.vmin", "number", "-", "value drawn as the colormap's first colour",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.vmin = read_real(s, -HUGE_VAL, true); },
       [](const SimConfig& c) { return json_number(c.output.vmin); }},
      {"output.vmax", "number", "-", "value drawn as the colormap's last colour (> vmin)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.vmax = read_real(s, -HUGE_VAL, true); },
       [](const SimConfig& c) { return json_number(c.output.vmax); }},
      {"output.image_scale", "integer", "pixels/cell", "pixels per cell edge in images (0: smallest giving at least 256 px height; 1 to 16)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.image_scale = (int)read_int(s, 0, 16); },
       [](const SimConfig& c) { return std::to_string(c.output.image_scale); }},
      {"output.fields_every", "integer", "steps", "u and v as HDF5 + XDMF (opens in ParaView) every N steps (0: never)",
       [](const Setting& s, SimConfig& c, Pending&) { c.output.fields_every = read_int(s, 0, 1L << 50); },
       [](const SimConfig& c) { return std::to_string(c.output.fields_every); }},
      {"checkpoint.every", "integer", "steps", "parallel HDF5 checkpoint every N steps and at the end (0: only when asked to stop)",
       [](const Setting& s, SimConfig& c, Pending&) { c.checkpoint.every = read_int(s, 0, 1L << 50); },
       [](const SimConfig& c) { return std::to_string(c.checkpoint.every); }},
      {"checkpoint.keep", "integer", "files", "newest checkpoints kept; older ones are deleted once a newer one is complete (>= 1)",
       [](const Setting& s, SimConfig& c, Pending&) { c.checkpoint.keep = read_int(s, 1, 1000000); },
       [](const SimConfig& c) { return std::to_string(c.checkpoint.keep); }},
      {"checkpoint.walltime", "number", "seconds", "wall-time budget: past it, checkpoint at the next step and exit 0 (0: none)",
       [](const Setting& s, SimConfig& c, Pending&) { c.checkpoint.walltime = read_real(s, 0.0, true); },
       [](const SimConfig& c) { return json_number(c.checkpoint.walltime); }},
      {"checkpoint.allow_physics_change", "boolean", "-", "allow a restart with other physics.*, time.dt or time.integrator than the checkpoint",
       [](const Setting& s, SimConfig& c, Pending&) { c.checkpoint.allow_physics_change = read_bool(s); },
       [](const SimConfig& c) { return json_bool(c.checkpoint.allow_physics_change); }},
      {"parallel.layout", "list of integers", "ranks", "ranks per dimension, product = rank count (0 entries: chosen by MPI)",
       [](const Setting& s, SimConfig& c, Pending&) {
         const auto l = read_int_list(s, 0, 1 << 20);
         if (l.size() > 3) throw_setting(s, "must list at most 3 rank counts");
         c.parallel.layout = {0, 0, 0};
         for (size_t i = 0; i < l.size(); ++i) c.parallel.layout[i] = (int)l[i];
       },
       [](const SimConfig& c) { return json_list(c.parallel.layout.data(), c.grid.dims); }},
      {"parallel.gpu_aware_mpi", "boolean", "-", "pass device buffers to MPI directly instead of staging through host memory",
       [](const Setting& s, SimConfig& c, Pending&) { c.parallel.gpu_aware_mpi = read_bool(s); },
       [](const SimConfig& c) { return json_bool(c.parallel.gpu_aware_mpi); }},
      {"insitu.script", "string or list of strings", "path", "ParaView Catalyst Python scripts run in situ (e.g. inputs/catalyst/isosurface.py); [] = no in-situ output; needs a build with Catalyst",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.scripts = read_path_list(s); },
       [](const SimConfig& c) { return json_string_list(c.insitu.scripts); }},
      {"insitu.every", "integer", "steps", "hand the fields to the scripts every N steps, at step 0 and at the last step (>= 1)",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.every = read_int(s, 1, 1L << 50); },
       [](const SimConfig& c) { return std::to_string(c.insitu.every); }},
      {"insitu.iso", "number or list", "-", "iso values of v passed to the scripts (isosurfaces, contour lines)",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.iso = read_real_list(s, -HUGE_VAL, true); },
       [](const SimConfig& c) { return json_list(c.insitu.iso.data(), int(c.insitu.iso.size())); }},
      {"insitu.fail", "string", "-", "a script error: \"error\" fails the run (exit 1), \"warn\" reports it and the run goes on (exit 0, failure in summary.json)",
       [](const Setting& s, SimConfig& c, Pending&) { c.insitu.fail_is_error = read_choice(s, {"error", "warn"}) == "error"; },
       [](const SimConfig& c) { return quoted(c.insitu.fail_is_error ? "error" : "warn"); }},
  };
  return table;
}

const KeySpec* find_key(const std::string& name) {
  for (const auto& k : key_table())
    if (name == k.name) return &k;
  return nullptr;
}

std::string suggest(const std::string& name) {
  std::string best;
  size_t best_d = std::string::npos;
  const auto leaf = [](const std::string& s) { return s.substr(s.find('.') + 1); };
  for (const auto& k : key_table()) {
    const size_t d = std::min(edit_distance(name, k.name), edit_distance(leaf(name), leaf(k.name)) + 1);
    if (d < best_d) best_d = d, best = k.name;
  }
  return best;
}

// "a.b" -> value, with where each value came from.
using FlatSettings = std::map<std::string, Setting>;

// The setting for `key`, or an empty one (the key's default) that names the input in errors.
Setting setting_or_default(const FlatSettings& flat, const char* key, const std::string& input) {
  auto it = flat.find(key);
  return it != flat.end() ? it->second : Setting{key, toml::value(), input};
}

void flatten(const toml::value& root, const std::string& source, FlatSettings& out) {
  for (const auto& [section, body] : root.as_table()) {
    if (!body.is_table())
      throw InputError(source + ": key '" + section + "' must be inside a section such as [grid] or [physics]");
    for (const auto& [key, value] : body.as_table()) {
      if (value.is_table())
        throw InputError(source + ": key '" + section + "." + key + "' is a nested table; only [section] key = value is allowed");
      out[section + "." + key] = Setting{section + "." + key, value, source};
    }
  }
}

toml::value parse_toml(std::istream& in, const std::string& source) {
  try {
    return toml::parse(in, source);
  } catch (const std::exception& e) {
    throw InputError(source + ": " + condense_toml_error(e.what()));
  }
}

void apply_override(const std::string& arg, FlatSettings& flat) {
  const auto eq = arg.find('=');
  const std::string source = "command line";
  if (eq == std::string::npos || eq == 0)
    throw InputError(source + ": argument '" + arg + "' is not of the form section.key=value");
  const std::string key = arg.substr(0, eq);
  const std::string text = arg.substr(eq + 1);
  if (key.find('.') == std::string::npos)
    throw InputError(source + ": key '" + key + "' needs a section, e.g. grid.n=128");
  std::istringstream as_toml("v = " + text);
  toml::value value;
  try {
    value = toml::parse(as_toml, source).as_table().at("v");
  } catch (const std::exception&) {
    // A bare word such as init.type=spots is taken as a string.
    value = toml::value(text);
  }
  flat[key] = Setting{key, value, source};
}

void resolve_lists(SimConfig& c, const Pending& p, const FlatSettings& flat) {
  const int dims = c.grid.dims;
  const auto where = [&](const char* key) { return setting_or_default(flat, key, c.input_file); };
  if (p.n.size() != 1 && (int)p.n.size() != dims)
    throw_setting(where("grid.n"), "give one number or a list of " + std::to_string(dims) + " numbers for a " + std::to_string(dims) + "D grid");
  if (p.L.size() != 1 && (int)p.L.size() != dims)
    throw_setting(where("grid.L"), "give one number or a list of " + std::to_string(dims) + " numbers for a " + std::to_string(dims) + "D grid");
  for (int d = 0; d < 3; ++d) {
    c.grid.n[d] = d < dims ? p.n[p.n.size() == 1 ? 0 : d] : 1;
    c.grid.L[d] = d < dims ? p.L[p.L.size() == 1 ? 0 : d] : 1.0;
  }
  // A 2D grid is one cell thick in z with the x spacing, so h(2) means something (XDMF, symbols).
  if (dims == 2) c.grid.L[2] = c.grid.h(0);

  int points = c.grid.stencil_points ? c.grid.stencil_points : (dims == 2 ? 9 : 27);
  const bool ok2 = points == 5 || points == 9;
  if ((dims == 2) != ok2)
    throw_setting(where("grid.stencil"), std::to_string(points) + "-point is not a " + std::to_string(dims) +
                                             "D stencil; allowed: " + (dims == 2 ? "5, 9" : "7, 19, 27"));
  c.grid.stencil_points = points;
  c.grid.stencil = points == 5 ? Stencil::P5 : points == 9 ? Stencil::P9 : points == 7 ? Stencil::P7 : points == 19 ? Stencil::P19 : Stencil::P27;
  if (stencil_needs_diagonals(c.grid.stencil)) {
    for (int d = 1; d < dims; ++d)
      if (std::fabs(c.grid.h(d) - c.grid.h(0)) > 1e-12 * c.grid.h(0)) {
        std::ostringstream os;
        os << "the isotropic " << points << "-point stencil needs equal spacing h = L/n in every dimension (got h = "
           << c.grid.h(0) << " and " << c.grid.h(d) << "); adjust grid.L or use the "
           << (dims == 2 ? "5" : "7") << "-point stencil";
        throw_setting(where("grid.L"), os.str());
      }
  }
}

void validate(SimConfig& c, const FlatSettings& flat) {
  const auto where = [&](const char* key) { return setting_or_default(flat, key, c.input_file); };
  if (!(c.output.vmax > c.output.vmin))
    throw_setting(where("output.vmax"), "must be greater than output.vmin = " + json_number(c.output.vmin));
  for (int d = 0; d < 3; ++d)
    if (c.parallel.layout[d] != 0 && d >= c.grid.dims && c.parallel.layout[d] != 1)
      throw_setting(where("parallel.layout"), "a 2D run has no ranks along z; give two entries");
  if (c.init.type == "diamond_square")
    for (int d = 0; d < c.grid.dims; ++d)
      if (c.grid.n[d] < 2 || c.grid.n[d] > (1L << 30))
        throw_setting(where("grid.n"), "init.type = \"diamond_square\" needs 2 to 2^30 cells along every axis (got " +
                                           std::to_string(c.grid.n[d]) + " along " + "xyz"[d] + ")");
  if (c.insitu.enabled()) {
    if (!GS_HAVE_CATALYST)
      throw_setting(where("insitu.script"), "this build has no ParaView Catalyst (configure with ParaView installed, see docs/insitu.md); remove insitu.script");
    for (const auto& path : c.insitu.scripts) {
      std::error_code ec;
      if (!std::filesystem::is_regular_file(path, ec) || !std::ifstream(path))
        throw_setting(where("insitu.script"), "script '" + path + "' is not a readable file");
    }
  }
  const double limit = stable_dt_limit(c);
  if (c.time.dt > limit && !c.time.allow_unstable) {
    std::ostringstream os;
    os.precision(6);
    os << "dt = " << c.time.dt << " is beyond the explicit stability limit of the " << c.grid.stencil_points
       << "-point stencil with these physics (largest stable dt = " << limit
       << "); reduce time.dt or set time.allow_unstable = true";
    throw_setting(where("time.dt"), os.str());
  }
}

SimConfig build(const toml::value& root, const std::string& source, const std::vector<std::string>& overrides) {
  FlatSettings flat;
  if (!root.is_table()) throw InputError(source + ": the input must be a TOML table");
  flatten(root, source, flat);
  for (const auto& arg : overrides) apply_override(arg, flat);

  SimConfig cfg;
  cfg.input_file = source;
  Pending pending;
  for (const auto& [key, setting] : flat) {
    const KeySpec* spec = find_key(key);
    if (!spec) throw InputError(setting.source + ": unknown key '" + key + "' (did you mean '" + suggest(key) + "'?)");
  }
  // grid.dims first: list lengths and stencil choices depend on it.
  for (const auto& spec : key_table()) {
    auto it = flat.find(spec.name);
    if (it != flat.end()) spec.apply(it->second, cfg, pending);
  }
  resolve_lists(cfg, pending, flat);
  validate(cfg, flat);
  return cfg;
}

}  // namespace

const char* stencil_name(Stencil s) {
  switch (s) {
    case Stencil::P5: return "5-point";
    case Stencil::P9: return "9-point";
    case Stencil::P7: return "7-point";
    case Stencil::P19: return "19-point";
    case Stencil::P27: return "27-point";
  }
  return "?";
}

const char* integrator_name(Integrator i) { return i == Integrator::Euler ? "euler" : "rk2"; }

double stable_dt_limit(const SimConfig& c) {
  const double h[3] = {c.grid.h(0), c.grid.h(1), c.grid.h(2)};
  const double lambda_max = stencil_max_symbol(c.grid.stencil, h);
  // Linearisation about (u, v) = (1, 0): eigenvalues -(Du lambda + F) and
  // -(Dv lambda + F + k); both explicit schemes are stable on [-2, 0] * dt.
  // With a parameter map the largest F and k anywhere set the limit.
  const double F = c.physics.F_max(), k = c.physics.k_max();
  const double rate = std::max(c.physics.Du * lambda_max + F, c.physics.Dv * lambda_max + F + k);
  return rate > 0 ? 2.0 / rate : HUGE_VAL;
}

SimConfig load_config(const std::string& input_file, const std::vector<std::string>& overrides) {
  std::ifstream in(input_file, std::ios::binary);
  if (!in) throw InputError(input_file + ": cannot open input file (" + std::string(std::strerror(errno)) + ")");
  return build(parse_toml(in, input_file), input_file, overrides);
}

SimConfig load_config_text(const std::string& toml_text, const std::string& source, const std::vector<std::string>& overrides) {
  std::istringstream in(toml_text);
  return build(parse_toml(in, source), source, overrides);
}

std::string config_help() {
  std::ostringstream os;
  const SimConfig defaults;
  os << "Keys (set in the input file under [section], or on the command line as section.key=value):\n";
  for (const auto& k : key_table()) {
    os << "  " << k.name << "  (" << k.type << ", unit: " << k.unit << ", default: " << k.show(defaults) << ")\n";
    os << "      " << k.help << "\n";
  }
  return os.str();
}

std::string config_to_json(const SimConfig& cfg, int indent) {
  std::ostringstream os;
  const std::string pad(indent, ' ');
  std::string section;
  os << "{";
  bool first_section = true, first_key = true;
  for (const auto& k : key_table()) {
    const std::string name = k.name;
    const std::string sec = name.substr(0, name.find('.'));
    const std::string key = name.substr(name.find('.') + 1);
    if (sec != section) {
      os << (first_section ? "\n" : "\n" + pad + "  },\n") << pad << "  " << json_string(sec) << ": {";
      section = sec;
      first_section = false;
      first_key = true;
    }
    os << (first_key ? "\n" : ",\n") << pad << "    " << json_string(key) << ": " << k.show(cfg);
    first_key = false;
  }
  os << "\n" << pad << "  }\n" << pad << "}";
  return os.str();
}

}  // namespace gs
