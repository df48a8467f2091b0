#pragma once
// `grayscott --benchmark [--json FILE] [key=value ...]`: the step throughput of
// every stencil and integrator next to the copy and triad bandwidth that a
// kernel on the same backend reaches in the same run (see docs/performance.md).
#include <string>
#include <vector>

#include "core/json.hpp"

namespace gs {

// The other precision's cases (its copy's benchmark_cases, which runs them,
// prints their rows and returns their JSON), timed against the bandwidth in
// bytes/s measured once for both. Plain types only: the two copies share them.
using BenchmarkCases = Json (*)(const std::vector<std::string>& args, double copy_bandwidth, double triad_bandwidth);

// args: what follows --benchmark. Measures the bandwidth, runs this copy's
// cases, then `other_precision`'s. Returns the exit code; bad arguments throw InputError.
int run_benchmark(const std::vector<std::string>& args, BenchmarkCases other_precision = nullptr);

// Collective. This precision's cases (none when `precisions=` leaves it out):
// prints a row each on rank 0 and returns their JSON entries.
Json benchmark_cases(const std::vector<std::string>& args, double copy_bandwidth, double triad_bandwidth);

// The benchmark's keys, for --help.
const char* benchmark_usage();

}  // namespace gs
