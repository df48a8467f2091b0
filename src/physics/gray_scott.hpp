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
  Real dt = 0;
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
  bool mapped() const { return F_map.data() != nullptr; }
};

// The physics of a run from its config: the constants, 1/h^2 per dimension
// and, with physics.map, the per-cell F and k of this rank's cells (built
// here, once). The one way the time loop gets its parameters.
template <class Real>
ReactionDiffusion<Real> make_reaction_diffusion(const SimConfig& cfg, const Decomposition& dec);

// Stage output for every cell of `box`:
//   plain:    out = in + dt * f(in)                        (Euler step, RK2 stage 1)
//   average:  out = (base + (in + dt * f(in))) / 2         (RK2 stage 2; out may alias base)
// where f(u, v) = (Du lap u - u v^2 + F (1 - u), Dv lap v + u v^2 - (F + k) v).
// Which kernel form runs: rows of contiguous x on host execution spaces, one
// cell per thread on devices (Auto), or either one forced. Both evaluate the
// same operations per cell; tests force each on the CPU to prove the bits equal.
enum class KernelForm { Auto, Rows, Cells };

template <class Real>
void gray_scott_stage(Stencil stencil, const ReactionDiffusion<Real>& p, const IndexBox& box, const State<Real>& in,
                      const State<Real>& base, const State<Real>& out, bool average, KernelForm form = KernelForm::Auto);

}  // namespace gs
