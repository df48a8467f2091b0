// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// grayscott INPUT [section.key=value ...]: Gray-Scott reaction-diffusion on a
// periodic 2D/3D grid, decomposed over MPI ranks, kernels in Kokkos.
#include <algorithm>
#include <cstdio>
#include <cstring>

#include "bench/benchmark.hpp"
#include "config/loader.hpp"
#include "core/build_info.hpp"
#include "core/runtime.hpp"
#include "core/source_info.hpp"
#include "app/program.hpp"
#include "io/h5.hpp"

int main(int argc, char** argv) {
  // Help needs neither MPI nor Kokkos (whose initialisation would print its own help too).
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::printf("%s%s\n%s", gs::program_usage(), gs::config_help().c_str(), gs::benchmark_usage());
      return 0;
    } else if (std::strcmp(argv[i], "--version") == 0) {
      std::printf("%s\n", gs::version_line().c_str());
      return 0;
    }
  // Kokkos prints its own list while it starts; there is nothing to run after it.
  const bool kokkos_help = std::find_if(argv + 1, argv + argc, [](const char* a) { return std::strcmp(a, "--kokkos-help") == 0; }) != argv + argc;
  gs::Runtime rt(argc, argv);
  if (kokkos_help) return 0;
  gs::h5_silence_errors();
  return gs::run_program(argc, argv);
}
