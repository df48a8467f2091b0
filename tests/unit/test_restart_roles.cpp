// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Restart roles: for every key of the key table, a restart that changes only
// that key is accepted or refused exactly as the role written out below for
// it says (a list kept by hand, not read from the table). A key added to the
// table without an entry below fails here, so its role gets looked at.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <iterator>
#include <string>
#include <vector>

#include "config/key_table.hpp"
#include "config/loader.hpp"
#include "config/restart_rules.hpp"
#include "core/build_info.hpp"

namespace gs {
namespace {

// Every key's restart role, written out here from what each key means and
// not read from the key table, and when it takes part in a run at all:
//   Grid: the checkpoint's arrays are laid out on this grid (sizes, stencil
//     width, precision of the stored numbers);
//   Physics: another value computes other bits from the same state;
//   Free: outputs, run length, parallel layout and start-only settings.
// With each, a valid value other than the base's (the first of two that
// differs from the base where one base already has the first). A key of the
// table that is missing here, or a key here that the table lacks, fails.
enum class Uses {
  Always,
  UniformPhysics,  // physics.map = none: the map replaces the uniform F and k
  ParameterMap,    // physics.map != none
  NoiseMap,        // physics.map = noise
  Rkl2,            // time.integrator = rkl2
};
struct Expected {
  const char* key;
  const char* changed;
  RestartRole role;
  Uses uses;
};
constexpr RestartRole kGrid = RestartRole::Grid, kPhysics = RestartRole::Physics, kFree = RestartRole::Free;
const Expected kExpected[] = {
    {"grid.dims", "3", kGrid, Uses::Always},
    {"grid.n", "40", kGrid, Uses::Always},
    {"grid.L", "40.0", kGrid, Uses::Always},
    {"grid.stencil", "5", kGrid, Uses::Always},
    {"grid.order", "4", kGrid, Uses::Always},
    {"grid.precision", "float", kGrid, Uses::Always},
    {"physics.Du", "0.2", kPhysics, Uses::Always},
    {"physics.Dv", "0.1", kPhysics, Uses::Always},
    {"physics.F", "0.04", kPhysics, Uses::UniformPhysics},
    {"physics.k", "0.061", kPhysics, Uses::UniformPhysics},
    {"physics.clamp", "true", kPhysics, Uses::Always},
    {"physics.map", "gradient|noise", kPhysics, Uses::Always},
    {"physics.F_range", "[0.01, 0.08]", kPhysics, Uses::ParameterMap},
    {"physics.k_range", "[0.03, 0.06]", kPhysics, Uses::ParameterMap},
    {"physics.map_frequency", "4", kPhysics, Uses::NoiseMap},
    {"physics.map_seed", "7", kPhysics, Uses::NoiseMap},
    {"time.dt", "0.4", kPhysics, Uses::Always},
    {"time.steps", "20", kFree, Uses::Always},
    {"time.integrator", "rk2", kPhysics, Uses::Always},
    {"time.stages", "9", kPhysics, Uses::Rkl2},
    {"time.allow_unstable", "true", kFree, Uses::Always},
    {"init.type", "spots", kFree, Uses::Always},
    {"init.seed", "5", kFree, Uses::Always},
    {"init.size", "0.2", kFree, Uses::Always},
    {"init.count", "3", kFree, Uses::Always},
    {"init.noise", "0.02", kFree, Uses::Always},
    {"init.frequency", "5", kFree, Uses::Always},
    {"init.octaves", "3", kFree, Uses::Always},
    {"init.lacunarity", "3.0", kFree, Uses::Always},
    {"init.gain", "0.6", kFree, Uses::Always},
    {"init.time", "1.5", kFree, Uses::Always},
    {"init.roughness", "0.5", kFree, Uses::Always},
    {"init.threshold", "0.2", kFree, Uses::Always},
    {"init.fill", "0.2", kFree, Uses::Always},
    {"init.smoothing", "0.2", kFree, Uses::Always},
    {"init.amplitude", "0.3", kFree, Uses::Always},
    {"output.dir", "elsewhere", kFree, Uses::Always},
    {"output.every", "7", kFree, Uses::Always},
    {"output.log_every", "3", kFree, Uses::Always},
    {"output.field", "u", kFree, Uses::Always},
    {"output.colormap", "gray", kFree, Uses::Always},
    {"output.vmin", "-0.1", kFree, Uses::Always},
    {"output.vmax", "0.9", kFree, Uses::Always},
    {"output.image_scale", "2", kFree, Uses::Always},
    {"output.fields_every", "5", kFree, Uses::Always},
    {"output.pattern_threshold", "0.1", kFree, Uses::Always},
    {"output.pattern_every", "5", kFree, Uses::Always},
    {"output.dynamics_window", "0.5", kFree, Uses::Always},
    {"output.fields_precision", "float32", kFree, Uses::Always},
    {"output.fields_compression", "deflate", kFree, Uses::Always},
    {"output.fields_deflate_level", "7", kFree, Uses::Always},
    {"output.subsample_every", "5", kFree, Uses::Always},
    {"output.subsample_stride", "3", kFree, Uses::Always},
    {"output.box_every", "5", kFree, Uses::Always},
    {"output.box", "mid_x", kFree, Uses::Always},
    {"checkpoint.every", "4", kFree, Uses::Always},
    {"checkpoint.keep", "3", kFree, Uses::Always},
    {"checkpoint.walltime", "100.0", kFree, Uses::Always},
    {"checkpoint.allow_physics_change", "true", kFree, Uses::Always},
    {"checkpoint.overwrite", "true", kFree, Uses::Always},
    {"parallel.layout", "[1, 1]", kFree, Uses::Always},
    {"parallel.gpu_aware_mpi", "true", kFree, Uses::Always},
    {"parallel.halo_depth", "3", kFree, Uses::Always},
    {"insitu.script", "PROBE", kFree, Uses::Always},
    {"insitu.every", "7", kFree, Uses::Always},
    {"insitu.iso", "[0.1, 0.2]", kFree, Uses::Always},
    {"insitu.fail", "warn", kFree, Uses::Always},
    {"insitu.contour_array", "u", kFree, Uses::Always},
    {"insitu.color_array", "v", kFree, Uses::Always},
    {"insitu.color_range", "[0.1, 0.4]", kFree, Uses::Always},
    {"insitu.image_size", "[320, 240]", kFree, Uses::Always},
    {"insitu.camera", "+z", kFree, Uses::Always},
    {"insitu.camera_position", "[30, -20, 10]", kFree, Uses::Always},
    {"insitu.camera_focal_point", "[1, 2, 3]", kFree, Uses::Always},
    {"insitu.camera_view_up", "[0, 1, 0]", kFree, Uses::Always},
    {"insitu.background", "[1, 1, 1]", kFree, Uses::Always},
    {"insitu.step_label", "false", kFree, Uses::Always},
    {"insitu.axes", "false", kFree, Uses::Always},
};

const Expected* expected_of(const std::string& key) {
  for (const Expected& e : kExpected)
    if (key == e.key) return &e;
  return nullptr;
}

// Whether a run with configuration `c` uses a key of that kind.
bool used(Uses uses, const SimConfig& c) {
  switch (uses) {
    case Uses::Always: return true;
    case Uses::UniformPhysics: return c.physics.map == ParameterMapType::None;
    case Uses::ParameterMap: return c.physics.map != ParameterMapType::None;
    case Uses::NoiseMap: return c.physics.map == ParameterMapType::Noise;
    case Uses::Rkl2: return c.time.integrator == Integrator::RKL2;
  }
  return true;
}

const char* role_name(RestartRole r) { return r == kGrid ? "Grid" : r == kPhysics ? "Physics" : "Free"; }

// 40 steps with a row of pattern.csv each: room for output.dynamics_window's 16 rows in the last half.
const char* kBase = "[grid]\nn = 32\nL = 32.0\n[time]\ndt = 0.5\nsteps = 40\n[output]\npattern_every = 1\n";

// Whether a restart of `run` from a checkpoint written by `written` is refused.
bool refused(const SimConfig& written, const SimConfig& run) { return !restart_conflict(run, config_to_json(written, 0)).empty(); }

void check_every_key(const std::vector<std::string>& base_overrides) {
  const SimConfig base = load_config_text(kBase, "base.toml", base_overrides);
  // insitu.script must name an existing file; removed again however the test ends.
  // One per process: ctest -j runs the tests of this file side by side in one folder.
  struct Probe {
    const std::string path = "restart_roles_probe_" + std::to_string(::getpid()) + ".py";
    Probe() { std::ofstream(path) << "# insitu.script must name an existing file\n"; }
    ~Probe() { std::remove(path.c_str()); }
  } probe;
  for (const KeySpec& key : key_table()) {
    // Without Catalyst any insitu.script is an input error (tested in tests/catalyst).
    if (!GS_HAVE_CATALYST && std::string(key.name) == "insitu.script") continue;
    const Expected* want = expected_of(key.name);
    ASSERT_NE(want, nullptr) << "key " << key.name << " has no expected restart role in this test: add one to kExpected";
    EXPECT_EQ(role_name(key.role), std::string(role_name(want->role))) << key.name << ": the key table's restart role";
    std::vector<std::string> overrides;
    SimConfig changed;
    for (std::string rest = want->changed; !rest.empty();) {
      std::string value = rest.substr(0, rest.find('|'));
      rest = rest.size() > value.size() ? rest.substr(value.size() + 1) : "";
      if (value == "PROBE") value = probe.path;
      overrides = base_overrides;
      overrides.push_back(std::string(key.name) + "=" + value);
      changed = load_config_text(kBase, "changed.toml", overrides);
      if (config_to_json(changed, 0) != config_to_json(base, 0)) break;
    }
    ASSERT_NE(config_to_json(changed, 0), config_to_json(base, 0)) << key.name << ": the changed value changes nothing";
    const bool affects = used(want->uses, changed);
    const bool expect_refused = want->role != kFree && affects;
    EXPECT_EQ(refused(base, changed), expect_refused) << overrides.back() << ": "
                                                       << restart_conflict(changed, config_to_json(base, 0));
    // With allow_physics_change only the grid must still match.
    overrides.push_back("checkpoint.allow_physics_change=true");
    const SimConfig allowed = load_config_text(kBase, "allowed.toml", overrides);
    EXPECT_EQ(refused(base, allowed), want->role == kGrid && affects) << key.name << " with allow_physics_change";
  }
}

TEST(RestartRoles, EveryKeyUniformPhysics) { check_every_key({}); }
TEST(RestartRoles, EveryKeyGradientMap) { check_every_key({"physics.map=gradient"}); }
TEST(RestartRoles, EveryKeyNoiseMap) { check_every_key({"physics.map=noise"}); }
// time.stages is physics where it is used (rkl2): another count gives other bits.
TEST(RestartRoles, EveryKeyRkl2) { check_every_key({"time.integrator=rkl2"}); }
// And the other way round: a key renamed or removed in the table leaves no
// stale entry in the list above.
// A checkpoint written with time.stages = "auto" restarts with the count it
// resolved to, and the reverse: the same scheme, the same bits. Another count is refused.
TEST(RestartRoles, Rkl2AutoAndItsCountAreTheSameScheme) {
  const SimConfig automatic = load_config_text(kBase, "auto.toml", {"time.integrator=rkl2"});
  const int s = automatic.time.resolved_stages;
  ASSERT_GE(s, 3);
  const SimConfig fixed = load_config_text(kBase, "fixed.toml", {"time.integrator=rkl2", "time.stages=" + std::to_string(s)});
  const SimConfig other = load_config_text(kBase, "other.toml", {"time.integrator=rkl2", "time.stages=" + std::to_string(s + 2)});
  EXPECT_EQ(restart_conflict(fixed, config_to_json(automatic, 0)), "") << "auto (resolved to " << s << ") then " << s;
  EXPECT_EQ(restart_conflict(automatic, config_to_json(fixed, 0)), "") << s << " then auto (resolved to " << s << ")";
  EXPECT_NE(restart_conflict(other, config_to_json(automatic, 0)).find("time.stages"), std::string::npos);
  EXPECT_NE(restart_conflict(automatic, config_to_json(other, 0)).find("time.stages"), std::string::npos);
}

TEST(RestartRoles, EveryExpectationIsAKey) {
  EXPECT_EQ(std::size(kExpected), key_table().size());
  for (const Expected& e : kExpected) EXPECT_NE(find_key(e.key), nullptr) << e.key << " is not a key of the table";
}

// The cases a user met: with a parameter map on, its ranges and its type are
// physics; the uniform F that the map replaces is not.
TEST(RestartRoles, ParameterMapChangesAreRefused) {
  const std::vector<std::string> map = {"physics.map=gradient", "physics.F_range=[0.0, 0.07]", "physics.k_range=[0.045, 0.068]"};
  const SimConfig written = load_config_text(kBase, "w.toml", map);
  auto with = [&](const std::string& change) {
    auto o = map;
    o.push_back(change);
    return load_config_text(kBase, "r.toml", o);
  };
  const std::string f_range = restart_conflict(with("physics.F_range=[0.0, 0.06]"), config_to_json(written, 0));
  EXPECT_NE(f_range.find("physics.F_range = [0, 0.07], this run has physics.F_range = [0, 0.06]"), std::string::npos) << f_range;
  EXPECT_NE(restart_conflict(with("physics.k_range=[0.04, 0.068]"), config_to_json(written, 0)).find("physics.k_range"), std::string::npos);
  EXPECT_NE(restart_conflict(with("physics.map=none"), config_to_json(written, 0)).find("physics.map"), std::string::npos);
  EXPECT_EQ(restart_conflict(with("physics.F=0.05"), config_to_json(written, 0)), "");
  EXPECT_EQ(restart_conflict(with("init.seed=9"), config_to_json(written, 0)), "");
}

TEST(RestartRoles, StoredConfigReadsBack) {
  const SimConfig c = load_config_text(kBase, "c.toml", {"physics.map=noise", "output.dir=a \"quoted\", dir"});
  const auto flat = flatten_config_json(config_to_json(c, 2));
  EXPECT_EQ(flat.size(), key_table().size());
  EXPECT_EQ(flat.at("physics.map"), "\"noise\"");
  EXPECT_EQ(flat.at("output.dir"), "\"a \\\"quoted\\\", dir\"");
  EXPECT_THROW(flatten_config_json("{\"grid\": {\"n\": [1, 2}"), std::exception);
}

}  // namespace
}  // namespace gs
