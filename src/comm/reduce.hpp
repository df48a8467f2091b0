#pragma once
// Global combinations of per-rank diagnostics.
#include <mpi.h>

#include <cstdint>
#include <string>

#include "grid/decomposition.hpp"
#include "physics/diagnostics.hpp"

namespace gs {

FieldStats global_stats(const FieldStats& local, MPI_Comm comm);
std::uint64_t global_digest(std::uint64_t local, MPI_Comm comm);

// Collective: the digest of the whole state (u, v), the same on any decomposition.
std::uint64_t state_digest(const Field& u, const Field& v, const Decomposition& dec);

// Collective: "" when no rank has an error, else the message of the lowest
// rank that has one, on every rank (so all ranks fail together).
std::string first_error(const std::string& local, MPI_Comm comm);

}  // namespace gs
