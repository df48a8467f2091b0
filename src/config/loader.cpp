// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Builds the validated SimConfig: reads the TOML input (refusing runaway
// nesting), flattens it to "section.key" settings, lays the command-line
// overrides over them, refuses unknown keys with a did-you-mean, applies each
// key, resolves list lengths and the stencil, and validates across keys,
// recording where each setting came from (SimConfig::source_of). The keys are
// in the key table (key_table.hpp; keys_<section>.cpp, one file per section),
// the stability limit in stability.cpp, the --help text and the effective
// configuration as JSON in config_json.cpp.
#include "config/loader.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <sstream>
#include <toml.hpp>

#include "config/insitu_view.hpp"
#include "config/key_table.hpp"
#include "config/stability.hpp"
#include "config/values.hpp"
#include "core/build_info.hpp"
#include "core/error.hpp"
#include "config/output_box.hpp"
#include "numerics/stencil_taps.hpp"

namespace gs {

namespace {

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

// Deepest nesting of lists and inline tables the parser is given. Inputs need
// 2 ([[1, 2]] at most, counting a [[table]] header); the TOML parser's time grows
// steeply with depth (5000 levels: seconds, more: minutes or a stack overflow).
constexpr int kMaxNesting = 16;

// The line of the first list or inline table nested deeper than kMaxNesting,
// outside strings and comments; 0 if none.
int too_deep_at(const std::string& text) {
  int depth = 0, line = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
    } else if (c == '#') {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
    } else if (c == '"' || c == '\'') {
      const bool multi = text.compare(i, 3, std::string(3, c)) == 0;
      const std::string close = multi ? std::string(3, c) : std::string(1, c);
      i += close.size();
      // An unterminated string ends at its line (or the file) here; the parser reports it.
      while (i < text.size() && text.compare(i, close.size(), close) != 0 && (multi || text[i] != '\n')) {
        if (text[i] == '\n') ++line;
        if (c == '"' && text[i] == '\\' && i + 1 < text.size() && text[i + 1] != '\n') ++i;
        ++i;
      }
      if (i < text.size() && text[i] == '\n') --i;
      else if (close.size() > 1) i += close.size() - 1;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxNesting) return line;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return 0;
}

toml::value parse_toml(std::istream& in, const std::string& source) {
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (const int line = too_deep_at(text))
    throw InputError(source + ": lists or inline tables nested more than " + std::to_string(kMaxNesting) + " levels deep at line " +
                     std::to_string(line) + "; a value is a number, a string or a list of them");
  std::istringstream parsed(text);
  try {
    return toml::parse(parsed, source);
  } catch (const std::exception& e) {
    throw InputError(source + ": " + condense_toml_error(e.what()));
  }
}

void apply_override(const std::string& arg, FlatSettings& flat) {
  const auto eq = arg.find('=');
  const std::string source = kCommandLine;
  if (eq == std::string::npos || eq == 0)
    throw InputError(source + ": argument '" + arg + "' is not of the form section.key=value");
  const std::string key = arg.substr(0, eq);
  const std::string text = arg.substr(eq + 1);
  if (key.find('.') == std::string::npos)
    throw InputError(source + ": key '" + key + "' needs a section, e.g. grid.n=128");
  // Parsed as TOML, a line break would start new lines of input whose keys
  // (and sections) are then silently dropped: one key=value per argument.
  if (arg.find_first_of("\n\r") != std::string::npos)
    throw InputError(source + ": key '" + key + "': the value '" + text +
                     "' holds a line break; give one section.key=value per argument");
  if (too_deep_at(text))
    throw InputError(source + ": key '" + key + "': lists nested more than " + std::to_string(kMaxNesting) +
                     " levels deep; a value is a number, a string or a list of them");
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

  if (c.grid.order == 4) {
    // One fourth-order stencil per dimension: the radius-2 cross.
    const int cross = dims == 2 ? 9 : 13;
    if (c.grid.stencil_points && c.grid.stencil_points != cross)
      throw_setting(where("grid.stencil"), std::to_string(c.grid.stencil_points) + "-point with grid.order = 4; allowed: " +
                                               std::to_string(cross) + " (the " + std::to_string(dims) +
                                               "D radius-2 cross), or leave grid.stencil out");
    c.grid.stencil_points = cross;
    c.grid.stencil = dims == 2 ? Stencil::X9 : Stencil::X13;
    return;
  }
  int points = c.grid.stencil_points ? c.grid.stencil_points : (dims == 2 ? 9 : 27);
  const bool ok2 = points == 5 || points == 9;
  if ((dims == 2) != ok2 || points == 13)
    throw_setting(where("grid.stencil"), std::to_string(points) + "-point is not a " + std::to_string(dims) +
                                             "D stencil; allowed: " + (dims == 2 ? "5, 9" : "7, 19, 27") +
                                             (points == 13 ? " (13 is the 3D stencil of grid.order = 4)" : ""));
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

bool readable_file(const std::filesystem::path& path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec) && std::ifstream(path);
}

// The in-situ scripts installed with the program (inputs/catalyst/ of the
// share folder, GS_SHARE_RELDIR from the executable's folder: found from
// /proc/self/exe, so an installed tree can be moved); "" where there is no
// such folder (a build tree, a program copied alone).
std::string installed_scripts_folder() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return "";
  const fs::path folder = (exe.parent_path() / GS_SHARE_RELDIR / "inputs" / "catalyst").lexically_normal();
  return fs::is_directory(folder, ec) ? folder.string() : "";
}

