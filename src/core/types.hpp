// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Scalar type, field views and execution policies shared by every kernel.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <type_traits>

namespace gs {

// The state's precision (grid.precision) is the template parameter `Real` of
// everything that holds or computes state values: float or double, both
// instantiated in the one program (each source's last lines, for example
// `template class Stepper<float>;`). app/program.cpp picks one per run.
template <class Real>
constexpr const char* precision_name() {
  static_assert(std::is_same_v<Real, float> || std::is_same_v<Real, double>, "Real is float or double");
  return std::is_same_v<Real, float> ? "float" : "double";
}
using ExecSpace = Kokkos::DefaultExecutionSpace;
using MemSpace = ExecSpace::memory_space;
// Whether the fields live in memory the host can read (every CPU backend):
// then nothing is staged or mirrored for MPI, I/O or the memory check.
constexpr bool kFieldsOnHost = Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemSpace>::accessible;

// Fields are stored (z, y, x) with x contiguous; 2D runs have one z plane and
// no ghost layer in z. LayoutRight is explicit so host and device agree.
template <class Real>
using Field = Kokkos::View<Real***, Kokkos::LayoutRight, MemSpace>;
template <class Real>
using ConstField = Kokkos::View<const Real***, Kokkos::LayoutRight, MemSpace>;
template <class Real>
using Buffer = Kokkos::View<Real*, MemSpace>;
using Range3 = Kokkos::MDRangePolicy<ExecSpace, Kokkos::Rank<3, Kokkos::Iterate::Right, Kokkos::Iterate::Right>>;

// Half-open index box in array coordinates, ordered (x, y, z).
struct IndexBox {
  int lo[3] = {0, 0, 0};
  int hi[3] = {0, 0, 0};
  bool empty() const { return hi[0] <= lo[0] || hi[1] <= lo[1] || hi[2] <= lo[2]; }
  long long cells() const {
    return empty() ? 0 : (long long)(hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]);
  }
  // MDRange over (z, y, x) so the innermost loop walks contiguous x.
  Range3 policy() const { return Range3({lo[2], lo[1], lo[0]}, {hi[2], hi[1], hi[0]}); }
};

}  // namespace gs
