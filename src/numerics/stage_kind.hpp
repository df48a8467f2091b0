// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The forms one stage of an integrator can take, shared by the integrator
// table (host) and the cell update (kernels): what each kind computes, which
// registers it reads and writes, and the weights it reads.
#include <Kokkos_Macros.hpp>

namespace gs {

// What one stage computes from its registers, with f the Gray-Scott right-hand
// side, dt the time step and c_* the stage's weights:
//   Forward:          out = in + c_f dt f(in)                          (Euler; Heun's first stage)
//   Average:          out = c_base (base + (in + c_f dt f(in)))        (Heun's second stage)
//   ForwardKeepRate:  rate = f(in);  out = in + c_f dt f(in)           (the first stage of rkl2 and rk4)
//   Combine:          out = c_in in + c_prev prev + c_base base + c_f dt f(in) + c_rate dt rate
//                                                                      (the later stages of rkl2 and rk4)
// The arithmetic order of each kind is fixed in physics/cell_update.hpp.
enum class StageKind { Forward, Average, ForwardKeepRate, Combine };

// A stage's weights. In an integrator's table (double) c_f and c_rate
// multiply dt; in the kernels' copy (the state's precision, physics/gray_scott.hpp)
// dt is folded into them, in double, and rounded once.
template <class T>
struct StageWeights {
  T c_in = 1, c_prev = 0, c_base = 0, c_f = 1, c_rate = 0;
};

// Whether a stage kind reads (or writes) the register of that role.
KOKKOS_INLINE_FUNCTION constexpr bool reads_base(StageKind k) { return k == StageKind::Average || k == StageKind::Combine; }
KOKKOS_INLINE_FUNCTION constexpr bool reads_prev(StageKind k) { return k == StageKind::Combine; }
KOKKOS_INLINE_FUNCTION constexpr bool reads_rate(StageKind k) { return k == StageKind::Combine; }
KOKKOS_INLINE_FUNCTION constexpr bool writes_rate(StageKind k) { return k == StageKind::ForwardKeepRate; }

// Floating-point operations of a kind's update beyond the Forward one (both
// species), as physics/cell_update.hpp evaluates it: Average adds the base and
// halves (2 per species); Combine weighs five terms (5 multiplications and 4
// additions per species) where Forward has one product and one sum.
constexpr int extra_update_flops(StageKind k) {
  switch (k) {
    case StageKind::Forward: return 0;
    case StageKind::Average: return 4;
    case StageKind::ForwardKeepRate: return 0;
    case StageKind::Combine: return 14;
  }
  return 0;
}

}  // namespace gs
