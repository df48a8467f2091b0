// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The per-cell update and the CPU row kernel of one stage, shared by
// gray_scott_stage (src/physics/gray_scott.cpp) and the fused block forms
// (src/blocking/block_*.cpp): every form that updates a cell calls update_cell
// with the same operands, so the bits do not depend on which form ran.
#include <type_traits>

#include "core/types.hpp"
#include "grid/fields.hpp"
#include "physics/gray_scott.hpp"
#include "physics/stencil.hpp"

namespace gs {

// One species at the cell being updated: its value and Laplacian in the
// stage's input, and the other registers the stage kind reads there (base:
// Average, Combine; prev and rate: Combine). Unused ones are 0 and never read.
template <class Real>
struct SpeciesAt {
  Real value, laplacian, base, prev, rate;
};

// What one cell's update gives: the new u and v, and for ForwardKeepRate f at
// the cell (the rate register's values; 0 for the other kinds).
template <class Real>
struct CellUpdate {
  Real u, v, rate_u, rate_v;
};

// The update of one cell, shared by every kernel form so that each cell's
// arithmetic is the same operations in the same order wherever it runs. Every
// kind reads its numbers from c.stage (dt folded into c_f and c_rate).
template <StageKind K, class Real>
KOKKOS_FORCEINLINE_FUNCTION CellUpdate<Real> update_cell(const CellCoefficients<Real>& c, const SpeciesAt<Real>& u,
                                                         const SpeciesAt<Real>& v) {
  const Real uvv = u.value * v.value * v.value;
  const Real du = c.Du * u.laplacian - uvv + c.F * (1 - u.value);
  const Real dv = c.Dv * v.laplacian + uvv - (c.F + c.k) * v.value;
  const StageWeights<Real>& w = c.stage;
  Real un, vn, ru = 0, rv = 0;
  if constexpr (K == StageKind::Combine) {
    // out = c_in in + c_prev prev + c_base base + c_f dt f(in) + c_rate dt rate.
    un = w.c_in * u.value + w.c_prev * u.prev + w.c_base * u.base + w.c_f * du + w.c_rate * u.rate;
    vn = w.c_in * v.value + w.c_prev * v.prev + w.c_base * v.base + w.c_f * dv + w.c_rate * v.rate;
  } else {
    un = u.value + w.c_f * du;
    vn = v.value + w.c_f * dv;
    if constexpr (K == StageKind::Average) {
      un = w.c_base * (u.base + un);
      vn = w.c_base * (v.base + vn);
    }
    if constexpr (K == StageKind::ForwardKeepRate) {
      ru = du;
      rv = dv;
    }
  }
  // Clamping to [lo, hi] = [0, 1], or to [-inf, inf], which changes nothing
  // (NaN included): a select, where a branch on physics.clamp stopped g++ from
  // vectorising the row loop. Written as two one-sided selects, each of which
  // is one SSE/AVX max or min (a NaN in `un` falls through both), where the
  // nested form compiled to compare-and-mask sequences (measured in
  // docs/history/performance-rounds.md, "Second round").
  // Same result for every input, -0 included.
  un = c.lo > un ? c.lo : un;
  un = c.hi < un ? c.hi : un;
  vn = c.lo > vn ? c.lo : vn;
  vn = c.hi < vn ? c.hi : vn;
  return {un, vn, ru, rv};
}

// Stores a cell's update: u and v into the out row, f into the rate row for
// the kind that keeps it.
template <StageKind K, class Real>
KOKKOS_FORCEINLINE_FUNCTION void store_cell(const CellUpdate<Real>& r, Real& out_u, Real& out_v, Real* rate_u, Real* rate_v) {
  out_u = r.u;
  out_v = r.v;
  if constexpr (writes_rate(K)) {
    *rate_u = r.rate_u;
    *rate_v = r.rate_v;
  }
}

// The coefficients of the cell at `i`: those of the run, with the parameter
// map's F and k where there is one.
template <bool Mapped, class Real>
KOKKOS_FORCEINLINE_FUNCTION CellCoefficients<Real> at_cell(const CellCoefficients<Real>& run, const Real* F_row,
                                                           const Real* k_row, int i) {
  CellCoefficients<Real> c = run;
  if (Mapped) {
    c.F = F_row[i];
    c.k = k_row[i];
  }
  return c;
}

// The same for cell (z, y, x) of the map's Views (the one-cell-per-thread forms).
template <bool Mapped, class Real>
KOKKOS_FORCEINLINE_FUNCTION CellCoefficients<Real> at_cell(const CellCoefficients<Real>& run, const ConstField<Real>& F_map,
                                                           const ConstField<Real>& k_map, int z, int y, int x) {
  CellCoefficients<Real> c = run;
  if (Mapped) {
    c.F = F_map(z, y, x);
    c.k = k_map(z, y, x);
  }
  return c;
}

// The kernel templates for a stencil and a parameter-map setting: calls
// fn(std::integral_constant<Stencil, S>{}, std::bool_constant<Mapped>{}), the
// one switch from the run's choices to the compiled forms.
template <class Fn>
void dispatch_kernel(Stencil stencil, bool mapped, Fn&& fn) {
  const auto with_map = [&](auto s) {
    if (mapped)
      fn(s, std::true_type{});
    else
      fn(s, std::false_type{});
  };
  switch (stencil) {
    case Stencil::P5: with_map(std::integral_constant<Stencil, Stencil::P5>{}); break;
    case Stencil::P9: with_map(std::integral_constant<Stencil, Stencil::P9>{}); break;
    case Stencil::P7: with_map(std::integral_constant<Stencil, Stencil::P7>{}); break;
    case Stencil::P19: with_map(std::integral_constant<Stencil, Stencil::P19>{}); break;
    case Stencil::P27: with_map(std::integral_constant<Stencil, Stencil::P27>{}); break;
    case Stencil::X9: with_map(std::integral_constant<Stencil, Stencil::X9>{}); break;
    case Stencil::X13: with_map(std::integral_constant<Stencil, Stencil::X13>{}); break;
  }
}

// One species at column x of a row, with the registers kind K reads (the
// others 0): the row pointers are null where K reads nothing.
template <StageKind K, class Real>
KOKKOS_FORCEINLINE_FUNCTION SpeciesAt<Real> species_at(const Real* in, Real laplacian, const Real* base, const Real* prev,
                                                     const Real* rate, int x) {
  return {in[x], laplacian, reads_base(K) ? base[x] : Real(0), reads_prev(K) ? prev[x] : Real(0),
          reads_rate(K) ? rate[x] : Real(0)};
}

// Offsets from the cell at column x of a row that starts at `row`; `sy`, `sz`
// are the strides of y and z. All loads are then affine in x, which the
// vectoriser needs.
template <class Real>
struct RowAt {
  using value_type = Real;
  const Real* row;
  long sy, sz;
  int x;
  KOKKOS_FORCEINLINE_FUNCTION Real operator()(int dz, int dy, int dx) const {
    return row[x + dx + dy * sy + dz * sz];
  }
};

// CPU form: one work item per (z, y) row, a plain loop over contiguous x.
// Reading through a View in the loop made g++ reload its data pointer and
// strides for every access and give up vectorising ("data ref analysis
// failed"); with the row pointers and coefficients hoisted into locals it
// vectorises, and the 19/27-point bodies are inlined.
template <class Real, Stencil S, StageKind K, bool Mapped>
struct RowKernel {
  ConstField<Real> u, v, base_u, base_v, prev_u, prev_v, F_map, k_map;
  Field<Real> out_u, out_v, rate_u, rate_v;  // rate: read by Combine, written by ForwardKeepRate
  CellCoefficients<Real> coef;
  int x_begin, x_end, y_begin, ny, z_begin;

