// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// STREAM-style copy and triad bandwidth of the execution space, summed over ranks.
#include <mpi.h>

#include <vector>

namespace gs {

struct Bandwidth {
  double copy = 0, triad = 0;  // bytes/s, median over repetitions; copy counts 16 B, triad 24 B per element
  double copy_best = 0, triad_best = 0;
  long elements = 0;  // per array per rank
};

// Arrays of `elements` doubles on every rank; one warm-up pass, then `repeats`
// timed passes, each between barriers and timed by the slowest rank.
Bandwidth measure_bandwidth(long elements, int repeats, MPI_Comm comm);

// Median and maximum of per-repetition values, the same on every rank.
double median_of(std::vector<double> v);

// CPU time (user + system) of this process so far, seconds.
double process_cpu_seconds();

}  // namespace gs
