#pragma once
// RAII start-up and shut-down of MPI and Kokkos, in that order, with the
// process settings every entry point shares (the program, the tests and the
// benchmarks start through it, so they run under the same conditions).
#include <mpi.h>

#include <cstdlib>

#include <Kokkos_Core.hpp>

#include "core/float_env.hpp"

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
    // Kokkos' host threads (OpenMP backend) never call MPI themselves: only
    // the thread that started Kokkos does, which FUNNELED guarantees.
    int provided = MPI_THREAD_SINGLE;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    // Flush-to-zero and denormals-are-zero on every rank alike (core/float_env.hpp).
    configure_subnormals();
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    Kokkos::initialize(argc, argv);
    thread_level_ = provided;
  }
  ~Runtime() {
    Kokkos::finalize();
    MPI_Finalize();
  }
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // The MPI thread level granted (MPI_THREAD_FUNNELED or better where the library has it).
  int thread_level() const { return thread_level_; }

 private:
  int rank_ = 0;
  int size_ = 1;
  int thread_level_ = 0;
};

}  // namespace gs
