#pragma once
// RAII start-up and shut-down of MPI and Kokkos, in that order.
#include <mpi.h>

#include <Kokkos_Core.hpp>

namespace gs {

class Runtime {
 public:
  Runtime(int& argc, char**& argv) {
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
