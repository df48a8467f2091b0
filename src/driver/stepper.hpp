#pragma once
// Advances (u, v) by whole time steps: halo exchange overlapped with the inner
// cells, then the shell, for each stage of the chosen integrator.
#include "comm/halo.hpp"
#include "config/config.hpp"
#include "core/timers.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "physics/gray_scott.hpp"

namespace gs {

class Stepper {
 public:
  Stepper(const SimConfig& cfg, const Decomposition& dec, PhaseTimers& timers);
  void step(Fields& f);
  // Fill every ghost cell of the current state (for outputs and tests).
  void fill_ghosts(State& s) { halo_.exchange(s); }
  const HaloExchange& halo() const { return halo_; }

 private:
  // out = in + dt f(in), or (base + in + dt f(in)) / 2 when averaging (out may alias base).
  void stage(const State& in, const State& base, const State& out, bool average);

  Stencil stencil_;
  Integrator integrator_;
  ReactionDiffusion params_;
  HaloExchange halo_;
  IndexBox inner_;
  std::vector<IndexBox> shell_;
  PhaseTimers& timers_;
};

}  // namespace gs
