#include "comm/state_memory.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <type_traits>

#include "comm/reduce.hpp"
#include "core/types.hpp"

namespace gs {

namespace {

// This rank's share of its node's MemAvailable; 0 when unknown.
double local_memory_per_rank(MPI_Comm comm) {
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

}  // namespace

double memory_per_rank(MPI_Comm comm) {
  if (!std::is_same<MemSpace, Kokkos::HostSpace>::value) return 0;
  // The smallest over all ranks, so that every rank takes the same decision
  // (nodes can differ): a refusal on some ranks only would leave the others
  // waiting in their next collective.
  const double local = local_memory_per_rank(comm);
  double least = local > 0 ? local : std::numeric_limits<double>::infinity();
  allreduce_min(&least, 1, comm);
  return std::isfinite(least) ? least : 0;
}

std::string state_memory_problem(const Decomposition& dec) {
  const int dims = dec.dims();
  double cells = 1;
  for (int d = 0; d < dims; ++d) cells *= double(dec.local_n()[d] + 2 * dec.ghost(d));
  double worst = 4.0 * cells * sizeof(Real);
  allreduce_max(&worst, 1, dec.comm());
  const double have = memory_per_rank(dec.comm());
  bool too_big = worst > 2147483647.0 * 2147483647.0;  // extents past int range
  for (int d = 0; d < dims; ++d) too_big = too_big || dec.local_n()[d] > (1L << 30);
  too_big = allreduce_any(too_big, dec.comm());  // boxes differ by rank; the decision must not
  if (!too_big && (have <= 0 || worst <= have)) return "";
  char text[300];
  std::snprintf(text, sizeof text,
                "the state needs %.3g bytes per rank (4 fields of %.3g cells with ghosts on %d ranks), "
                "a rank here can have %.3g bytes",
                worst, worst / 4 / sizeof(Real), dec.size(), have);
  return text;
}

}  // namespace gs
