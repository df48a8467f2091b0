#pragma once
// The program after MPI and Kokkos have started, for this copy's state
// precision (the build compiles the simulation once for double and once for
// float, the float copy in namespace gs_float: src/CMakeLists.txt).
#include "bench/benchmark.hpp"
#include "config/choices.hpp"

namespace gs {

// Parses the command line, then validates (--check), benchmarks (--benchmark)
// or runs. Reports every error itself (one line) and returns the exit code:
// 0 done, 1 run failed, 2 bad input. `more_benchmark_cases` runs the other
// precision's benchmark cases inside this one's (see bench/benchmark.hpp).
int run_program(int argc, char** argv, BenchmarkCases more_benchmark_cases = nullptr);

// The usage lines that --help prints.
const char* program_usage();

// The grid.precision the command line's input and overrides ask for; double
// when they cannot be read (run_program then reports why).
Precision requested_precision(int argc, char** argv);

}  // namespace gs
