#include "comm/cpu_binding.hpp"

#include <sched.h>

#include <type_traits>

#include "comm/reduce.hpp"
#include "core/types.hpp"

namespace gs {

int cpus_in_affinity_mask() {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof mask, &mask) != 0) return 0;
  return CPU_COUNT(&mask);
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

}  // namespace gs
