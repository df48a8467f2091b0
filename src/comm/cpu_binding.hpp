// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Whether each rank's OpenMP threads have a core of their own: mpiexec (Open
// MPI) binds a rank to one core by default, where a rank's threads then take
// turns on it and the threaded wavefront, which meets at a barrier every
// sweep step, runs 3-3.5 times slower than with a core per thread, slower
// than one thread alone (docs/performance.md, "Binding").
#include <mpi.h>

#include <string>

namespace gs {

// CPUs this process's host threads may run on (their affinity masks joined);
// 0 where that cannot be read.
int cpus_in_affinity_mask();

// Collective: "" when every rank may run on at least as many CPUs as it has
// host threads, else the one-line warning (without "grayscott: warning: ")
// that names the threads, the fewest CPUs a rank has and the launch options
// that give each thread a core. Device builds and one thread per rank: "".
std::string threads_share_cores(MPI_Comm comm);

// Collective: rank 0 prints that warning on stderr, "grayscott: warning: ...",
// when there is one (the program's and the benchmark's start).
void warn_if_threads_share_cores(MPI_Comm comm);

}  // namespace gs
