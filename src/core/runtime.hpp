// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// RAII start-up and shut-down of MPI and Kokkos, in that order, with the
// process settings every entry point shares (the program, the tests and the
// benchmarks start through it, so they run under the same conditions).
#include <mpi.h>

#include <cstdio>
#include <cstdlib>

#include <Kokkos_Core.hpp>
#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime_api.h>
#elif defined(KOKKOS_ENABLE_HIP)
#include <hip/hip_runtime_api.h>
#endif

#include "core/float_env.hpp"
#include "core/signal_guard.hpp"

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
    // The threads MPI and Kokkos start hold the stop signals back for good,
    // so that they reach this thread only (core/signal_guard.hpp).
    StopSignalsToMainThread main_thread_only;
    // Kokkos' host threads (OpenMP backend) never call MPI themselves: only
    // the thread that started Kokkos does, which FUNNELED guarantees.
    int provided = MPI_THREAD_SINGLE;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    // Flush-to-zero and denormals-are-zero on every rank alike (core/float_env.hpp).
    configure_subnormals();
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    require_gpu();
    Kokkos::initialize(argc, argv);
    main_thread_only.started();
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
  // A GPU build on a node without a usable GPU: Kokkos::initialize would
  // abort every rank with a trace. Instead one line from rank 0 and exit 2 on
  // every rank (collective, so no rank waits for one that has left).
  void require_gpu() {
#if defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_HIP)
    int count = 0;
#if defined(KOKKOS_ENABLE_CUDA)
    const char* backend = "CUDA";
    const cudaError_t e = cudaGetDeviceCount(&count);
    const char* reason = e == cudaSuccess ? "no device" : cudaGetErrorString(e);
#else
    const char* backend = "HIP";
    const hipError_t e = hipGetDeviceCount(&count);
    const char* reason = e == hipSuccess ? "no device" : hipGetErrorString(e);
#endif
    int without = count > 0 ? 0 : 1;
    MPI_Allreduce(MPI_IN_PLACE, &without, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (without == 0) return;
    if (rank_ == 0) {
      if (count > 0)
        std::fprintf(stderr, "grayscott: error: %d of %d ranks find no %s GPU; this build runs on %s GPUs only: run it where every rank sees one, or use a CPU build (GS_BACKEND=serial or openmp)\n",
                     without, size_, backend, backend);
      else
        std::fprintf(stderr, "grayscott: error: no %s GPU on this node (%s); this build runs on %s GPUs only: run it on a GPU node, or use a CPU build (GS_BACKEND=serial or openmp)\n",
                     backend, reason, backend);
    }
    MPI_Finalize();
    std::exit(2);
#endif
  }

  int rank_ = 0;
  int size_ = 1;
  int thread_level_ = 0;
};

}  // namespace gs
