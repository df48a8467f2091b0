#pragma once
// Whether the state of a run fits in the memory a rank can have, checked
// before anything is allocated, so that a grid too large for the machine is
// refused as bad input (exit 2, one line) instead of failing inside Kokkos.
#include <mpi.h>

#include <string>

#include "config/config.hpp"
#include "grid/decomposition.hpp"

namespace gs {

// Collective. Bytes a rank can have: MemAvailable shared by the ranks of its
// node, the smallest over all ranks, so every rank decides alike (host memory
// spaces only; a device reports its own allocation failure). 0: unknown.
double memory_per_rank(MPI_Comm comm);

// Collective over dec's communicator. "" when the four fields with ghost
// layers (u, v and the buffers each step writes) fit on every rank; otherwise
// what they need against what a rank has, for a message that names the key.
std::string state_memory_problem(const Decomposition& dec);

}  // namespace gs
