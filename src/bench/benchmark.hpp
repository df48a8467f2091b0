// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// `grayscott --benchmark [--json FILE] [key=value ...]`: the step throughput of
// every stencil and integrator next to the copy and triad bandwidth that a
// kernel on the same backend reaches in the same run (see docs/performance.md).
#include <string>
#include <vector>

#include "core/json.hpp"

namespace gs {

// args: what follows --benchmark. Measures the bandwidth once, then runs the
// double cases and the float cases (those `precisions=` asks for) against it.
// Returns the exit code; bad arguments throw InputError.
int run_benchmark(const std::vector<std::string>& args);

// The benchmark's keys, for --help.
const char* benchmark_usage();

}  // namespace gs