  KOKKOS_INLINE_FUNCTION void operator()(int row) const { cells(z_begin + row / ny, y_begin + row % ny, x_begin, x_end); }

  // Cells [x_from, x_to) of row (z, y): a part of a row (the threaded wavefront
  // splits 2D rows among threads) gives the same bits as the whole row, since
  // each cell's operands do not depend on where a chunk starts.
  KOKKOS_INLINE_FUNCTION void cells(int z, int y, int x_from, int x_to) const {
    const Real* ur = &u(z, y, 0);
    const Real* vr = &v(z, y, 0);
    const long sy = long(u.stride_1()), sz = long(u.stride_0());
    const Real* bu = reads_base(K) ? &base_u(z, y, 0) : nullptr;
    const Real* bv = reads_base(K) ? &base_v(z, y, 0) : nullptr;
    const Real* pu = reads_prev(K) ? &prev_u(z, y, 0) : nullptr;
    const Real* pv = reads_prev(K) ? &prev_v(z, y, 0) : nullptr;
    Real* ru = reads_rate(K) || writes_rate(K) ? &rate_u(z, y, 0) : nullptr;
    Real* rv = reads_rate(K) || writes_rate(K) ? &rate_v(z, y, 0) : nullptr;
    const Real* Fr = Mapped ? &F_map(z, y, 0) : nullptr;
    const Real* kr = Mapped ? &k_map(z, y, 0) : nullptr;
    Real* ou = &out_u(z, y, 0);
    Real* ov = &out_v(z, y, 0);
    const CellCoefficients<Real> c = coef;
    // Each x reads `in` and writes `out` at x only; `out` may alias `base` (RK2
    // stage 2) or `prev` (RKL2, RK4), read at x only, but never `in`, so iterations
    // are independent.
    if constexpr (kColumnFactorised<S>) {
      // The sides and middles of each column, for a chunk of the row plus one
      // column either side, then the cells of the chunk from them.
      constexpr int kChunk = 256;
      using W = ColumnWeights<S>;
      Real side_u[kChunk + 2], mid_u[kChunk + 2], side_v[kChunk + 2], mid_v[kChunk + 2];
      for (int x0 = x_from; x0 < x_to; x0 += kChunk) {
        const int n = x_to - x0 < kChunk ? x_to - x0 : kChunk;
        for (int i = 0; i < n + 2; ++i) {
          const ColumnSums cu = column_sums(RowAt<Real>{ur, sy, sz, x0 - 1 + i}, 0);
          const ColumnSums cv = column_sums(RowAt<Real>{vr, sy, sz, x0 - 1 + i}, 0);
          side_u[i] = W::side(cu);
          mid_u[i] = W::middle(cu);
          side_v[i] = W::side(cv);
          mid_v[i] = W::middle(cv);
        }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC ivdep
#endif
        for (int i = 0; i < n; ++i) {
          const int x = x0 + i;
          store_cell<K>(update_cell<K>(at_cell<Mapped>(c, Fr, kr, x),
                                       species_at<K>(ur, column_laplacian<S>(side_u[i], mid_u[i + 1], side_u[i + 2], c.inv_h2), bu, pu, ru, x),
                                       species_at<K>(vr, column_laplacian<S>(side_v[i], mid_v[i + 1], side_v[i + 2], c.inv_h2), bv, pv, rv, x)),
                        ou[x], ov[x], writes_rate(K) ? ru + x : nullptr, writes_rate(K) ? rv + x : nullptr);
        }
      }
    } else {
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC ivdep
#endif
      for (int x = x_from; x < x_to; ++x) {
        store_cell<K>(update_cell<K>(at_cell<Mapped>(c, Fr, kr, x),
                                     species_at<K>(ur, Laplacian<S>::apply(RowAt<Real>{ur, sy, sz, x}, c.inv_h2), bu, pu, ru, x),
                                     species_at<K>(vr, Laplacian<S>::apply(RowAt<Real>{vr, sy, sz, x}, c.inv_h2), bv, pv, rv, x)),
                      ou[x], ov[x], writes_rate(K) ? ru + x : nullptr, writes_rate(K) ? rv + x : nullptr);
      }
    }
  }
};

// The row kernel of one stage over `box`, with the roles of gray_scott_stage.
template <Stencil S, StageKind K, bool Mapped, class Real>
RowKernel<Real, S, K, Mapped> make_row_kernel(const ReactionDiffusion<Real>& p, const IndexBox& box, const StageRegisters<Real>& r) {
  return {r.in.u,  r.in.v,  r.base.u, r.base.v, r.prev.u,  r.prev.v,  p.F_map,   p.k_map,
          r.out.u, r.out.v, r.rate.u, r.rate.v, p.cell,    box.lo[0], box.hi[0], box.lo[1],
          box.hi[1] - box.lo[1], box.lo[2]};
}

// The switch is on where the kernel runs, not on which memory the host can
// read: a CUDA build with UVM memory would otherwise run the row form, one
// GPU thread per row.
constexpr bool kHostExecution = std::is_same_v<ExecSpace, Kokkos::DefaultHostExecutionSpace>;

}  // namespace gs
