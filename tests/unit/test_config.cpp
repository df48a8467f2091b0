// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Config loading: defaults, overrides, and one clear error per class of bad input.
#include <gtest/gtest.h>

#include <cmath>

#include "config/loader.hpp"
#include "config/stability.hpp"
#include "core/error.hpp"
#include "grid/decomposition.hpp"

namespace gs {
namespace {

// The InputError message for loading `text` with `overrides`, or "" if it loaded.
std::string error_of(const std::string& text, const std::vector<std::string>& overrides = {}) {
  try {
    load_config_text(text, "case.toml", overrides);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Config, DefaultsAreValid) {
  const SimConfig c = load_config_text("", "empty.toml", {});
  EXPECT_EQ(c.grid.dims, 2);
  EXPECT_EQ(c.grid.stencil, Stencil::P9);
  EXPECT_EQ(c.grid.n[0], 256);
  EXPECT_DOUBLE_EQ(c.grid.h(0), 1.0);
}

TEST(Config, FileValuesAndOverrides) {
  const SimConfig c = load_config_text("[grid]\ndims = 3\nn = [40, 30, 20]\nL = 2.0\nstencil = 7\n[time]\nintegrator = \"rk2\"\n",
                                       "x.toml", {"physics.F=0.05", "time.dt=1e-3", "init.type=spots", "grid.n=[40, 30, 10]", "physics.Du=1e-4"});
  EXPECT_EQ(c.grid.dims, 3);
  EXPECT_EQ(c.grid.n[2], 10);
  EXPECT_DOUBLE_EQ(c.grid.L[1], 2.0);
  EXPECT_DOUBLE_EQ(c.grid.h(1), 2.0 / 30);
  EXPECT_EQ(c.grid.stencil, Stencil::P7);
  EXPECT_EQ(c.time.integrator, Integrator::RK2);
  EXPECT_DOUBLE_EQ(c.physics.F, 0.05);
  EXPECT_EQ(c.init.type, InitType::Spots);
}

TEST(Config, DefaultStencilFollowsDimension) {
  EXPECT_EQ(load_config_text("[grid]\ndims = 3\nn = 16\nL = 16.0\n", "x", {}).grid.stencil, Stencil::P27);
}

TEST(Config, UnknownKeySuggestsNearest) {
  const std::string e = error_of("[physics]\nFeed = 0.03\n");
  EXPECT_NE(e.find("case.toml"), std::string::npos) << e;
  EXPECT_NE(e.find("physics.Feed"), std::string::npos) << e;
  EXPECT_NE(e.find("physics.F"), std::string::npos) << e;
  const std::string e2 = error_of("", {"grid.stencl=9"});
  EXPECT_NE(e2.find("command line"), std::string::npos) << e2;
  EXPECT_NE(e2.find("did you mean 'grid.stencil'"), std::string::npos) << e2;
}

TEST(Config, WrongTypesNameTheKey) {
  EXPECT_NE(error_of("[grid]\nn = \"big\"\n").find("key 'grid.n'"), std::string::npos);
  EXPECT_NE(error_of("[time]\nsteps = 1.5\n").find("key 'time.steps'"), std::string::npos);
  EXPECT_NE(error_of("[physics]\nclamp = 1\n").find("true or false"), std::string::npos);
  EXPECT_NE(error_of("top = 1\n").find("inside a section"), std::string::npos);
}

TEST(Config, OutOfRangeValuesNameTheKeyAndTheRange) {
  const std::string e = error_of("[physics]\nF = -0.1\n");
  EXPECT_NE(e.find("key 'physics.F'"), std::string::npos) << e;
  EXPECT_NE(e.find(">= 0"), std::string::npos) << e;
  EXPECT_NE(error_of("[grid]\ndims = 4\n").find("2 to 3"), std::string::npos);
  EXPECT_NE(error_of("[grid]\nn = [64, 0]\n").find("key 'grid.n'"), std::string::npos);
  EXPECT_NE(error_of("[time]\nintegrator = \"rk3\"\n").find("\"euler\", \"rk2\""), std::string::npos);
  EXPECT_NE(error_of("[grid]\nstencil = 7\n").find("allowed: 5, 9"), std::string::npos);
  EXPECT_NE(error_of("[grid]\nn = [64, 64, 64]\n").find("list of 2 numbers"), std::string::npos);
  EXPECT_NE(error_of("[grid]\nn = [64, 32]\nL = 64.0\n").find("equal spacing"), std::string::npos);
  EXPECT_NE(error_of("[output]\nvmin = 1.0\nvmax = 0.5\n").find("output.vmax"), std::string::npos);
}

TEST(Config, SyntaxErrorGivesTheLine) {
  const std::string e = error_of("[grid]\ndims = 2\nn = [1, \n");
  EXPECT_NE(e.find("case.toml"), std::string::npos) << e;
  EXPECT_NE(e.find("TOML syntax error"), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos) << "message must be one line: " << e;
}

// Every setting carries where it was set, so errors found after loading (rank
// layout, memory) name the file or the command line without reading message text.
TEST(Config, EachSettingKnowsItsSource) {
  const SimConfig c = load_config_text("[grid]\nn = 64\n[physics]\nF = 0.03\n", "x.toml", {"grid.n=32", "time.dt=0.5"});
  EXPECT_EQ(c.source_of("grid.n"), kCommandLine);   // the override wins over the file
  EXPECT_EQ(c.source_of("time.dt"), kCommandLine);
  EXPECT_EQ(c.source_of("physics.F"), "x.toml");
  EXPECT_EQ(c.source_of("physics.k"), "x.toml");     // a default is the input's, as in the loader's messages
  EXPECT_EQ(c.key_sources.count("physics.k"), 0u);
  // The stability limit is computed once, by the loader, for the messages that print it.
  EXPECT_EQ(c.time.dt_limit, stable_dt_limit(c));
  EXPECT_GT(c.time.dt_limit, 0.5);
}

TEST(Config, DecompositionErrorsNameTheirKey) {
  SimConfig c = load_config_text("", "x.toml", {"parallel.layout=[2, 1]"});
  try {
    Decomposition dec(c.grid, c.parallel, MPI_COMM_SELF, c.time.integrator);
    FAIL() << "a 2x1 layout fitted one rank";
  } catch (const KeyError& e) {
    EXPECT_EQ(e.key(), "parallel.layout");
    EXPECT_EQ(std::string(e.what()).rfind("key 'parallel.layout': [2, 1] does not fit the 1 ranks", 0), 0u) << e.what();
    EXPECT_EQ(c.source_of(e.key()), kCommandLine);
  }
  c.parallel.layout = {1, 1, 0};
  c.grid.n = {0, 4, 1};  // fewer cells along x than ranks
  try {
    Decomposition dec(c.grid, c.parallel, MPI_COMM_SELF, c.time.integrator);
    FAIL() << "0 cells along x were shared by a rank";
  } catch (const KeyError& e) {
    EXPECT_EQ(e.key(), "grid.n");
  }
}

TEST(Config, MissingFileNamesThePath) {
  try {
    load_config("/nonexistent/run.toml", {});
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/run.toml"), std::string::npos);
  }
}

TEST(Config, StabilityLimitIsRefusedWithTheLargestStableDt) {
  // 5-point, h = 1: lambda_max = 8, so dt_max = 2 / (Du 8 + F) for u (v is slower here).
  const std::string base = "[grid]\nstencil = 5\n[physics]\nDu = 0.2\nDv = 0.1\nF = 0.04\nk = 0.06\n";
  const double limit = 2.0 / (0.2 * 8 + 0.04);
  EXPECT_NEAR(stable_dt_limit(load_config_text(base, "x", {})), limit, 1e-12);
  EXPECT_TRUE(error_of(base, {"time.dt=" + std::to_string(limit * 0.999)}).empty());
  const std::string e = error_of(base, {"time.dt=" + std::to_string(limit * 1.01)});
  EXPECT_NE(e.find("key 'time.dt'"), std::string::npos) << e;
  EXPECT_NE(e.find("largest stable dt = 1.21951"), std::string::npos) << e;
  EXPECT_TRUE(error_of(base, {"time.dt=2.0", "time.allow_unstable=true"}).empty());
}

TEST(Config, HelpListsEveryKeyWithDefault) {
  const std::string help = config_help();
  for (const char* key : {"grid.dims", "grid.n", "grid.L", "grid.stencil", "physics.Du", "physics.Dv", "physics.F", "physics.k",
                          "time.dt", "time.steps", "time.integrator", "init.type", "init.seed", "output.dir", "output.every"})
    EXPECT_NE(help.find(std::string("  ") + key + "  ("), std::string::npos) << key;
}

TEST(Config, EffectiveConfigJsonRoundTripsValues) {
  const SimConfig c = load_config_text("[physics]\nF = 0.0263\n", "x", {});
  const std::string json = config_to_json(c, 0);
  EXPECT_NE(json.find("\"F\": 0.0263"), std::string::npos) << json;
  EXPECT_NE(json.find("\"stencil\": 9"), std::string::npos) << json;
}

// Deep nesting costs the TOML parser seconds to minutes; it is refused up front,
// in the file and on the command line, while brackets inside strings and
// comments do not count.
TEST(Config, DeeplyNestedListsAreRefusedQuickly) {
  const std::string deep = std::string(5000, '[') + "1" + std::string(5000, ']');
  const std::string in_file = error_of("[grid]\n\nn = " + deep + "\n");
  EXPECT_NE(in_file.find("case.toml: lists or inline tables nested more than 16 levels deep at line 3"), std::string::npos) << in_file;
  const std::string on_line = error_of("", {"grid.n=" + deep});
  EXPECT_NE(on_line.find("command line: key 'grid.n': lists nested more than 16"), std::string::npos) << on_line;
  const std::string brackets(40, '[');
  EXPECT_EQ(error_of("# " + brackets + "\n[output]\ndir = \"" + brackets + "\"\n"), "");
  EXPECT_EQ(error_of("[output]\ndir = '''\n" + brackets + "'''\n"), "");
  EXPECT_EQ(error_of("[grid]\nn = [[[[4]]]]\n").find("nested"), std::string::npos);
}

}  // namespace
}  // namespace gs
