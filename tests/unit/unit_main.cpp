// GoogleTest main for single-process tests: MPI (singleton) and Kokkos are up
// for the whole run, since the library code uses both.
#include <gtest/gtest.h>
#include <mpi.h>

#include <Kokkos_Core.hpp>
#include <cstring>

int main(int argc, char** argv) {
  // Listing the tests (gtest_discover_tests) needs neither MPI nor Kokkos; this
  // keeps backend start-up messages out of the list and needs no GPU.
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--gtest_list_tests") == 0) {
      ::testing::InitGoogleTest(&argc, argv);
      return RUN_ALL_TESTS();
    }
  MPI_Init(&argc, &argv);
  Kokkos::initialize(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  const int rc = RUN_ALL_TESTS();
  Kokkos::finalize();
  MPI_Finalize();
  return rc;
}
