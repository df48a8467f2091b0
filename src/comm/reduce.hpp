// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Generic collective reductions: no physics here, only numbers and messages.
#include <mpi.h>

#include <cstdint>
#include <exception>
#include <string>
#include <type_traits>
#include <vector>

namespace gs {

// In-place element-wise reductions of `count` values over every rank of `comm`.
void allreduce_min(double* values, int count, MPI_Comm comm);
void allreduce_max(double* values, int count, MPI_Comm comm);
void allreduce_sum(double* values, int count, MPI_Comm comm);
void allreduce_sum(long long* values, int count, MPI_Comm comm);
// Sum modulo 2^64 (order-free, so the result does not depend on the rank layout).
std::uint64_t allreduce_wrapping_sum(std::uint64_t local, MPI_Comm comm);
// Collective: every rank's `count` values, rank by rank, on rank `root` (empty
// elsewhere).
std::vector<double> gather_to_root(const double* values, int count, int root, MPI_Comm comm);
// Whether any rank passes true.
bool allreduce_any(bool local, MPI_Comm comm);

// Collective: "" when no rank has an error, else the message of the lowest
// rank that has one, on every rank (so all ranks fail together).
std::string first_error(const std::string& local, MPI_Comm comm);

// Collective: runs fn on this rank, then returns first_error of what it
// reported: the message of an exception it threw, else its own return value
// when it returns a string ("" for success). The one way every I/O step makes
// a failure on some ranks only (one rank's read or write) known to all ranks
// before the next collective call, where the others would otherwise wait forever.
template <class Fn>
std::string first_error_of(Fn&& fn, MPI_Comm comm) {
  std::string local;
  try {
    if constexpr (std::is_void_v<std::invoke_result_t<Fn&>>) {
      fn();
    } else {
      local = fn();
    }
  } catch (const std::exception& e) {
    local = *e.what() != '\0' ? e.what() : "an unnamed error";
  }
  return first_error(local, comm);
}

}  // namespace gs