// A relative script named in an input file is the input's companion, as a
// path in an input file is to its readers: it is looked for beside the input
// first, then in the current folder (where it was looked for before, so that
// inputs naming scripts from the folder they are run in keep working). On the
// command line it is relative to the current folder, like output.dir
// everywhere (an output is made where the run is started, not beside its input).
// A bare name (no folder: `slice.py`) found in neither is then looked for among
// the scripts installed with the program, so the shipped ones run by name from
// any folder. The path returned is the file taken: the run's header line and
// --check print it.
std::string find_script(const std::string& path, const Setting& s) {
  namespace fs = std::filesystem;
  if (fs::path(path).is_absolute()) {
    if (!readable_file(path)) throw_setting(s, "script '" + path + "' is not a readable file");
    return path;
  }
  std::error_code ec;
  const fs::path here = fs::current_path(ec);
  std::vector<std::string> searched;
  bool here_searched = false;
  if (s.source != kCommandLine) {
    const fs::path beside = fs::path(s.source).parent_path() / path;
    if (readable_file(beside)) return beside.lexically_normal().string();
    const fs::path folder = fs::absolute(fs::path(s.source), ec).lexically_normal().parent_path();
    here_searched = folder == here;
    searched.push_back("'" + folder.string() + "' (the input file's folder" + (here_searched ? ", the current folder)" : ")"));
  }
  if (!here_searched) {
    if (readable_file(path)) return path;
    searched.push_back("'" + here.string() + "' (the current folder)");
  }
  if (fs::path(path).filename().string() == path) {
    const std::string shipped = installed_scripts_folder();
    if (!shipped.empty()) {
      const fs::path installed = fs::path(shipped) / path;
      if (readable_file(installed)) return installed.string();
      searched.push_back("'" + shipped + "' (the scripts installed with the program)");
    }
  }
  std::string where;
  for (size_t i = 0; i < searched.size(); ++i)
    where += (i == 0 ? "" : i + 1 == searched.size() ? " or " : ", ") + searched[i];
  throw_setting(s, "script '" + path + "' is not a readable file in " + where);
}

// Field-output keys that would write nothing sensible are refused; keys set
// that no output of this run reads are warned about (one line each).
void check_field_output_keys(SimConfig& c, const FlatSettings& flat) {
  const auto where = [&](const char* key) { return setting_or_default(flat, key, c.input_file); };
  const OutputConfig& o = c.output;
  long widest = 1;
  for (int d = 0; d < c.grid.dims; ++d) widest = std::max(widest, c.grid.n[d]);
  if (o.subsample_every > 0 && o.subsample_stride >= widest)
    throw_setting(where("output.subsample_stride"),
                  std::to_string(o.subsample_stride) + " keeps one cell along every axis of this " + std::to_string(widest) +
                      "-cell grid (one value drawn " + std::to_string(o.subsample_stride) + " cells wide); at most " +
                      std::to_string(widest - 1));
  const auto unused = [&](const char* key, const std::string& why) {
    if (!flat.count(key)) return;
    const Setting s = where(key);
    c.warnings.push_back(s.source + ": key '" + key + "' has no effect: " + why);
  };
  const bool any_field_output = o.fields_every > 0 || o.subsample_every > 0 || o.box_every > 0;
  if (o.fields_compression == FieldCompression::None)
    unused("output.fields_deflate_level", "output.fields_compression is \"none\"");
  if (o.box_every == 0) unused("output.box", "output.box_every is 0 (no box output)");
  if (o.subsample_every == 0) unused("output.subsample_stride", "output.subsample_every is 0 (no sub-sampled output)");
  if (!any_field_output) {
    const std::string none = "no field output is on (output.fields_every, output.subsample_every and output.box_every are 0)";
    unused("output.fields_compression", none);
    unused("output.fields_precision", none);
  }
}

