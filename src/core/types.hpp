#pragma once
// Scalar type, field views and execution policies shared by every kernel.
#include <Kokkos_Core.hpp>
#include <cstdint>

namespace gs {

// The state's precision (grid.precision): the build compiles the simulation
// once per choice (src/CMakeLists.txt), GS_REAL_FLOAT selecting float.
#if defined(GS_REAL_FLOAT)
using Real = float;
constexpr const char* kPrecisionName = "float";
#else
using Real = double;
constexpr const char* kPrecisionName = "double";
#endif
using ExecSpace = Kokkos::DefaultExecutionSpace;
using MemSpace = ExecSpace::memory_space;
// Whether the fields live in memory the host can read (every CPU backend):
// then nothing is staged or mirrored for MPI, I/O or the memory check.
constexpr bool kFieldsOnHost = Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemSpace>::accessible;

// Fields are stored (z, y, x) with x contiguous; 2D runs have one z plane and
// no ghost layer in z. LayoutRight is explicit so host and device agree.
using Field = Kokkos::View<Real***, Kokkos::LayoutRight, MemSpace>;
using ConstField = Kokkos::View<const Real***, Kokkos::LayoutRight, MemSpace>;
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
