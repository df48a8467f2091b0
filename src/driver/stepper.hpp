#pragma once
// Advances (u, v) by whole time steps: halo exchange overlapped with the inner
// cells, then the shell, for each stage of the chosen integrator. Also the one
// place that fills ghost cells outside a step, for outputs that read them.
#include <memory>

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
  // Collective: fills every ghost cell of `s`, edges and corners included,
  // whatever the stencil reads (the driver calls it before outputs that read
  // ghosts; harmless to the run: each stage rewrites the ghosts it reads).
  void fill_ghosts(State& s);
  const HaloExchange& halo() const { return halo_; }

 private:
  // out = in + dt f(in), or (base + in + dt f(in)) / 2 when averaging (out may alias base).
  void stage(const State& in, const State& base, const State& out, bool average);

  Stencil stencil_;
  Integrator integrator_;
  ReactionDiffusion params_;
  HaloExchange halo_;
  // Edges and corners too, built at the first fill_ghosts() when the
  // stencil's own exchange is faces only (5- and 7-point).
  std::unique_ptr<HaloExchange> all_ghosts_;
  const Decomposition& dec_;
  bool gpu_aware_;
  IndexBox inner_;
  std::vector<IndexBox> shell_;
  PhaseTimers& timers_;
};

}  // namespace gs
