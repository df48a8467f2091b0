// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "driver/stepper.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "grid/regions.hpp"
#include "blocking/block_step.hpp"
#include "physics/stencil.hpp"

namespace gs {

template <class Real>
Stepper<Real>::Stepper(const SimConfig& cfg, const Decomposition& dec, PhaseTimers& timers, BlockForm form)
    : stencil_(cfg.grid.stencil),
      scheme_(cfg.time.scheme()),
      params_(make_reaction_diffusion<Real>(cfg, dec)),
      halo_(dec, stencil_needs_diagonals(cfg.grid.stencil), cfg.parallel.gpu_aware_mpi),
      dec_(dec),
      gpu_aware_(cfg.parallel.gpu_aware_mpi),
      depth_(dec.halo_depth()),
      form_(form),
      timers_(timers) {
  // Only the ghosts that come from other ranks arrive late: along a dimension
  // with one rank, the halo fills them from this rank's cells in begin(), so
  // the inner box spans it (on one rank: the whole box, no shell). Diagonal
  // ghosts also involve a split dimension, and cells next to those are in its shell.
  int late_ghost[3];
  for (int d = 0; d < 3; ++d) late_ghost[d] = dec.layout()[d] > 1 ? dec.ghost(d) : 0;
  inner_ = inner_box(dec.owned(), late_ghost);
  shell_ = shell_boxes(dec.owned(), late_ghost);
  // The weights are recomputed from the configuration on every start (fresh
  // or restart), never stored: the same bits on any rank count.
  for (const StageWeights<double>& w : scheme_.weights) stage_params_.push_back(params_.with_stage(w));
  if (depth_ > 1) {
    // A decomposition built for another integrator would have too few ghost layers.
    const Integrator integrator = scheme_.integrator;
    GS_REQUIRE(scheme_.blocks(), "halo_depth > 1 with an integrator the block forms do not run");
    for (int d = 0; d < dec.dims(); ++d)
      GS_REQUIRE(dec.ghost(d) == ghost_width(depth_, integrator, stencil_), "ghost width does not match halo_depth and integrator");
    for (int n = 1; n <= depth_; ++n) plans_.push_back(make_block_plans(dec, integrator, n * scheme_.stages()));
  }
}

template <class Real>
void Stepper<Real>::fill_ghosts(State<Real>& s) {
  if (stencil_needs_diagonals(stencil_) || depth_ > 1) {  // halo_ has edges and corners
    halo_.exchange(s);
    return;
  }
  if (!all_ghosts_) all_ghosts_ = std::make_unique<HaloExchange<Real>>(dec_, /*diagonals=*/true, gpu_aware_);
  all_ghosts_->exchange(s);
}

template <class Real>
void Stepper<Real>::stage(Fields<Real>& f, int j) {
  const StageRoles& r = scheme_.roles[std::size_t(j)];
  const auto reg = [&](int i) { return i >= 0 ? f.reg(i) : State<Real>{}; };
  const StageRegisters<Real> regs{f.reg(r.in), reg(r.base), reg(r.prev), reg(r.rate), f.reg(r.out)};
  const ReactionDiffusion<Real>& params = stage_params_[std::size_t(j)];
  const State<Real>& in = regs.in;
  {
    ScopedPhase t(timers_, kPhaseHalo);
    halo_.begin(in);
  }
  {
    // The fence keeps the inner kernel's time in "compute" on asynchronous
    // backends; the messages posted by begin() still travel meanwhile.
    ScopedPhase t(timers_, kPhaseCompute);
    gray_scott_stage(stencil_, params, inner_, r.kind, regs);
    ExecSpace().fence();
  }
  {
    ScopedPhase t(timers_, kPhaseHalo);
    halo_.finish(in);
    ExecSpace().fence();
  }
  ScopedPhase t(timers_, kPhaseCompute);
  for (const auto& box : shell_) gray_scott_stage(stencil_, params, box, r.kind, regs);
  ExecSpace().fence();
}

template <class Real>
void Stepper<Real>::block(Fields<Real>& f, int steps) {
  const BlockPlans& plans = plans_[std::size_t(steps - 1)];
  // Level roles (blocking/block_step.hpp, level_table): a = the state, b =
  // register 1 (the buffer the odd Euler levels read and the Heun first stages write).
  const State<Real> a = f.now(), b = f.next;
  {
    ScopedPhase t(timers_, kPhaseHalo);
    halo_.begin(a);
  }
  {
    ScopedPhase t(timers_, kPhaseCompute);
    gray_scott_block(stencil_, params_, plans.inner, a, b, form_);
    ExecSpace().fence();
  }
  {
    ScopedPhase t(timers_, kPhaseHalo);
    halo_.finish(a);
    ExecSpace().fence();
  }
  {
    ScopedPhase t(timers_, kPhaseCompute);
    gray_scott_block(stencil_, params_, plans.shell, a, b, form_);
    ExecSpace().fence();
  }
  // After an odd number of Euler levels the state is in b.
  if (level_table(scheme_.integrator, steps * scheme_.stages()).state_in_b) f.swap();
}

template <class Real>
void Stepper<Real>::advance(Fields<Real>& f, long steps) {
  for (long done = 0; done < steps;) {
    const long n = std::min<long>(depth_, steps - done);
    if (depth_ == 1)
      step(f);
    else
      block(f, int(n));
    done += n;
  }
}

template <class Real>
void Stepper<Real>::step(Fields<Real>& f) {
  GS_REQUIRE(depth_ == 1, "Stepper::step with halo_depth > 1 (use advance)");
  GS_REQUIRE(f.registers() >= scheme_.registers(), "Stepper::step: fewer registers than the integrator needs");
  for (int j = 0; j < scheme_.stages(); ++j) stage(f, j);
  if (scheme_.result != 0) f.swap_with(scheme_.result);
}

template class Stepper<float>;
template class Stepper<double>;

}  // namespace gs
