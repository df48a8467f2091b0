// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Advances (u, v) by whole time steps: halo exchange overlapped with the inner
// cells, then the shell, for each stage of the integrator's stage table
// (numerics/integrator.hpp), or (with parallel.halo_depth = T > 1) for each
// block of up to T steps. Also the one
// place that fills ghost cells outside a step, for outputs that read them.
#include <memory>
#include <vector>

#include "comm/halo.hpp"
#include "config/config.hpp"
#include "core/timers.hpp"
#include "blocking/block_plans.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "physics/gray_scott.hpp"

namespace gs {

template <class Real>
class Stepper {
 public:
  // `form`: the block form asked of gray_scott_block (parallel.halo_depth > 1).
  // The run leaves it Auto; tests force each form the host build can run (the
  // memory check's test, to count the Tiles form's entry copy on the CPU).
  Stepper(const SimConfig& cfg, const Decomposition& dec, PhaseTimers& timers, BlockForm form = BlockForm::Auto);
  // One time step with an exchange per stage (needs halo_depth 1). `f` holds
  // the integrator's registers (Fields(dec, scheme().registers())).
  void step(Fields<Real>& f);
  // `steps` time steps: with halo_depth 1 as many step() calls; else blocks of
  // up to halo_depth steps, one exchange each. The same bits either way.
  void advance(Fields<Real>& f, long steps);
  // Time steps per halo exchange; the driver ends no block past this.
  int halo_depth() const { return depth_; }
  // Collective: fills every ghost cell of `s`, edges and corners included,
  // whatever the stencil reads (the driver calls it before outputs that read
  // ghosts; harmless to the run: each stage rewrites the ghosts it reads).
  void fill_ghosts(State<Real>& s);
  const HaloExchange<Real>& halo() const { return halo_; }
  const Scheme& scheme() const { return scheme_; }

 private:
  // Stage j of the table on the registers of `f`: the ghosts of its input
  // exchanged while the inner cells compute, then the shell.
  void stage(Fields<Real>& f, int j);
  // `steps` <= halo_depth time steps after one exchange.
  void block(Fields<Real>& f, int steps);

  Stencil stencil_;
  Scheme scheme_;
  ReactionDiffusion<Real> params_;
  std::vector<ReactionDiffusion<Real>> stage_params_;  // params_ with each stage's weights
  HaloExchange<Real> halo_;
  // Edges and corners too, built at the first fill_ghosts() when the
  // stencil's own exchange is faces only (5- and 7-point).
  std::unique_ptr<HaloExchange<Real>> all_ghosts_;
  const Decomposition& dec_;
  bool gpu_aware_;
  IndexBox inner_;
  std::vector<IndexBox> shell_;
  int depth_ = 1;
  BlockForm form_ = BlockForm::Auto;
  std::vector<BlockPlans> plans_;  // plans_[n - 1]: a block of n steps (halo_depth > 1)
  PhaseTimers& timers_;
};

}  // namespace gs
