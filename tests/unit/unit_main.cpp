// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// GoogleTest main for single-process tests: they start through the program's
// own runtime (MPI as a singleton, Kokkos, flush-to-zero, the MPI-IO choice),
// since the library code uses both and must see the same settings.
#include <gtest/gtest.h>

#include <cstring>

#include "core/runtime.hpp"

int main(int argc, char** argv) {
  // Listing the tests (gtest_discover_tests) needs neither MPI nor Kokkos; this
  // keeps backend start-up messages out of the list and needs no GPU.
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--gtest_list_tests") == 0) {
      ::testing::InitGoogleTest(&argc, argv);
      return RUN_ALL_TESTS();
    }
  gs::Runtime runtime(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
