// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// One description of each buffer the run allocates, read twice: by the code
// that allocates it (allocate<View>(spec)) and by the memory check, which adds
// the descriptions up before anything is allocated (driver/run_memory.hpp).
// Each module that allocates says what it will allocate in a `*_buffers`
// function beside its constructor, so a new buffer is described once and the
// check counts it; tests/mpi/test_run_memory.cpp compares the sum with what
// Kokkos itself reports.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/types.hpp"

namespace gs {

// Where a buffer lives: the field memory space (device memory on GPU
// builds), host memory that Kokkos allocates, or host memory outside Kokkos
// (a std::vector), which Kokkos' allocation callbacks do not see.
enum class BufferHome { Field, Host, HostVector };

// A copy of the buffer in the other memory, made only where the field space
// is not host memory: create_mirror_view labels it "<label>_mirror",
// create_mirror_view_and_copy keeps the label.
enum class OtherCopy { None, Mirror, SameLabel };

struct BufferSpec {
  std::string label;                           // the View's label (what an error line names)
  std::array<std::size_t, 3> extent{0, 1, 1};  // the View's extents in order; unused ones 1
  std::size_t value_bytes = sizeof(double);
  BufferHome home = BufferHome::Field;
  OtherCopy copy = OtherCopy::None;

  double values() const { return double(extent[0]) * double(extent[1]) * double(extent[2]); }
  double bytes() const { return values() * double(value_bytes); }
};

using BufferSpecs = std::vector<BufferSpec>;

inline void append(BufferSpecs& to, const BufferSpecs& more) { to.insert(to.end(), more.begin(), more.end()); }

// The View a spec describes: its label, its dynamic extents (a static one,
// as in Real*[3], is part of extent[] for the bytes but not passed), and
// zero-filled unless `zero` is false. The value type must be the spec's.
template <class View>
View allocate(const BufferSpec& b, bool zero = true) {
  constexpr int dynamic = int(View::rank_dynamic);
  static_assert(dynamic >= 1 && dynamic <= 3, "allocate: one to three dynamic extents");
  GS_REQUIRE(b.value_bytes == sizeof(typename View::value_type),
             "buffer '" << b.label << "' is described with " << b.value_bytes << "-byte values, allocated with "
                        << sizeof(typename View::value_type));
  const auto make = [&](auto props) {
    if constexpr (dynamic == 1) return View(props, b.extent[0]);
    if constexpr (dynamic == 2) return View(props, b.extent[0], b.extent[1]);
    if constexpr (dynamic == 3) return View(props, b.extent[0], b.extent[1], b.extent[2]);
  };
  return zero ? make(Kokkos::view_alloc(b.label)) : make(Kokkos::view_alloc(Kokkos::WithoutInitializing, b.label));
}

}  // namespace gs
