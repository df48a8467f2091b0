// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Field series at a restart (io/field_series, io/xdmf): which names belong to
// a series, and an XDMF whose entries each keep their own cells and precision.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "io/field_series.hpp"
#include "io/xdmf.hpp"

namespace gs {
namespace {

TEST(FieldSeries, NamesRoundTrip) {
  EXPECT_EQ(field_file_name("fields", 10), "fields_00000010.h5");
  EXPECT_EQ(field_file_step("fields_00000010.h5", "fields"), 10);
  EXPECT_EQ(field_file_step(field_file_name("fields_box_mid_x", 123456789), "fields_box_mid_x"), 123456789);
}

TEST(FieldSeries, OtherSeriesAndPartialFilesAreNotMembers) {
  EXPECT_EQ(field_file_step("fields_sub_00000010.h5", "fields"), -1);
  EXPECT_EQ(field_file_step("fields_box_2_00000010.h5", "fields_box"), -1);
  EXPECT_EQ(field_file_step("fields_00000010.h5.tmp", "fields"), -1);
  EXPECT_EQ(field_file_step("fields_0010.h5", "fields"), -1);
  EXPECT_EQ(field_file_step("fields_0000001x.h5", "fields"), -1);
  EXPECT_EQ(field_file_step("fields.xmf", "fields"), -1);
}

TEST(FieldSeries, XdmfEntriesKeepTheirOwnLayout) {
  GridConfig g;
  g.dims = 3;
  g.n = {24, 24, 24};
  g.L = {24.0, 24.0, 24.0};
  FieldLayout before, after;
  before.count = {8, 8, 8};
  before.stride = {3, 3, 3};
  after.value_bytes = 4;
  after.count = {12, 12, 12};
  after.stride = {2, 2, 2};
  const std::string path = (std::filesystem::temp_directory_path() / "gs_test_field_series.xmf").string();
  write_xdmf(path, g, {{"a_00000000.h5", 0, 0.0, before}, {"a_00000020.h5", 20, 2.0, after}}, true);
  std::ostringstream text;
  text << std::ifstream(path).rdbuf();
  std::filesystem::remove(path);
  const std::string s = text.str();
  const auto first = s.find("a_00000000.h5"), second = s.find("a_00000020.h5");
  ASSERT_NE(first, std::string::npos);
  ASSERT_NE(second, std::string::npos);
  EXPECT_NE(s.rfind("Dimensions=\"8 8 8\" NumberType=\"Float\" Precision=\"8\"", first), std::string::npos);
  EXPECT_NE(s.find("Dimensions=\"12 12 12\" NumberType=\"Float\" Precision=\"4\"", first), std::string::npos);
  EXPECT_LT(s.find("-1 -1 -1</DataItem>"), first);                        // origin (1 - 3) h / 2
  EXPECT_GT(s.find("-0.5 -0.5 -0.5</DataItem>"), first);                  // origin (1 - 2) h / 2
  EXPECT_LT(s.find("Dimensions=\"12 12 12\" NumberType"), second);
  EXPECT_EQ(s.find("Dimensions=\"8 8 8\"", second), std::string::npos);
}

}  // namespace
}  // namespace gs
