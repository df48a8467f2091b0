#pragma once
// Global combinations of per-rank diagnostics.
#include <mpi.h>

#include <cstdint>

#include "physics/diagnostics.hpp"

namespace gs {

FieldStats global_stats(const FieldStats& local, MPI_Comm comm);
std::uint64_t global_digest(std::uint64_t local, MPI_Comm comm);

}  // namespace gs
