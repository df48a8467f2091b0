// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The two forms of the stage kernel, rows of contiguous x (CPUs) and one cell
// per thread (GPUs), give the same bits for every stencil, integrator stage,
// parameter map and clamp setting. Both run here on the CPU; the cell form is
// the arithmetic a GPU build executes (with FMA contraction off), so this is
// what the promise "same field on CPU and GPU" rests on. The 19- and 27-point
// row forms reuse column sums between cells, which makes this a real check.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>

#include "../common/test_support.hpp"
#include "core/hash.hpp"
#include "physics/gray_scott.hpp"

namespace gs {
namespace {

using test::Real;

// A deterministic value in [lo, hi) from the cell's array index and a stream.
double cell_value(int x, int y, int z, std::uint64_t stream, double lo, double hi) {
  const std::uint64_t index = std::uint64_t(x) | std::uint64_t(y) << 20 | std::uint64_t(z) << 40;
  return lo + (hi - lo) * uniform01(17, stream, index);
}

Field<Real> random_field(const std::string& label, int ex, int ey, int ez, std::uint64_t stream, double lo, double hi) {
  Field<Real> f(label, ez, ey, ex);
  test::fill_host(f, [&](int x, int y, int z) { return cell_value(x, y, z, stream, lo, hi); });
  return f;
}

using Case = std::tuple<Stencil, StageKind, bool /*mapped*/, bool /*clamp*/>;

class KernelForms : public ::testing::TestWithParam<Case> {};

TEST_P(KernelForms, RowsAndCellsGiveTheSameBits) {
  const auto [stencil, kind, mapped, clamp] = GetParam();
  const bool three_d = stencil_dims(stencil) == 3;
  // Odd sizes, longer than one 256-cell chunk of the row form in 2D.
  const int ex = three_d ? 21 : 301, ey = three_d ? 13 : 17, ez = three_d ? 11 : 1;
  // The cells whose neighbours, as far as the stencil reaches, are in the arrays.
  const int r = stencil_radius(stencil);
  IndexBox box;
  box.lo[0] = r, box.hi[0] = ex - r, box.lo[1] = r, box.hi[1] = ey - r;
  box.lo[2] = three_d ? r : 0, box.hi[2] = three_d ? ez - r : 1;

  const State<Real> in{random_field("u", ex, ey, ez, 1, 0.2, 1.0), random_field("v", ex, ey, ez, 2, 0.0, 0.5)};
  const State<Real> base{random_field("bu", ex, ey, ez, 3, 0.2, 1.0), random_field("bv", ex, ey, ez, 4, 0.0, 0.5)};
  const State<Real> prev{random_field("pu", ex, ey, ez, 7, 0.2, 1.0), random_field("pv", ex, ey, ez, 8, 0.0, 0.5)};
  ReactionDiffusion<Real> p;
  p.cell.Du = 0.21, p.cell.Dv = 0.105, p.cell.F = 0.037, p.cell.k = 0.06, p.dt = 0.9;
  p.cell.set_clamp(clamp);
  p.cell.inv_h2[0] = p.cell.inv_h2[1] = p.cell.inv_h2[2] = 1 / (0.7 * 0.7);
  if (mapped) {
    p.F_map = random_field("F", ex, ey, ez, 5, 0.0, 0.08);
    p.k_map = random_field("k", ex, ey, ez, 6, 0.03, 0.07);
  }
  // A large dt makes some values leave [0, 1], so clamping changes cells.
  if (clamp) p.dt = 40;
  // RKL2 weights of stage 4 of 9 (any non-trivial weights do).
  p = p.with_stage(make_scheme(Integrator::RKL2, 9).weights[3]);

  State<Real> out[2], rate[2];
  const KernelForm forms[2] = {KernelForm::Rows, KernelForm::Cells};
  for (int f = 0; f < 2; ++f) {
    // RK2's second stage writes over its base, RKL2's later stages over
    // Y_{j-2} (prev): do the same here.
    const bool overwrites = kind == StageKind::Average || kind == StageKind::Combine;
    out[f] = overwrites ? State<Real>{random_field("ou", ex, ey, ez, kind == StageKind::Combine ? 7 : 3, 0.2, 1.0),
                                      random_field("ov", ex, ey, ez, kind == StageKind::Combine ? 8 : 4, 0.0, 0.5)}
                        : State<Real>{Field<Real>("ou", ez, ey, ex), Field<Real>("ov", ez, ey, ex)};
    rate[f] = {random_field("ru", ex, ey, ez, 9, -0.1, 0.1), random_field("rv", ex, ey, ez, 10, -0.1, 0.1)};
    const StageRegisters<Real> regs{in, kind == StageKind::Average ? out[f] : base, kind == StageKind::Combine ? out[f] : prev,
                                    rate[f], out[f]};
    gray_scott_stage(stencil, p, box, kind, regs, forms[f]);
  }
  Kokkos::fence();
  long differing = 0, clamped = 0;
  for (int s = 0; s < 4; ++s) {
    const State<Real>* reg = s < 2 ? out : rate;
    const auto rows = test::to_host(s % 2 ? reg[0].v : reg[0].u), cells = test::to_host(s % 2 ? reg[1].v : reg[1].u);
    for (int z = box.lo[2]; z < box.hi[2]; ++z)
      for (int y = box.lo[1]; y < box.hi[1]; ++y)
        for (int x = box.lo[0]; x < box.hi[0]; ++x) {
          differing += std::memcmp(&rows(z, y, x), &cells(z, y, x), sizeof(Real)) != 0;
          clamped += s < 2 && (rows(z, y, x) == 0 || rows(z, y, x) == 1);
        }
  }
  EXPECT_EQ(differing, 0) << "cells whose bits differ between the row and cell forms";
  if (clamp) EXPECT_GT(clamped, 0) << "the clamp case never clamped: it checks nothing";
}

// AllStencils/KernelForms.RowsAndCellsGiveTheSameBits/27point_rklfirst_map_clamp.
std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const auto [stencil, kind, mapped, clamp] = info.param;
  return test::name_part(stencil) + "_" + test::name_part(kind) + (mapped ? "_map" : "") + (clamp ? "_clamp" : "");
}

INSTANTIATE_TEST_SUITE_P(AllStencils, KernelForms,
                         ::testing::Combine(::testing::ValuesIn(test::kEveryStencil),
                                            ::testing::Values(StageKind::Forward, StageKind::Average, StageKind::ForwardKeepRate,
                                                              StageKind::Combine),
                                            ::testing::Bool(), ::testing::Bool()),
                         case_name);

}  // namespace
}  // namespace gs
