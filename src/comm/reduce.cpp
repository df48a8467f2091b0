#include "comm/reduce.hpp"

#include <cmath>
#include <vector>

#include "core/error.hpp"

namespace gs {

FieldStats global_stats(const FieldStats& l, MPI_Comm comm) {
  static_assert(sizeof(Real) == sizeof(double), "MPI_DOUBLE below assumes Real = double");
  double mins[2] = {l.cells ? l.min_u : HUGE_VAL, l.cells ? l.min_v : HUGE_VAL};
  double maxs[2] = {l.cells ? l.max_u : -HUGE_VAL, l.cells ? l.max_v : -HUGE_VAL};
  double sums[2] = {l.sum_u, l.sum_v};
  long long counts[3] = {l.nonfinite_u, l.nonfinite_v, l.cells};
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, mins, 2, MPI_DOUBLE, MPI_MIN, comm));
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, maxs, 2, MPI_DOUBLE, MPI_MAX, comm));
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_DOUBLE, MPI_SUM, comm));
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, counts, 3, MPI_LONG_LONG, MPI_SUM, comm));
  FieldStats g;
  g.min_u = mins[0];
  g.min_v = mins[1];
  g.max_u = maxs[0];
  g.max_v = maxs[1];
  g.sum_u = sums[0];
  g.sum_v = sums[1];
  g.nonfinite_u = counts[0];
  g.nonfinite_v = counts[1];
  g.cells = counts[2];
  return g;
}

std::uint64_t global_digest(std::uint64_t local, MPI_Comm comm) {
  std::uint64_t sum = 0;
  GS_MPI_CHECK(MPI_Allreduce(&local, &sum, 1, MPI_UINT64_T, MPI_SUM, comm));
  return sum;
}

std::uint64_t state_digest(const Field& u, const Field& v, const Decomposition& dec) {
  return global_digest(local_digest(u, v, dec.owned(), CellIndex::of(dec)), dec.comm());
}

std::string first_error(const std::string& local, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int who = local.empty() ? size : rank;
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &who, 1, MPI_INT, MPI_MIN, comm));
  if (who == size) return "";
  std::vector<char> buf(1024, '\0');
  if (rank == who) local.copy(buf.data(), buf.size() - 1);
  GS_MPI_CHECK(MPI_Bcast(buf.data(), int(buf.size()), MPI_CHAR, who, comm));
  return std::string(buf.data());
}

}  // namespace gs
