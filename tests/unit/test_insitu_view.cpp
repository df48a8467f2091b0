// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The in-situ view settings (config/insitu_view.hpp): camera presets look the
// way their names say, explicit vectors are taken as given, and "auto" picks
// the arrays and ranges the docs promise.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>

#include "config/insitu_view.hpp"
#include "config/loader.hpp"
#include "outputs/insitu_checks.hpp"

namespace gs {
namespace {

SimConfig load(const std::vector<std::string>& overrides) { return load_config_text("", "view.toml", overrides); }

Vec3 unit_view_direction(const CameraVectors& c) {
  Vec3 d;
  for (int i = 0; i < 3; ++i) d[i] = c.focal_point[i] - c.position[i];
  const double n = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  for (auto& x : d) x /= n;
  return d;
}

TEST(InsituView, AxisPresetsLookAlongTheirAxisAtTheCentre) {
  const struct {
    const char* name;
    Vec3 direction, up;
  } cases[] = {{"+x", {1, 0, 0}, {0, 0, 1}}, {"-x", {-1, 0, 0}, {0, 0, 1}}, {"+y", {0, 1, 0}, {0, 0, 1}},
               {"-y", {0, -1, 0}, {0, 0, 1}}, {"+z", {0, 0, 1}, {0, 1, 0}},  {"-z", {0, 0, -1}, {0, 1, 0}}};
  for (const auto& c : cases) {
    const SimConfig cfg = load({"grid.dims=3", "grid.n=32", "grid.L=64.0", std::string("insitu.camera=") + c.name});
    const CameraVectors cam = resolve_camera(cfg);
    const Vec3 d = unit_view_direction(cam);
    for (int i = 0; i < 3; ++i) {
      EXPECT_NEAR(d[i], c.direction[i], 1e-12) << c.name;
      EXPECT_EQ(cam.view_up[i], c.up[i]) << c.name;
      EXPECT_DOUBLE_EQ(cam.focal_point[i], 0.5 * (64.0 + 2.0)) << c.name;  // centre of the points h/2 .. L + h/2
    }
    // Far enough to see the whole box in a 30 degree view: beyond half the diagonal / sin(15 deg).
    double dist2 = 0;
    for (int i = 0; i < 3; ++i) dist2 += (cam.position[i] - cam.focal_point[i]) * (cam.position[i] - cam.focal_point[i]);
    EXPECT_GT(std::sqrt(dist2), 0.5 * std::sqrt(3.0) * 64.0 / std::sin(15 * M_PI / 180)) << c.name;
    EXPECT_EQ(camera_problem(cam), "") << c.name;
  }
}

TEST(InsituView, AutoIsIsoIn3DAndLooksDownZIn2D) {
  const Vec3 iso = unit_view_direction(resolve_camera(load({"grid.dims=3", "grid.n=16", "grid.L=16.0"})));
  EXPECT_LT(iso[0], 0);  // from the +x, -y, +z side
  EXPECT_GT(iso[1], 0);
  EXPECT_LT(iso[2], 0);
  const CameraVectors flat = resolve_camera(load({}));
  const Vec3 d = unit_view_direction(flat);
  EXPECT_NEAR(d[2], -1.0, 1e-12);  // x to the right, y up
  EXPECT_EQ(flat.view_up, (Vec3{0, 1, 0}));
  EXPECT_EQ(flat.focal_point[2], 0.0);  // a 2D grid lies at z = 0
}

TEST(InsituView, ExplicitVectorsAreTakenAsGiven) {
  const CameraVectors cam = resolve_camera(load({"grid.dims=3", "insitu.camera_position=[1, 2, 3]", "insitu.camera_focal_point=[4, 5, 6]",
                                                 "insitu.camera_view_up=[0, 1, 0]"}));
  EXPECT_EQ(cam.position, (Vec3{1, 2, 3}));
  EXPECT_EQ(cam.focal_point, (Vec3{4, 5, 6}));
  EXPECT_EQ(cam.view_up, (Vec3{0, 1, 0}));
}

TEST(InsituView, AutoColoursSurfacesByTheOtherArrayAndPlanesByTheContouredOne) {
  const Json v = insitu_settings(load({}), "out");
  EXPECT_EQ(v["surface"]["array"], "u");
  EXPECT_EQ(v["plane"]["array"], "v");
  EXPECT_EQ(v["surface"]["range"], Json::array({0.3, 0.6}));
  EXPECT_EQ(v["plane"]["range"], Json::array({0.0, 0.5}));
  const Json u = insitu_settings(load({"insitu.contour_array=u", "insitu.color_range=auto"}), "out");
  EXPECT_EQ(u["surface"]["array"], "v");
  EXPECT_EQ(u["plane"]["array"], "u");
  EXPECT_EQ(u["plane"]["range"], "auto");
  const Json fixed = insitu_settings(load({"insitu.color_array=v", "insitu.color_range=[0.1, 0.2]"}), "out");
  EXPECT_EQ(fixed["surface"]["array"], "v");
  EXPECT_EQ(fixed["surface"]["range"], Json::array({0.1, 0.2}));
  EXPECT_EQ(fixed["plane"]["range"], Json::array({0.1, 0.2}));
}

// The "# grid.dims:" header line of a script: --check refuses a 3D-only
// script on a 2D run (and the reverse) without ParaView; the ready scripts
// carry the line.
TEST(InsituView, ScriptHeaderNamesTheRunsItServes) {
  const std::string path = testing::TempDir() + "gs_dims_script.py";
  const auto script = [&](const std::string& text) {
    std::ofstream(path) << text;
    return path;
  };
  EXPECT_EQ(insitu_script_dims_problem(script("# grid.dims: 3\nimport os\n"), 3), "");
  const std::string refused = insitu_script_dims_problem(script("# script-version: 2\n# grid.dims: 3  (note)\n\nimport os\n"), 2);
  EXPECT_NE(refused.find("serves only 3D runs (its header line '# grid.dims: 3')"), std::string::npos) << refused;
  EXPECT_NE(refused.find("this run is 2D (grid.dims = 2): use a script for 2D runs, such as inputs/catalyst/slice.py"),
            std::string::npos) << refused;
  EXPECT_NE(insitu_script_dims_problem(script("# grid.dims: 2\n"), 3).find("serves only 2D runs"), std::string::npos);
  EXPECT_EQ(insitu_script_dims_problem(script("#grid.dims:2, 3\n"), 2), "");
  EXPECT_EQ(insitu_script_dims_problem(script("#grid.dims:2, 3\n"), 3), "");
  // No header line, or the line after the first statement: any run.
  EXPECT_EQ(insitu_script_dims_problem(script("import os\n# grid.dims: 3\n"), 2), "");
  EXPECT_EQ(insitu_script_dims_problem(script("# any run\n"), 2), "");
  std::remove(path.c_str());
  EXPECT_EQ(insitu_script_dims_problem(path, 2), "");  // a missing file is the loader's error, not this one
  // The ready scripts of this checkout (GS_SOURCE_DIR: tests/CMakeLists.txt), from any working folder.
  const std::string ready = std::string(GS_SOURCE_DIR) + "/inputs/catalyst/";
  for (const char* name : {"isosurface.py", "slice_contour.py"}) {
    ASSERT_TRUE(std::ifstream(ready + name).good()) << ready + name;
    EXPECT_NE(insitu_script_dims_problem(ready + name, 2), "") << name;
    EXPECT_EQ(insitu_script_dims_problem(ready + name, 3), "") << name;
  }
  EXPECT_EQ(insitu_script_dims_problem(ready + "slice.py", 2), "");
}

}  // namespace
}  // namespace gs