// The dynamics measure compares v with a copy taken window steps before each
// row of pattern.csv (one copy at a time), and judges the last half of the run.
void check_dynamics_keys(SimConfig& c, const FlatSettings& flat) {
  const OutputConfig& o = c.output;
  const auto where = [&](const char* key) { return setting_or_default(flat, key, c.input_file); };
  if (!pattern_enabled(c)) {
    if (o.dynamics_window > 0)
      throw_setting(where("output.dynamics_window"), "needs the measured pattern, but output.pattern_threshold is \"off\"; "
                                                      "set output.pattern_threshold (or leave it \"auto\") or output.dynamics_window = 0");
    if (flat.count("output.pattern_every"))
      c.warnings.push_back(where("output.pattern_every").source + ": key 'output.pattern_every' has no effect: output.pattern_threshold is \"off\"");
    return;
  }
  if (o.dynamics_window <= 0) return;
  const double dt = c.time.dt;
  const long window = std::lround(o.dynamics_window / dt);
  const long rows = pattern_interval(c);
  if (window < 1 || std::fabs(double(window) * dt - o.dynamics_window) > 1e-9 * o.dynamics_window)
    throw_setting(where("output.dynamics_window"), "value " + json_number(o.dynamics_window) + " is not a whole number of steps of time.dt = " +
                                                        json_number(dt) + "; allowed: k x time.dt, e.g. " + json_number(double(std::max(1L, window)) * dt));
  if (window > rows)
    throw_setting(where("output.dynamics_window"), "value " + json_number(o.dynamics_window) + " is " + std::to_string(window) +
                                                        " steps, longer than the " + std::to_string(rows) +
                                                        " steps between rows of pattern.csv (output.pattern_every, else output.log_every); "
                                                        "allowed: at most " + json_number(double(rows) * dt) + ", or rows at most every " +
                                                        std::to_string(window) + " steps");
  const long judged = (c.time.steps - c.time.steps / 2) / rows;
  if (judged < kDynamicsMinRows)
    throw_setting(where("time.steps"), "value " + std::to_string(c.time.steps) + " gives " + std::to_string(judged) +
                                           " rows of pattern.csv in the last half of the run; the dynamics verdict (output.dynamics_window) needs " +
                                           std::to_string(kDynamicsMinRows) + ": time.steps at least " +
                                           std::to_string(2 * kDynamicsMinRows * rows) + ", or output.pattern_every at most " +
                                           std::to_string(std::max(1L, (c.time.steps - c.time.steps / 2) / kDynamicsMinRows)));
}

