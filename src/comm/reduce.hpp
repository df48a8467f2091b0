#pragma once
// Generic collective reductions: no physics here, only numbers and messages.
#include <mpi.h>

#include <cstdint>
#include <string>

namespace gs {

// In-place element-wise reductions of `count` values over every rank of `comm`.
void allreduce_min(double* values, int count, MPI_Comm comm);
void allreduce_max(double* values, int count, MPI_Comm comm);
void allreduce_sum(double* values, int count, MPI_Comm comm);
void allreduce_sum(long long* values, int count, MPI_Comm comm);
// Sum modulo 2^64 (order-free, so the result does not depend on the rank layout).
std::uint64_t allreduce_wrapping_sum(std::uint64_t local, MPI_Comm comm);
// Whether any rank passes true.
bool allreduce_any(bool local, MPI_Comm comm);

// Collective: "" when no rank has an error, else the message of the lowest
// rank that has one, on every rank (so all ranks fail together).
std::string first_error(const std::string& local, MPI_Comm comm);

}  // namespace gs
