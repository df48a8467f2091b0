#pragma once
// One fused kernel per explicit stage: Laplacian + reaction for both species.
// No MPI here; the caller fills ghosts before the cells that read them.
#include "config/config.hpp"
#include "core/types.hpp"
#include "grid/fields.hpp"

namespace gs {

struct ReactionDiffusion {
  Real Du = 0, Dv = 0, F = 0, k = 0, dt = 0;
  Real inv_h2[3] = {1, 1, 1};
  bool clamp = false;
  // Per-cell F and k of a parameter map (physics.map); empty Views mean the
  // uniform F and k above, and then the kernel never reads them.
  ConstField F_map, k_map;
};

// The physics of a run from its config: the constants, 1/h^2 per dimension
// and, with physics.map, the per-cell F and k of this rank's cells (built
// here, once). The one way the time loop gets its parameters.
ReactionDiffusion make_reaction_diffusion(const SimConfig& cfg, const Decomposition& dec);

// Stage output for every cell of `box`:
//   plain:    out = in + dt * f(in)                        (Euler step, RK2 stage 1)
//   average:  out = (base + (in + dt * f(in))) / 2         (RK2 stage 2; out may alias base)
// where f(u, v) = (Du lap u - u v^2 + F (1 - u), Dv lap v + u v^2 - (F + k) v).
// Which kernel form runs: rows of contiguous x on host execution spaces, one
// cell per thread on devices (Auto), or either one forced. Both evaluate the
// same operations per cell; tests force each on the CPU to prove the bits equal.
enum class KernelForm { Auto, Rows, Cells };

void gray_scott_stage(Stencil stencil, const ReactionDiffusion& p, const IndexBox& box, const State& in,
                      const State& base, const State& out, bool average, KernelForm form = KernelForm::Auto);

}  // namespace gs
