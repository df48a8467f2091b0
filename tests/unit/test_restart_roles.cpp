// Restart roles: for every key of the key table, a restart that changes only
// that key is accepted or refused exactly as the key's role says. A key added
// to the table without a changed value below fails here, so its role gets
// looked at.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <string>

#include "config/key_table.hpp"
#include "config/loader.hpp"
#include "config/restart_rules.hpp"
#include "core/build_info.hpp"

namespace gs {
namespace {

// A valid value other than the base's, for every key (the first of two that
// differs from the base where one base already has the first).
const std::map<std::string, std::string> kChangedValue = {
    {"grid.dims", "3"}, {"grid.n", "40"}, {"grid.L", "40.0"}, {"grid.stencil", "5"}, {"grid.precision", "float"},
    {"physics.Du", "0.2"}, {"physics.Dv", "0.1"}, {"physics.F", "0.04"}, {"physics.k", "0.061"},
    {"physics.clamp", "true"}, {"physics.map", "gradient|noise"}, {"physics.F_range", "[0.01, 0.08]"},
    {"physics.k_range", "[0.03, 0.06]"}, {"physics.map_frequency", "4"}, {"physics.map_seed", "7"},
    {"time.dt", "0.4"}, {"time.steps", "20"}, {"time.integrator", "rk2"}, {"time.stages", "9"}, {"time.allow_unstable", "true"},
    {"init.type", "spots"}, {"init.seed", "5"}, {"init.size", "0.2"}, {"init.count", "3"}, {"init.noise", "0.02"},
    {"init.frequency", "5"}, {"init.octaves", "3"}, {"init.lacunarity", "3.0"}, {"init.gain", "0.6"},
    {"init.time", "1.5"}, {"init.roughness", "0.5"}, {"init.threshold", "0.2"}, {"init.fill", "0.2"}, {"init.smoothing", "0.2"},
    {"init.amplitude", "0.3"}, {"output.dir", "elsewhere"}, {"output.every", "7"}, {"output.log_every", "3"},
    {"output.field", "u"}, {"output.colormap", "gray"}, {"output.vmin", "-0.1"}, {"output.vmax", "0.9"},
    {"output.image_scale", "2"}, {"output.fields_every", "5"}, {"checkpoint.every", "4"}, {"checkpoint.keep", "3"},
    {"checkpoint.walltime", "100.0"}, {"checkpoint.allow_physics_change", "true"}, {"checkpoint.overwrite", "true"},
    {"parallel.layout", "[1, 1]"}, {"parallel.gpu_aware_mpi", "true"}, {"parallel.halo_depth", "3"},
    {"insitu.script", "PROBE"},
    {"insitu.every", "7"}, {"insitu.iso", "[0.1, 0.2]"}, {"insitu.fail", "warn"},
    {"insitu.contour_array", "u"}, {"insitu.color_array", "v"}, {"insitu.color_range", "[0.1, 0.4]"},
    {"insitu.image_size", "[320, 240]"}, {"insitu.camera", "+z"}, {"insitu.camera_position", "[30, -20, 10]"},
    {"insitu.camera_focal_point", "[1, 2, 3]"}, {"insitu.camera_view_up", "[0, 1, 0]"}, {"insitu.background", "[1, 1, 1]"},
    {"insitu.step_label", "false"}, {"insitu.axes", "false"},
};

const char* kBase = "[grid]\nn = 32\nL = 32.0\n[time]\ndt = 0.5\nsteps = 10\n";

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
    const auto it = kChangedValue.find(key.name);
    ASSERT_NE(it, kChangedValue.end()) << "key " << key.name << " has no changed value in this test: add one and check its restart role";
    std::vector<std::string> overrides;
    SimConfig changed;
    for (std::string rest = it->second; !rest.empty();) {
      std::string value = rest.substr(0, rest.find('|'));
      rest = rest.size() > value.size() ? rest.substr(value.size() + 1) : "";
      if (value == "PROBE") value = probe.path;
      overrides = base_overrides;
      overrides.push_back(std::string(key.name) + "=" + value);
      changed = load_config_text(kBase, "changed.toml", overrides);
      if (config_to_json(changed, 0) != config_to_json(base, 0)) break;
    }
    ASSERT_NE(config_to_json(changed, 0), config_to_json(base, 0)) << key.name << ": the changed value changes nothing";
    const bool affects = !key.affects_run || key.affects_run(changed);
    const bool expect_refused = key.role != RestartRole::Free && affects;
    EXPECT_EQ(refused(base, changed), expect_refused) << overrides.back() << ": "
                                                       << restart_conflict(changed, config_to_json(base, 0));
    // With allow_physics_change only the grid must still match.
    overrides.push_back("checkpoint.allow_physics_change=true");
    const SimConfig allowed = load_config_text(kBase, "allowed.toml", overrides);
    EXPECT_EQ(refused(base, allowed), key.role == RestartRole::Grid && affects) << key.name << " with allow_physics_change";
  }
}

TEST(RestartRoles, EveryKeyUniformPhysics) { check_every_key({}); }
TEST(RestartRoles, EveryKeyGradientMap) { check_every_key({"physics.map=gradient"}); }
TEST(RestartRoles, EveryKeyNoiseMap) { check_every_key({"physics.map=noise"}); }
// time.stages is physics where it is used (rkl2): another count gives other bits.
TEST(RestartRoles, EveryKeyRkl2) { check_every_key({"time.integrator=rkl2"}); }

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
