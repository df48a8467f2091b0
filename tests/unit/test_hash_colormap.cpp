// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Counter-based random numbers and colormaps.
#include <gtest/gtest.h>

#include <set>

#include "core/hash.hpp"
#include "io/image_writer.hpp"

namespace gs {
namespace {

TEST(Hash, UniformIsDeterministicInRangeAndSeedDependent) {
  double sum = 0;
  const int n = 100000;
  for (int i = 0; i < n; ++i) {
    const double a = uniform01(42, 1, i);
    ASSERT_GE(a, 0.0);
    ASSERT_LT(a, 1.0);
    ASSERT_EQ(a, uniform01(42, 1, i));
    sum += a;
  }
  EXPECT_NEAR(sum / n, 0.5, 0.005);
  int same = 0;
  for (int i = 0; i < 1000; ++i) same += uniform01(42, 1, i) == uniform01(43, 1, i);
  EXPECT_EQ(same, 0);
  EXPECT_NE(uniform01(42, 1, 7), uniform01(42, 2, 7));
}

TEST(Colormap, EndpointsAndClamping) {
  EXPECT_EQ(colormap(Colormap::Inferno, 0.0), (Rgb{0, 0, 4}));
  EXPECT_EQ(colormap(Colormap::Inferno, 1.0), (Rgb{252, 255, 164}));
  EXPECT_EQ(colormap(Colormap::Inferno, 2.0), colormap(Colormap::Inferno, 1.0));
  EXPECT_EQ(colormap(Colormap::Inferno, -1.0), colormap(Colormap::Inferno, 0.0));
  EXPECT_EQ(colormap(Colormap::Viridis, 0.0), (Rgb{68, 1, 84}));
  EXPECT_EQ(colormap(Colormap::Gray, 0.5), (Rgb{128, 128, 128}));
  // Perceptual maps brighten monotonically.
  auto lum = [](const Rgb& c) { return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
  for (Colormap name : {Colormap::Inferno, Colormap::Viridis, Colormap::Magma})
    for (int i = 0; i < 64; ++i) EXPECT_LE(lum(colormap(name, i / 64.0)), lum(colormap(name, (i + 1) / 64.0)) + 1.0) << name_of(name);
}

}  // namespace
}  // namespace gs
