// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The time integrators as data. A Scheme is one step of an integrator: its
// stages in order, the registers (state-sized buffers) each stage reads and
// writes, the weights it combines them with, its order, and the interval of
// the negative real axis it is stable on. What else there is to know about an
// integrator is derived from that: the register count (from the roles), whether
// the deep-halo block forms run it, the bytes and flops of a step. The stepper,
// the ghost width, the block plans, the memory estimate, the stability check,
// the restart rules, the benchmark and summary.json all read the Scheme.
//
// A new integrator is its Integrator value, its name in config/choices.hpp and
// one entry in the table of integrator.cpp (make_scheme), built from the stage
// kinds below. Host code: kernels get a stage's kind and weights by value.
#include <string>
#include <vector>

#include "numerics/stage_kind.hpp"

namespace gs {

// euler: forward Euler, 1st order. rk2: Heun's method (explicit trapezoid),
// 2nd order. rkl2: the second-order Runge-Kutta-Legendre super-time-stepping
// scheme (Meyer, Balsara & Aslam 2014), s stages per step, stable for dt up to
// (s^2 + s - 2) / 4 times the forward-Euler limit. rk4: the classic
// fourth-order Runge-Kutta scheme.
enum class Integrator { Euler, RK2, RKL2, RK4 };

// Register indices: 0 is always the state at the start of the step.
// `out` may equal `base` or `prev` (a stage reads them at the cell it writes
// only), never `in` (its neighbours are read). -1: not used by this kind.
struct StageRoles {
  StageKind kind;
  int in, base, prev, rate, out;
};

// One step of an integrator: its stages in order, and which register holds
// the new state at the end.
struct Scheme {
  Integrator integrator = Integrator::Euler;
  int order = 1;  // in time
  // The scheme is stable for dt rho <= 2 x stability_factor, rho the largest
  // decay rate of the linearised problem: the largest stable dt over the
  // forward-Euler limit 2 / rho. Checked against the stages' own amplification
  // by the unit tests (test_integrators.cpp).
  double stability_factor = 1;
  int result = 1;  // the driver swaps this register with register 0 after the step (0: in place)
  std::vector<StageRoles> roles;
  std::vector<StageWeights<double>> weights;  // per stage; c_f and c_rate multiply dt

  int stages() const { return int(roles.size()); }
  // Registers of one state a step needs (the state included): every register a role names.
  int registers() const;
  // Whether the deep-halo block forms (blocking/) run it: they hold two
  // registers and fuse the Forward and Average kinds only. Where they do not,
  // halo_depth "auto" is 1 and a depth above 1 is refused.
  bool blocks() const;
  // State values a step reads and writes per cell (both species; the stencil's
  // neighbours counted once), and floating-point operations per cell and step
  // given the operations of one Laplacian (numerics/stage_kind.hpp).
  int values_moved_per_cell() const;
  double flops_per_cell(double laplacian_flops) const;
};

// Whether time.stages chooses this integrator's stage count (rkl2), and the
// stage count "auto" takes for dt = ratio x the forward-Euler limit (0: none
// within max_stages holds it).
bool takes_stage_count(Integrator integrator);
int auto_stage_count(Integrator integrator, double ratio, int max_stages);

// The table: the scheme of an integrator. `stages`: the count for an
// integrator that takes one (a logic_error without it, >= 2); ignored by the others.
Scheme make_scheme(Integrator integrator, int stages = 0);
// Stages per step (the count is needed where the integrator takes one).
int stages_per_step(Integrator integrator, int stages = 0);
// Whether the block forms run this integrator at every stage count it takes.
bool blocks_supported(Integrator integrator);

// ---- RKL2 (docs/numerics.md "Super-time-stepping") ----
// The factor over the forward-Euler limit 2 / rho that s stages hold:
// dt rho <= (s^2 + s - 2) / 2.
inline double rkl2_stability_factor(int s) { return (double(s) * s + s - 2) / 4.0; }
// Per stage j = 1..s (index j - 1): mu_j, nu_j, mut_j, gamt_j of the published
// recursion (mu_1 = 1, nu_1 = gamt_1 = 0, mut_1 = w1 / 3).
struct Rkl2Coefficients {
  std::vector<double> mu, nu, mut, gamt;
};
Rkl2Coefficients rkl2_coefficients(int s);
// R_s(z) = a_s + b_s P_s(1 + w1 z): the amplification of a linear mode
// y' = lambda y per step, z = dt lambda (P_s: Legendre polynomial).
double rkl2_amplification(int s, double z);

// ---- RK4 ----
// The stability interval of the classic RK4 on the negative real axis: the
// real root of 1 + z/2 + z^2/6 + z^3/24 = 0 (where its amplification
// 1 + z + z^2/2 + z^3/6 + z^4/24 returns to 1), about -2.785.
double rk4_stability_interval();

// The amplification per step of a scheme on y' = z y / dt (z = dt lambda),
// computed by running its stages on one scalar: what the stability factor
// and the order of every entry are checked against.
double amplification(const Scheme& scheme, double z);

}  // namespace gs
