// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "comm/reduce.hpp"

#include <vector>

#include "core/error.hpp"

namespace gs {

void allreduce_min(double* values, int count, MPI_Comm comm) {
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_DOUBLE, MPI_MIN, comm));
}

void allreduce_max(double* values, int count, MPI_Comm comm) {
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_DOUBLE, MPI_MAX, comm));
}

std::vector<double> gather_to_root(const double* values, int count, int root, MPI_Comm comm) {
  int rank = 0, size = 1;
  GS_MPI_CHECK(MPI_Comm_rank(comm, &rank));
  GS_MPI_CHECK(MPI_Comm_size(comm, &size));
  std::vector<double> all(rank == root ? std::size_t(count) * std::size_t(size) : 0);
  GS_MPI_CHECK(MPI_Gather(values, count, MPI_DOUBLE, all.data(), count, MPI_DOUBLE, root, comm));
  return all;
}

void allreduce_sum(double* values, int count, MPI_Comm comm) {
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_DOUBLE, MPI_SUM, comm));
}

void allreduce_sum(long long* values, int count, MPI_Comm comm) {
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_LONG_LONG, MPI_SUM, comm));
}

std::uint64_t allreduce_wrapping_sum(std::uint64_t local, MPI_Comm comm) {
  std::uint64_t sum = 0;
  GS_MPI_CHECK(MPI_Allreduce(&local, &sum, 1, MPI_UINT64_T, MPI_SUM, comm));
  return sum;
}

bool allreduce_any(bool local, MPI_Comm comm) {
  int flag = local ? 1 : 0;
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &flag, 1, MPI_INT, MPI_LOR, comm));
  return flag != 0;
}

std::string first_error(const std::string& local, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int who = local.empty() ? size : rank;
  GS_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &who, 1, MPI_INT, MPI_MIN, comm));
  if (who == size) return "";
  // The whole message travels, length first: a fixed buffer would cut a long
  // one (a 100 000-character path) before its reason, and a NUL would end it.
  long long length = rank == who ? (long long)local.size() : 0;
  GS_MPI_CHECK(MPI_Bcast(&length, 1, MPI_LONG_LONG, who, comm));
  std::string message = rank == who ? local : std::string(std::size_t(length), '\0');
  if (length > 0) GS_MPI_CHECK(MPI_Bcast(&message[0], int(length), MPI_CHAR, who, comm));
  return message;
}

}  // namespace gs
