// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Image file names (io/image_writer): one width for every image of a run,
// so that the names sort in step order past step 999999 too.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "io/image_writer.hpp"

namespace gs {
namespace {

TEST(ImageNames, SixDigitsUpToTimeSteps999999) {
  EXPECT_EQ(image_file_name(OutputField::V, 0, 8000), "v_000000.png");
  EXPECT_EQ(image_file_name(OutputField::U, 1234, 8000), "u_001234.png");
  EXPECT_EQ(image_file_name(OutputField::V, 999999, 999999), "v_999999.png");
  EXPECT_EQ(image_step_digits(0), 6);
  EXPECT_EQ(image_step_digits(999999), 6);
}

TEST(ImageNames, WiderWhenTimeStepsNeedsIt) {
  EXPECT_EQ(image_step_digits(1000000), 7);
  EXPECT_EQ(image_step_digits(9999999), 7);
  EXPECT_EQ(image_step_digits(10000000), 8);
  EXPECT_EQ(image_step_digits(1L << 50), 16);  // the largest time.steps accepted
  EXPECT_EQ(image_file_name(OutputField::V, 0, 1000000), "v_0000000.png");
  EXPECT_EQ(image_file_name(OutputField::V, 1000000, 1000000), "v_1000000.png");
}

// What the width is for: listing a run's images by name lists them by step.
TEST(ImageNames, SortInStepOrderAcrossStep1000000) {
  const long steps = 2500000;
  std::vector<long> at;
  for (long s = 0; s <= steps; s += 250000) at.push_back(s);
  at.push_back(999999);
  std::sort(at.begin(), at.end());
  std::vector<std::string> names;
  for (long s : at) names.push_back(image_file_name(OutputField::V, s, steps));
  std::vector<std::string> sorted = names;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, names);
  for (const auto& n : names) EXPECT_EQ(n.size(), names.front().size()) << n;
}

}  // namespace
}  // namespace gs
