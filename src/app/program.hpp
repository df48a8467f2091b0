// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The program after MPI and Kokkos have started.

namespace gs {

// Parses the command line, then validates (--check), benchmarks (--benchmark)
// or runs. Reports every error itself (one line) and returns the exit code:
// 0 done, 1 run failed, 2 bad input.
int run_program(int argc, char** argv);

// The usage lines that --help prints.
const char* program_usage();

}  // namespace gs
