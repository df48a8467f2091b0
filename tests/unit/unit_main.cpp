// GoogleTest main for single-process tests: they start through the program's
// own runtime (MPI as a singleton, Kokkos, flush-to-zero, the MPI-IO choice),
// since the library code uses both and must see the same settings.
#include <gtest/gtest.h>

#include "core/runtime.hpp"

int main(int argc, char** argv) {
  gs::Runtime runtime(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
