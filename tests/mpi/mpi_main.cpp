// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// GoogleTest main for tests run under mpiexec: every rank runs every test,
// only rank 0 prints, and the exit code is non-zero if any rank failed. The
// tests start through the program's own runtime (see core/runtime.hpp).
#include <gtest/gtest.h>

#include <cstdio>

#include "core/runtime.hpp"

int main(int argc, char** argv) {
  gs::Runtime runtime(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  if (runtime.rank() != 0) {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
  }
  const int local = RUN_ALL_TESTS();
  int any = 0;
  MPI_Allreduce(&local, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (runtime.rank() == 0 && any != local) std::fprintf(stderr, "a test failed on another rank\n");
  return any;
}