void validate(SimConfig& c, const FlatSettings& flat) {
  const auto where = [&](const char* key) { return setting_or_default(flat, key, c.input_file); };
  if (!(c.output.vmax > c.output.vmin))
    throw_setting(where("output.vmax"), "must be greater than output.vmin = " + json_number(c.output.vmin));
  for (int d = 0; d < 3; ++d)
    if (c.parallel.layout[d] != 0 && d >= c.grid.dims && c.parallel.layout[d] != 1)
      throw_setting(where("parallel.layout"), "a 2D run has no ranks along z; give two entries");
  // One way to place the threshold: a noise value or a fraction of the cells.
  if (c.init.has_fill && flat.count("init.threshold"))
    throw_setting(where("init.fill"), "init.fill and init.threshold are both set; give one: init.fill (fraction of cells seeded) "
                                      "or init.threshold (noise value)");
  // The diamond-square field is divided by a bound it never comes near, so a
  // fixed default threshold seeds almost nothing: by default it seeds a fixed
  // fraction, about what Perlin's default threshold seeds (docs/noise.md).
  if (c.init.type == InitType::DiamondSquare && !flat.count("init.fill") && !flat.count("init.threshold")) {
    c.init.has_fill = true;
    c.init.fill = kDefaultDiamondSquareFill;
  }
  if (c.init.type == InitType::DiamondSquare)
    for (int d = 0; d < c.grid.dims; ++d)
      if (c.grid.n[d] < 2 || c.grid.n[d] > (1L << 30))
        throw_setting(where("grid.n"), "init.type = \"diamond_square\" needs 2 to 2^30 cells along every axis (got " +
                                           std::to_string(c.grid.n[d]) + " along " + "xyz"[d] + ")");
  if (const std::string why = box_problem(c); !why.empty()) throw_setting(where("output.box"), why);
  check_field_output_keys(c, flat);
  check_dynamics_keys(c, flat);
  if (c.insitu.enabled()) {
    if (!GS_HAVE_CATALYST)
      throw_setting(where("insitu.script"), "this build has no ParaView Catalyst (configure with ParaView installed, see docs/insitu.md); remove insitu.script");
    const Setting script = where("insitu.script");
    for (auto& path : c.insitu.scripts) path = find_script(path, script);
  }
  long long cells = 1;
  for (int d = 0; d < c.grid.dims; ++d)
    if (__builtin_mul_overflow(cells, (long long)c.grid.n[d], &cells))
      throw_setting(where("grid.n"), "the number of cells overflows 64 bits; no machine holds that grid");
  check_stability(c, where("grid.L"), where("time.dt"));
  // One way to place the in-situ camera: a preset or an explicit position.
  if (flat.count("insitu.camera") && c.insitu.has_position)
    throw_setting(where("insitu.camera"), "insitu.camera and insitu.camera_position are both set; give one: a preset (insitu.camera) "
                                          "or the position (insitu.camera_position, with insitu.camera_focal_point and insitu.camera_view_up)");
  // A 2D run is a plane at z = 0: a camera along x or y sees it edge-on, and every image is blank.
  if (c.grid.dims == 2 && c.insitu.camera != CameraPreset::Auto && c.insitu.camera != CameraPreset::Iso &&
      c.insitu.camera != CameraPreset::PlusZ && c.insitu.camera != CameraPreset::MinusZ)
    throw_setting(where("insitu.camera"), std::string("\"") + name_of(c.insitu.camera) +
                                              "\" looks at the plane of a 2D run edge-on (blank images); allowed in 2D: \"auto\", \"-z\", "
                                              "\"+z\", \"iso\"");
  // After the grid checks: a grid too small to place a camera in is the grid's error.
  const bool explicit_camera = c.insitu.has_position || c.insitu.has_focal_point || c.insitu.has_view_up;
  const std::string camera = c.insitu.enabled() || explicit_camera ? camera_problem(resolve_camera(c)) : "";
  if (!camera.empty()) {
    const bool up = camera.find("view-up") != std::string::npos && c.insitu.has_view_up;
    throw_setting(where(up ? "insitu.camera_view_up" : c.insitu.has_position ? "insitu.camera_position" : "insitu.camera_focal_point"), camera);
  }
  if (c.grid.dims == 2 && c.insitu.has_position) {  // a preset's position is never in the plane
    const CameraVectors cam = resolve_camera(c);
    double dir[3], length = 0;
    for (int d = 0; d < 3; ++d) dir[d] = cam.focal_point[d] - cam.position[d], length += dir[d] * dir[d];
    if (std::fabs(dir[2]) < 1e-6 * std::sqrt(length))
      throw_setting(where("insitu.camera_position"),
                    "the camera looks along the plane of a 2D run (position and focal point have the same z), edge-on: blank "
                    "images; place the camera above or below the plane (z other than the focal point's)");
  }
}

SimConfig build(const toml::value& root, const std::string& source, const std::vector<std::string>& overrides) {
  FlatSettings flat;
  if (!root.is_table()) throw InputError(source + ": the input must be a TOML table");
  flatten(root, source, flat);
  for (const auto& arg : overrides) apply_override(arg, flat);

  SimConfig cfg;
  cfg.input_file = source;
  for (const auto& [key, setting] : flat) cfg.key_sources[key] = setting.source;
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

SimConfig load_config(const std::string& input_file, const std::vector<std::string>& overrides) {
  // A folder reads as bad_alloc and a device as endless noise: only regular files are inputs.
  std::error_code ec;
  const auto st = std::filesystem::status(input_file, ec);
  // /dev/null stays allowed: the usual empty input, every key from the command line.
  if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st) && input_file != "/dev/null") {
    using ft = std::filesystem::file_type;
    const auto t = st.type();
    const char* kind = t == ft::directory ? "a directory" : t == ft::character ? "a character device" : t == ft::block ? "a block device"
                     : t == ft::fifo ? "a pipe (FIFO)" : t == ft::socket ? "a socket" : "not a regular file";
    throw InputError(input_file + ": the input is " + std::string(kind) + ", not a regular TOML file");
  }
  std::ifstream in(input_file, std::ios::binary);
  if (!in) throw InputError(input_file + ": cannot open input file (" + std::string(std::strerror(errno)) + ")");
  return build(parse_toml(in, input_file), input_file, overrides);
}

SimConfig load_config_text(const std::string& toml_text, const std::string& source, const std::vector<std::string>& overrides) {
  std::istringstream in(toml_text);
  return build(parse_toml(in, source), source, overrides);
}

}  // namespace gs
