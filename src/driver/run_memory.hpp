// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Whether a run fits in the memory a rank can have, checked before anything
// is allocated, so that a grid too large for the machine is refused as bad
// input (exit 2, one line naming what takes the memory) instead of failing
// inside Kokkos or being killed at its first output.
//
// The estimate adds up what each module says it allocates (its `*_buffers`
// function, core/buffer_spec.hpp), the same description its constructor
// allocates from, by when each buffer is alive: through the run (the
// integrator's registers, the parameter maps, the halo buffers, the blocks'
// copies, the in-situ block and normals), at the start (the initial
// condition's scratch or the restart's read block) or in one output (a
// checkpoint's or field file's block, an image's planes). A new buffer is
// counted once its module describes it; tests/mpi/test_run_memory.cpp runs the
// program's objects under Kokkos' allocation callbacks and requires the same
// labels and bytes.
#include <mpi.h>

#include <string>
#include <vector>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "blocking/block_step.hpp"

namespace gs {

// When a buffer is alive: through the whole run (once allocated), or only
// inside one phase, which ends before the next starts.
enum class MemoryPhase { Held, Start, Write, Image };

struct Allocation {
  std::string label;  // the View's label (what the error line names)
  double bytes = 0;   // of one
  bool device = true; // in the field memory space (device memory on GPU builds); else host memory
  MemoryPhase phase = MemoryPhase::Held;
  // false: host memory outside Kokkos (std::vector), which its allocation callbacks do not see
  bool kokkos = true;
};

struct RunMemory {
  std::vector<Allocation> items;
  // The most bytes alive at once in device (field space) or host memory:
  // everything held plus the largest phase. On host builds both are the same
  // memory, and `total` adds them.
  double peak(bool device) const;
  double total() const;
  // Per label, the most bytes alive at once: held ones plus the largest phase
  // that has the label (what the test compares with Kokkos' own count).
  double label_peak(const std::string& label, bool device) const;
};

// This rank's allocations. `form` is the block form the stepper asks for (the
// run: Auto). Needs Kokkos initialised (the device's scratch limits).
RunMemory run_memory(const SimConfig& cfg, const Decomposition& dec, BlockForm form = BlockForm::Auto);

// Collective over dec's communicator. "" when the run's allocations fit on
// every rank; otherwise what the rank that needs the most needs against what
// it has, naming the largest allocations, for a message that names the key.
std::string run_memory_problem(const SimConfig& cfg, const Decomposition& dec);

}  // namespace gs
