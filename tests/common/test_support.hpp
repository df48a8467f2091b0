// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Helpers shared by the unit and MPI tests: building configs in code and
// moving small fields between host and device.
#include <mpi.h>

#include <array>
#include <cmath>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "config/loader.hpp"
#include "config/stability.hpp"
#include "core/types.hpp"
#include "physics/stencil.hpp"

namespace gs::test {

// The state precision the numerics tests run in: double in test_unit and
// test_mpi, float in test_unit_float (compiled with GS_TEST_FLOAT, the same
// test sources against the float instantiations of the library).
#if defined(GS_TEST_FLOAT)
using Real = float;
#else
using Real = double;
#endif

inline int stencil_points(Stencil s) {
  switch (s) {
    case Stencil::P5: return 5;
    case Stencil::P9: return 9;
    case Stencil::P7: return 7;
    case Stencil::P19: return 19;
    case Stencil::P27: return 27;
    case Stencil::X9: return 9;
    case Stencil::X13: return 13;
  }
  return 0;
}

// A config for `stencil` on a grid of n cells with equal spacing h.
inline SimConfig make_config(Stencil stencil, std::array<long, 3> n, double h) {
  SimConfig c;
  c.grid.dims = stencil_dims(stencil);
  c.grid.stencil = stencil;
  c.grid.stencil_points = stencil_points(stencil);
  c.grid.order = stencil_order(stencil);
  for (int d = 0; d < 3; ++d) {
    c.grid.n[d] = d < c.grid.dims ? n[d] : 1;
    c.grid.L[d] = c.grid.n[d] * h;
  }
  return c;
}

// Sets every cell of f (ghosts included) from a function of the array index.
template <class View, class Fn>
void fill_host(const View& f, Fn fn) {
  auto h = Kokkos::create_mirror_view(f);
  for (int z = 0; z < int(f.extent(0)); ++z)
    for (int y = 0; y < int(f.extent(1)); ++y)
      for (int x = 0; x < int(f.extent(2)); ++x) h(z, y, x) = fn(x, y, z);
  Kokkos::deep_copy(f, h);
}

template <class View>
typename View::HostMirror to_host(const View& f) {
  return Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), f);
}

// This process's rank and the rank count of MPI_COMM_WORLD.
inline int world_rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}
inline int world_size() {
  int n = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  return n;
}

// Every rank layout (px, py[, pz]) whose product is `ranks`: the process grids
// a decomposition test walks through.
inline std::vector<std::array<int, 3>> layouts(int ranks, int dims) {
  std::vector<std::array<int, 3>> out;
  for (int px = 1; px <= ranks; ++px)
    for (int py = 1; py <= ranks; ++py)
      for (int pz = 1; pz <= (dims == 3 ? ranks : 1); ++pz)
        if (px * py * pz == ranks) out.push_back({px, py, pz});
  return out;
}

// The second-order stencils (which the deep-halo block forms also run).
const Stencil kAllStencils[] = {Stencil::P5, Stencil::P9, Stencil::P7, Stencil::P19, Stencil::P27};
// Every stencil, grid.order = 4's radius-2 crosses included.
const Stencil kEveryStencil[] = {Stencil::P5, Stencil::P9, Stencil::P7, Stencil::P19, Stencil::P27, Stencil::X9, Stencil::X13};

// Parts of parameterised test names (letters, digits and _ only):
// AllStencils/ReactionStep.MatchesTheEquationsComputedByHand/27point_rk2_depth2
// (9point4th for grid.order = 4's 9-point cross).
inline std::string name_part(Stencil s) {
  return std::to_string(stencil_points(s)) + "point" + (stencil_order(s) == 4 ? "4th" : "");
}
inline std::string name_part(Integrator i) { return name_of(i); }
inline std::string name_part(StageKind k) {
  switch (k) {
    case StageKind::Forward: return "forward";
    case StageKind::Average: return "average";
    case StageKind::ForwardKeepRate: return "forwardkeeprate";
    case StageKind::Combine: return "combine";
  }
  return "unknown";
}

}  // namespace gs::test

namespace gs {
// How GoogleTest prints these parameters (`GetParam() = (27-point, rk2, true,
// false)` beside a failure), found by argument-dependent lookup; without them
// an enum prints as its bytes.
inline void PrintTo(Stencil s, std::ostream* os) { *os << stencil_name(s); }
inline void PrintTo(Integrator i, std::ostream* os) { *os << name_of(i); }
inline void PrintTo(StageKind k, std::ostream* os) { *os << test::name_part(k); }
}  // namespace gs
