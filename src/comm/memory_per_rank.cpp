// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "comm/memory_per_rank.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <type_traits>

#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime_api.h>
#elif defined(KOKKOS_ENABLE_HIP)
#include <hip/hip_runtime.h>
#endif

#include "comm/reduce.hpp"
#include "core/types.hpp"

namespace gs {

namespace {

// This rank's share of its node's MemAvailable; 0 when unknown.
double local_host_memory_per_rank(MPI_Comm comm) {
  MPI_Comm node;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int on_node = 1;
  MPI_Comm_size(node, &on_node);
  MPI_Comm_free(&node);
  std::ifstream in("/proc/meminfo");
  std::string key;
  double kb = 0;
  while (in >> key) {
    if (key == "MemAvailable:" && in >> kb) return kb * 1024.0 / on_node;
    in.ignore(1 << 10, '\n');
  }
  return 0;
}

// Collective. The smallest positive value over all ranks, so that every rank
// takes the same decision (nodes can differ): a refusal on some ranks only
// would leave the others waiting in their next collective. 0: unknown.
double least_known(double local, MPI_Comm comm) {
  double least = local > 0 ? local : std::numeric_limits<double>::infinity();
  allreduce_min(&least, 1, comm);
  return std::isfinite(least) ? least : 0;
}

// Collective. Free memory of this rank's device, shared by the ranks of the
// node that use the same device (Kokkos picks one per rank; several ranks may
// share one). Kokkos has no query for it, so the backend's runtime is asked;
// other device backends answer 0 (unknown).
double local_device_memory_per_rank(MPI_Comm comm) {
  int device = -1;
  double free_bytes = 0;
#if defined(KOKKOS_ENABLE_CUDA)
  std::size_t free_b = 0, total_b = 0;
  if (cudaGetDevice(&device) == cudaSuccess && cudaMemGetInfo(&free_b, &total_b) == cudaSuccess) free_bytes = double(free_b);
#elif defined(KOKKOS_ENABLE_HIP)
  std::size_t free_b = 0, total_b = 0;
  if (hipGetDevice(&device) == hipSuccess && hipMemGetInfo(&free_b, &total_b) == hipSuccess) free_bytes = double(free_b);
#endif
  MPI_Comm node, same_device;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_split(node, device < 0 ? 0 : device, 0, &same_device);
  int sharing = 1;
  MPI_Comm_size(same_device, &sharing);
  MPI_Comm_free(&same_device);
  MPI_Comm_free(&node);
  return free_bytes / sharing;
}


}  // namespace

double host_memory_per_rank(MPI_Comm comm) { return least_known(local_host_memory_per_rank(comm), comm); }

double memory_per_rank(MPI_Comm comm) {
  if (kFieldsOnHost) return host_memory_per_rank(comm);
  return least_known(local_device_memory_per_rank(comm), comm);
}

}  // namespace gs
