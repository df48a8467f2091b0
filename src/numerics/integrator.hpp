// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The time integrators as tables of stages: how many stages a step has, which
// registers (state-sized buffers) each stage reads and writes, and the
// coefficients it combines them with. The stepper, the ghost width, the block
// plans, the memory estimate and the restart checks all read this one
// description; a new scheme is one more Integrator value (every switch over it
// has no default, so -Wswitch names each place that must handle it) plus its
// stage kind in the cell update. Host code: kernels get a stage's roles and
// weights by value.
#include <string>
#include <vector>

namespace gs {

// euler: forward Euler, 1st order. rk2: Heun's method (explicit trapezoid),
// 2nd order. rkl2: the second-order Runge-Kutta-Legendre super-time-stepping
// scheme (Meyer, Balsara & Aslam 2014), s stages per step, stable for dt up to
// (s^2 + s - 2) / 4 times the forward-Euler limit.
enum class Integrator { Euler, RK2, RKL2 };

// What one stage computes from its registers, with f the Gray-Scott right-hand
// side and dt the time step:
//   Forward:   out = in + dt f(in)                                (Euler; Heun's first stage)
//   Average:   out = (base + (in + dt f(in))) / 2                 (Heun's second stage)
//   RklFirst:  rate = f(in);  out = in + c_f dt f(in)            (RKL2 stage 1; in = the state)
//   Rkl:       out = c_in in + c_prev prev + c_base base + c_f dt f(in) + c_rate dt rate
//                                                                 (RKL2 stages 2..s; base = the state)
// The arithmetic order of each kind is fixed in physics/cell_update.hpp.
enum class StageKind { Forward, Average, RklFirst, Rkl };

// Register indices: 0 is always the state at the start of the step.
// `out` may equal `base` or `prev` (a stage reads them at the cell it writes
// only), never `in` (its neighbours are read). -1: not used by this kind.
struct StageRoles {
  StageKind kind;
  int in, base, prev, rate, out;
};

// A stage's coefficients (double on the host; the kernels take them in the
// state's precision). Forward and Average read none of them.
struct StageWeights {
  double c_in = 1, c_prev = 0, c_base = 0, c_f = 1, c_rate = 0;  // c_f and c_rate multiply dt
};

// One step of an integrator: its stages in order, how many registers it needs
// (the state included) and which register holds the new state at the end.
struct Scheme {
  Integrator integrator = Integrator::Euler;
  int registers = 2;
  int result = 1;  // the driver swaps this register with register 0 after the step (0: in place)
  std::vector<StageRoles> roles;
  std::vector<StageWeights> weights;
  int stages() const { return int(roles.size()); }
};

// Stages per step. rkl2_stages: RKL2's s (>= 2; a logic_error without it),
// ignored by the integrators with a fixed count.
int stages_per_step(Integrator integrator, int rkl2_stages = 0);
// The table of an integrator (rkl2_stages: RKL2's s; ignored otherwise).
Scheme make_scheme(Integrator integrator, int rkl2_stages);
// Whether the deep-halo block forms (blocking/) run this integrator's stages;
// where they do not, halo_depth "auto" is 1 and a depth above 1 is refused.
bool blocks_supported(Integrator integrator);
// Registers of one state a step needs (the state included).
int registers_of(Integrator integrator);

// ---- RKL2 (docs/numerics.md "Super-time-stepping") ----
// The factor over the forward-Euler limit 2 / rho that s stages hold:
// dt rho <= (s^2 + s - 2) / 2.
inline double rkl2_stability_factor(int s) { return (double(s) * s + s - 2) / 4.0; }
// Smallest odd s >= 3 whose factor holds `ratio` = dt / (forward-Euler limit).
// Odd, because for even s the stability polynomial is +1 at the end of the
// interval: the stiffest mode (the grid checkerboard) would not be damped at all.
int rkl2_auto_stages(double ratio);
// Per stage j = 1..s (index j - 1): mu_j, nu_j, mut_j, gamt_j of the published
// recursion (mu_1 = 1, nu_1 = gamt_1 = 0, mut_1 = w1 / 3).
struct Rkl2Coefficients {
  std::vector<double> mu, nu, mut, gamt;
};
Rkl2Coefficients rkl2_coefficients(int s);
// R_s(z) = a_s + b_s P_s(1 + w1 z): the amplification of a linear mode
// y' = lambda y per step, z = dt lambda (P_s: Legendre polynomial).
double rkl2_amplification(int s, double z);

}  // namespace gs
