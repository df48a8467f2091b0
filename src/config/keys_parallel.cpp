// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The parallel.* keys of the key table (key_table.hpp): the rank layout, GPU-
// aware MPI and the halo depth.
#include "config/key_sections.hpp"

namespace gs {

std::vector<KeySpec> parallel_keys() {
  return {
    {"parallel.layout", RestartRole::Free, "list of integers", "ranks", "ranks per dimension, product = rank count (0 entries: chosen by MPI)",
     [](const Setting& s, SimConfig& c, Pending&) {
       const auto l = read_int_list(s, 0, 1 << 20);
       if (l.size() > 3) throw_setting(s, "must list at most 3 rank counts");
       c.parallel.layout = {0, 0, 0};
       for (size_t i = 0; i < l.size(); ++i) c.parallel.layout[i] = (int)l[i];
     },
     [](const SimConfig& c) { return first_of(c.parallel.layout.data(), c.grid.dims); }},
    {"parallel.gpu_aware_mpi", RestartRole::Free, "boolean", "-", "pass device buffers to MPI directly instead of staging through host memory",
     [](const Setting& s, SimConfig& c, Pending&) { c.parallel.gpu_aware_mpi = read_bool(s); },
     [](const SimConfig& c) { return Json(c.parallel.gpu_aware_mpi); }},
    {"parallel.halo_depth", RestartRole::Free, "integer or \"auto\"", "steps", "time steps per halo exchange: ghosts of halo_depth x stages cells, same results for every value (1 to 16; 1: an exchange every stage; \"auto\": on CPU ranks with at least 64 cells per side and 24 MiB of state, 8 stages per exchange in 2D and 4 in 3D, else 1; rkl2 runs only with 1)",
     [](const Setting& s, SimConfig& c, Pending&) {
       if (s.value.is_string()) {
         if (s.value.as_string().str != "auto")
           throw_setting(s, "expected an integer from 1 to 16 or \"auto\", got \"" + s.value.as_string().str + "\"");
         c.parallel.halo_depth = ParallelConfig::kAutoHaloDepth;
       } else {
         if (!s.value.is_integer()) throw_setting(s, "expected an integer from 1 to 16 or \"auto\"");
         c.parallel.halo_depth = (int)read_int(s, 1, 16);
       }
     },
     [](const SimConfig& c) {
       return c.parallel.halo_depth == ParallelConfig::kAutoHaloDepth ? Json("auto") : Json(c.parallel.halo_depth);
     }},
  };
}

}  // namespace gs
