// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Typed run configuration in physical units. Defaults live here; the key table
// (key_table.hpp, a keys_<section>.cpp per section) maps "section.key" names
// onto these members and validates them, and loader.cpp builds a SimConfig
// from a file and overrides.
#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "config/choices.hpp"
#include "numerics/stencil_taps.hpp"

namespace gs {

// The source of a setting given as section.key=value after the input file.
inline constexpr const char* kCommandLine = "command line";

struct GridConfig {
  int dims = 2;
  std::array<long, 3> n = {256, 256, 1};      // cells per dimension (z = 1 in 2D)
  std::array<double, 3> L = {256.0, 256.0, 1.0};  // domain length per dimension
  int order = 2;                               // grid.order: of the Laplacian in h, 2 or 4
  int stencil_points = 0;                      // 0: the default of the dimension and order (9 / 27; 9 / 13 at order 4)
  Stencil stencil = Stencil::P9;
  Precision precision = Precision::Double;  // of the state: the program holds a simulation for each
  double h(int d) const { return L[d] / double(n[d]); }
  long long cells() const { return (long long)n[0] * n[1] * (dims == 3 ? n[2] : 1); }
};

struct PhysicsConfig {
  double Du = 0.3;   // length^2 / time
  double Dv = 0.15;  // length^2 / time
  double F = 0.037;  // 1 / time
  double k = 0.06;   // 1 / time
  bool clamp = false;
  // Parameter map (physics/parameter_map.hpp). With a map, F and k come from
  // the ranges below and F, k above are unused.
  ParameterMapType map = ParameterMapType::None;
  std::array<double, 2> F_range = {0.0, 0.08};   // 1 / time: F along y (gradient) or the noise segment
  std::array<double, 2> k_range = {0.03, 0.07};  // 1 / time: k along x (gradient) or the noise segment
  long map_frequency = 3;                        // noise map: lattice cells across the shortest side
  std::uint64_t map_seed = 1;                    // noise map: seed of its lattice (physics, unlike init.seed)
  // Largest feed and kill anywhere in the domain (explicit stability limit).
  double F_max() const { return map == ParameterMapType::None ? F : std::max(F_range[0], F_range[1]); }
  double k_max() const { return map == ParameterMapType::None ? k : std::max(k_range[0], k_range[1]); }
};

struct TimeConfig {
  double dt = 1.0;
  long steps = 10000;
  Integrator integrator = Integrator::Euler;
  // time.stages: the stages per step of an integrator that takes a count
  // (rkl2); kAutoStages: the fewest that hold time.dt (numerics/integrator.hpp).
  static constexpr int kAutoStages = 0;
  static constexpr int kMaxStages = 999;  // odd: every count taken is odd
  int stages = kAutoStages;
  bool allow_unstable = false;
  // Derived, not keys; set by the loader (config/stability.hpp):
  double dt_limit = 0;     // largest stable forward-Euler dt (the explicit limit)
  int resolved_stages = 0; // the stage count of an integrator that takes one (rkl2), else 0
  double dt_stable = 0;    // largest dt the chosen integrator holds: its scheme's stability_factor x dt_limit
  int stages_per_step() const { return gs::stages_per_step(integrator, resolved_stages); }
  Scheme scheme() const { return make_scheme(integrator, resolved_stages); }
};

// init.fill of a diamond_square start that sets neither init.fill nor init.threshold.
constexpr double kDefaultDiamondSquareFill = 0.3;

struct InitConfig {
  InitType type = InitType::Patch;
  std::uint64_t seed = 1;
  double size = 0.1;   // patch side / spot diameter as a fraction of the domain
  long count = 20;     // number of spots for "spots"
  double noise = 0.01; // peak-to-peak noise added inside seeded regions
  // Procedural starts "perlin" and "diamond_square" (docs/noise.md).
  long frequency = 6;       // perlin: lattice cells of the first octave across the shortest side
  int octaves = 4;          // perlin: octaves of the fractal sum
  double lacunarity = 2.0;  // perlin: lattice refinement per octave
  double gain = 0.5;        // perlin: amplitude factor per octave
  bool has_time = false;    // perlin: slice a (dims+1)-D field at w = time
  double time = 0.0;        // perlin: position of the slice, in first-octave lattice cells
  double roughness = 0.6;   // diamond_square: offset range factor per level
  double threshold = 0.1;   // normalised noise above which cells are seeded
  bool has_fill = false;    // perlin, diamond_square: the threshold is the one that seeds `fill` of the cells
  double fill = 0.0;        // fraction of cells seeded, in (0, 1), when has_fill
  double smoothing = 0.1;   // width of the smooth step around the threshold (noise units)
  double amplitude = 0.25;  // v in seeded cells (u = 1 - v)
};

// One entry of output.box: a mid-plane, or the cells whose centres lie in `bounds`.
struct OutputBox {
  BoxPlane plane = BoxPlane::MidZ;
  std::vector<double> bounds;  // [x0, x1, y0, y1(, z0, z1)], length units, when plane == Box
};

struct OutputConfig {
  std::string dir = "out";
  long every = 1000;     // images + digest log, also at step 0 of a fresh run and the last step; 0 = only those
  long log_every = 0;    // progress line + NaN check; 0 = about 20 lines per run
  long fields_every = 0; // HDF5 + XDMF field outputs for ParaView; 0 = none
  // How every field output stores u and v (checkpoints always store the state exactly).
  FieldPrecision fields_precision = FieldPrecision::Same;      // "same": the run's grid.precision
  FieldCompression fields_compression = FieldCompression::None;  // "deflate": HDF5 shuffle + deflate, lossless
  int fields_deflate_level = 4;                                  // 1 (fastest) to 9 (smallest)
  // Smaller field outputs with their own cadence (0: none): every
  // subsample_stride-th cell along each axis (fields_sub_*.h5), and the cells
  // of each box or mid-plane of output.box (fields_box_*.h5; with several,
  // fields_box_<name>_*.h5, config/output_box.hpp).
  long subsample_every = 0;
  long subsample_stride = 4;
  long box_every = 0;
  std::vector<OutputBox> boxes = std::vector<OutputBox>(1);  // output.box: one or more, in the order given (default: one "mid_z")
  OutputField field = OutputField::V;
  Colormap colormap = Colormap::Inferno;
  double vmin = 0.0;
  double vmax = 0.5;
  int image_scale = 0;   // pixels per cell; 0 = smallest factor giving images at least 256 px tall
  // pattern.csv (physics/minkowski.hpp): the excursion set {v >= theta} at
  // every progress line. Auto: theta = insitu.iso's first value, so the
  // numbers describe the surfaces the in-situ views draw.
  enum class Pattern { Auto, Value, Off };
  Pattern pattern = Pattern::Auto;
  double pattern_threshold = 0.25;  // theta when pattern == Value
  // Rows of pattern.csv every pattern_every steps (0: at the progress lines).
  long pattern_every = 0;
  // The dynamics measure (physics/dynamics.hpp): each row also compares v with
  // v dynamics_window time units earlier; 0 = off.
  double dynamics_window = 0;
};

struct CheckpointConfig {
  long every = 0;                     // steps between checkpoints; 0 = only on a stop request
  long keep = 2;                      // newest checkpoints kept
  double walltime = 0;                // seconds of budget; at the first step boundary past it: checkpoint and stop
  bool allow_physics_change = false;  // restart with other physics / dt / integrator
  bool overwrite = false;             // fresh run into a folder with another run's checkpoints
};

struct ParallelConfig {
  std::array<int, 3> layout = {0, 0, 0};  // ranks per dimension, 0 = chosen by MPI_Dims_create
  bool gpu_aware_mpi = false;             // hand device buffers straight to MPI
  // Time steps per halo exchange: ghosts of width halo_depth x stages, and
  // the stage levels in between computed over shrinking boxes (1: an exchange
  // per stage, one ghost layer). kAutoHaloDepth: chosen by the Decomposition
  // for the backend, dimension and local box (auto_halo_depth).
  static constexpr int kAutoHaloDepth = 0;
  int halo_depth = kAutoHaloDepth;
};

// In-situ visualization through ParaView Catalyst (src/insitu/, docs/insitu.md).
// Off while `scripts` is empty; images and extracts go to output.dir/insitu/.
struct InsituConfig {
  std::vector<std::string> scripts;    // Catalyst Python scripts, run in this order
  long every = 100;                    // steps between in-situ calls (also step 0 and the last step)
  std::vector<double> iso = {0.25};    // iso values of v handed to the scripts
  bool fail_is_error = true;           // a script error fails the run (exit 1) or only warns (summary)
  // What the ready scripts show (insitu_view.hpp resolves the defaults and the camera).
  OutputField contour = OutputField::V;          // the array contoured at `iso`
  InsituColor color = InsituColor::Auto;         // auto: surfaces by the other array, planes by the contoured one
  enum class Range { Default, Auto, Fixed };
  Range range_mode = Range::Default;             // default: each script's fixed range; auto: data range per call
  std::array<double, 2> color_range = {0.0, 1.0};  // when range_mode == Fixed
  std::array<long, 2> image_size = {800, 600};   // pixels, width x height
  CameraPreset camera = CameraPreset::Auto;      // auto: "iso" in 3D, "-z" (x right, y up) in 2D
  bool has_position = false, has_focal_point = false, has_view_up = false;
  std::array<double, 3> position = {0, 0, 0}, focal_point = {0, 0, 0}, view_up = {0, 0, 1};
  std::array<double, 3> background = {0.08, 0.08, 0.1};  // RGB in [0, 1]
  bool step_label = true;  // "step N  t = T" in the images
  bool axes = true;        // orientation triad in the 3D views
  bool enabled() const { return !scripts.empty(); }
};

struct SimConfig;
// Whether the run measures its pattern, and the threshold it uses.
bool pattern_enabled(const SimConfig& c);
double pattern_theta(const SimConfig& c);

struct SimConfig {
  GridConfig grid;
  PhysicsConfig physics;
  TimeConfig time;
  InitConfig init;
  OutputConfig output;
  CheckpointConfig checkpoint;
  ParallelConfig parallel;
  InsituConfig insitu;
  std::string restart;     // restart=PATH|latest from the command line ("" = fresh start)
  std::string input_file;  // where the config came from, for messages and the summary
  std::string command_line;  // how this run was started (without restart=), for the restart hint
  // Keys set that have no effect in this run, one line each ("FILE: key 'K': ..."),
  // printed by rank 0 as warnings before the run (and by --check).
  std::vector<std::string> warnings;
  // Where each key that was set came from: "section.key" -> the input file's
  // path or kCommandLine (an override wins over the file). Set by the loader.
  std::map<std::string, std::string> key_sources;

  // Where `key` was set; a key left at its default is the input file's, as in
  // the loader's messages. Errors found after loading name it with this.
  const std::string& source_of(const std::string& key) const {
    const auto it = key_sources.find(key);
    return it != key_sources.end() ? it->second : input_file;
  }
};

inline bool pattern_enabled(const SimConfig& c) { return c.output.pattern != OutputConfig::Pattern::Off; }
// Steps between progress lines, and between rows of pattern.csv.
inline long log_interval(const SimConfig& c) {
  return c.output.log_every > 0 ? c.output.log_every : (c.time.steps / 20 > 1 ? c.time.steps / 20 : 1);
}
// Rows of pattern.csv the dynamics verdict needs in the last half of the run
// (physics/dynamics.hpp; the loader refuses a run that cannot have them).
inline constexpr long kDynamicsMinRows = 16;
inline long pattern_interval(const SimConfig& c) { return c.output.pattern_every > 0 ? c.output.pattern_every : log_interval(c); }
inline double pattern_theta(const SimConfig& c) {
  if (c.output.pattern == OutputConfig::Pattern::Value) return c.output.pattern_threshold;
  return c.insitu.iso.empty() ? 0.25 : c.insitu.iso.front();
}

}  // namespace gs
