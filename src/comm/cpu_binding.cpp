// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "comm/cpu_binding.hpp"

#include <sched.h>

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <type_traits>

#include "comm/reduce.hpp"
#include "core/types.hpp"

namespace gs {

int cpus_in_affinity_mask() {
  // Every host thread's mask, joined: with OMP_PROC_BIND each thread is
  // pinned to its own place (one CPU), so the calling thread's mask alone
  // would say 1 where the threads have a CPU each. A team of all the host
  // threads asks; host code only, never a device kernel.
  using Host = Kokkos::DefaultHostExecutionSpace;
  using Policy = Kokkos::TeamPolicy<Host>;
  const int threads = std::min(Host().concurrency(), Policy(1, 1).team_size_max([](const Policy::member_type&) {},
                                                                                 Kokkos::ParallelForTag()));
  cpu_set_t joined;
  CPU_ZERO(&joined);
  bool readable = true;
  std::mutex m;
  Kokkos::parallel_for("cpu_binding_masks", Policy(1, threads), [&](const Policy::member_type&) {
    cpu_set_t mine;
    CPU_ZERO(&mine);
    const bool ok = sched_getaffinity(0, sizeof mine, &mine) == 0;
    std::lock_guard<std::mutex> lock(m);
    readable = readable && ok;
    CPU_OR(&joined, &joined, &mine);
  });
  Host().fence();
  return readable ? CPU_COUNT(&joined) : 0;
}

std::string threads_share_cores(MPI_Comm comm) {
  constexpr bool host = std::is_same_v<ExecSpace, Kokkos::DefaultHostExecutionSpace>;
  const int threads = host ? ExecSpace().concurrency() : 1;
  double fewest = threads > 1 ? cpus_in_affinity_mask() : 0;
  // Every rank takes part whatever its own answer, so the reduction matches.
  if (fewest <= 0) fewest = 1e9;  // unknown, or not asked: no claim
  allreduce_min(&fewest, 1, comm);
  if (threads <= 1 || fewest >= threads) return "";
  const int cpus = int(fewest);
  return std::to_string(threads) + " threads per rank, but a rank may run on only " + std::to_string(cpus) +
         " CPU" + (cpus == 1 ? "" : "s") + " (its affinity mask), so its threads share cores and run several times " +
         "slower; give each thread a core (Open MPI: mpiexec --bind-to none, or --map-by slot:PE=" +
         std::to_string(threads) + "; Slurm: srun --cpus-per-task=" + std::to_string(threads) + ")";
}

void warn_if_threads_share_cores(MPI_Comm comm) {
  const std::string warning = threads_share_cores(comm);
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (!warning.empty() && rank == 0) {
    std::fprintf(stderr, "grayscott: warning: %s\n", warning.c_str());
    std::fflush(stderr);
  }
}

}  // namespace gs
