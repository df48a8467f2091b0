// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Reserving a file's disk space (io/file_space): the blocks are held, the size
// is not changed (so HDF5's truncate of an empty file keeps them), and what
// lies past the end is given back.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "io/file_space.hpp"

namespace gs {
namespace {

struct Probe {
  std::string path;
  Probe() {
    char name[] = "/tmp/gs_file_space_XXXXXX";
    const int fd = ::mkstemp(name);
    if (fd >= 0) ::close(fd);
    path = name;
  }
  ~Probe() { std::remove(path.c_str()); }
  struct stat info() const {
    struct stat st {};
    ::stat(path.c_str(), &st);
    return st;
  }
};

TEST(FileSpace, ReserveHoldsTheBlocksWithoutChangingTheSize) {
  Probe p;
  const long long bytes = 1 << 20;
  bool held = false;
  ASSERT_EQ(reserve_file_space(p.path, bytes, held), "");
  const struct stat st = p.info();
  EXPECT_EQ(st.st_size, 0);
  if (!held) GTEST_SKIP() << "this filesystem cannot reserve space (no fallocate); the free-space comparison stood in";
  EXPECT_GE(double(st.st_blocks) * 512.0, double(bytes));

  // Written data up to the reservation's middle, then the rest given back.
  ASSERT_EQ(::truncate(p.path.c_str(), bytes / 2), 0);
  ASSERT_EQ(release_file_space_beyond_end(p.path), "");
  const struct stat after = p.info();
  EXPECT_EQ(after.st_size, bytes / 2);
  EXPECT_LE(double(after.st_blocks) * 512.0, double(bytes / 2) + double(after.st_blksize));
}

TEST(FileSpace, ReleaseLeavesAPlainFileAlone) {
  Probe p;
  std::FILE* f = std::fopen(p.path.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs("twelve bytes", f);
  std::fclose(f);
  ASSERT_EQ(release_file_space_beyond_end(p.path), "");
  EXPECT_EQ(p.info().st_size, 12);
}

TEST(FileSpace, AFolderThatIsMissingIsReportedNotThrown) {
  bool held = true;
  const std::string why = reserve_file_space("/nonexistent-gs-folder/ckpt.h5.tmp", 4096, held);
  EXPECT_FALSE(held);
  EXPECT_NE(why.find("cannot create it"), std::string::npos) << why;
  EXPECT_NE(why.find("No such file"), std::string::npos) << why;
}

}  // namespace
}  // namespace gs
