// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// One fused kernel per explicit stage: Laplacian + reaction for both species.
// No MPI here; the caller fills ghosts before the cells that read them.
#include <limits>

#include "config/config.hpp"
#include "core/types.hpp"
#include "grid/fields.hpp"

namespace gs {

// The constants of one cell's update, in the state's precision: what every
// kernel form reads, one value per name, so no call site can swap two of them.
template <class Real>
struct CellCoefficients {
  Real Du = 0, Dv = 0;  // diffusivities (length^2 / time)
  Real F = 0, k = 0;    // feed and kill (1 / time); per cell with a parameter map
  // The weights of the stage being run, dt folded into c_f and c_rate (set
  // by with_stage): every stage kind reads its numbers from here.
  StageWeights<Real> stage;
  Real inv_h2[3] = {1, 1, 1};  // 1 / h^2 per dimension
  // physics.clamp as the bounds of two selects (cell_update.hpp): [0, 1], or
  // [-inf, inf], which changes no value.
  Real lo = -std::numeric_limits<Real>::infinity(), hi = std::numeric_limits<Real>::infinity();
  void set_clamp(bool clamp) {
    lo = clamp ? Real(0) : -std::numeric_limits<Real>::infinity();
    hi = clamp ? Real(1) : std::numeric_limits<Real>::infinity();
  }
};

template <class Real>
struct ReactionDiffusion {
  CellCoefficients<Real> cell;
  // Per-cell F and k of a parameter map (physics.map); empty Views mean the
  // uniform cell.F and cell.k, and then the kernels never read them.
  ConstField<Real> F_map, k_map;
  double dt = 0;  // the time step, folded into each stage's weights
  bool mapped() const { return F_map.data() != nullptr; }
  // These parameters for one stage of the integrator's table: its weights,
  // computed in double and rounded once to Real (dt folded in in double).
  ReactionDiffusion with_stage(const StageWeights<double>& w) const {
    ReactionDiffusion p = *this;
    p.cell.stage = {Real(w.c_in), Real(w.c_prev), Real(w.c_base), Real(w.c_f * dt), Real(w.c_rate * dt)};
    return p;
  }
};

// The registers one stage reads and writes, by role (numerics/integrator.hpp,
// StageRoles); a role the stage's kind does not use may be left empty.
template <class Real>
struct StageRegisters {
  State<Real> in, base, prev, rate, out;
};

// The physics of a run from its config: the constants, 1/h^2 per dimension
// and, with physics.map, the per-cell F and k of this rank's cells (built
// here, once). The one way the time loop gets its parameters.
template <class Real>
ReactionDiffusion<Real> make_reaction_diffusion(const SimConfig& cfg, const Decomposition& dec);

// Stage output for every cell of `box`, for the stage kinds of
// numerics/stage_kind.hpp (out may alias base or prev, never in), with the
// weights of p.cell.stage, where
// f(u, v) = (Du lap u - u v^2 + F (1 - u), Dv lap v + u v^2 - (F + k) v).
// Which kernel form runs: rows of contiguous x on host execution spaces, one
// cell per thread on devices (Auto), or either one forced. Both evaluate the
// same operations per cell; tests force each on the CPU to prove the bits equal.
enum class KernelForm { Auto, Rows, Cells };

template <class Real>
void gray_scott_stage(Stencil stencil, const ReactionDiffusion<Real>& p, const IndexBox& box, StageKind kind,
                      const StageRegisters<Real>& r, KernelForm form = KernelForm::Auto);

}  // namespace gs
