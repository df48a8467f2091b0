// GoogleTest main for single-process tests: MPI (singleton) and Kokkos are up
// for the whole run, since the library code uses both.
#include <gtest/gtest.h>
#include <mpi.h>

#include <Kokkos_Core.hpp>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  Kokkos::initialize(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  const int rc = RUN_ALL_TESTS();
  Kokkos::finalize();
  MPI_Finalize();
  return rc;
}
