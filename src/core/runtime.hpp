#pragma once
// RAII start-up and shut-down of MPI and Kokkos, in that order.
#include <mpi.h>

#include <cstdlib>

#include <Kokkos_Core.hpp>

namespace gs {

class Runtime {
 public:
  Runtime(int& argc, char**& argv) {
    // Open MPI 4.1's default MPI-IO component (OMPIO) intermittently corrupted
    // collective HDF5 writes from several ranks here (about 1 file in 3);
    // ROMIO writes them correctly. A user's own OMPI_MCA_io setting still wins.
#if defined(OMPI_MAJOR_VERSION) && OMPI_MAJOR_VERSION == 4
    setenv("OMPI_MCA_io", "romio321", /*overwrite=*/0);
#endif
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    Kokkos::initialize(argc, argv);
  }
  ~Runtime() {
    Kokkos::finalize();
    MPI_Finalize();
  }
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace gs
