// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Diamond-square on the periodic domain, generated per rank.
//
// Lattice: along each axis the smallest power of two M_d >= n_d points, periodic
// (point M_d is point 0). The coarsest spacing is S = min_d M_d; points on the
// S-lattice hold the reference level 0. Each level halves the spacing from s to
// h = s/2 and fills the new points in N sub-steps by how many of their
// coordinates are odd multiples of h (k = N first):
//   k = N (square / cube centres):  mean of the 2^N corners at +-h on every axis;
//   k < N (diamond; 3D: face centres, then edge centres): mean of the 2^k corners
//         at +-h on its k odd axes and the 2 (N - k) neighbours at +-h on its
//         even axes (points of sub-step k + 1);
// plus a random offset a_l (2 U - 1), U from hash(seed, level, wrapped point),
// a_1 = 1, a_{l+1} = roughness * a_l. Neighbours across the domain edge are
// the wrapped points, so the field is seamless. |value| <= sum_l a_l, the bound
// the sampler divides by to give a field in [-1, 1].
//
// A rank never holds the global lattice: for the lattice points it samples it
// works back from the finest level, widening the box by N h per level (the
// reach of the N sub-steps) and rounding it out to the coarser lattice, then
// generates coarse to fine over those boxes only. Each box is the previous one
// at half the resolution plus a margin of a few coarse points, so the memory
// follows the local box; the coarse levels it shares with other ranks are
// recomputed identically, point by point, from the wrapped coordinates.
//
// Cells of a grid that is not a power of two sample the lattice at
// x_d = g_d M_d / n_d by multilinear interpolation, exactly periodic in g with
// period n; when n_d = M_d the sample is the lattice value itself.
#include <cstdint>
#include <vector>

#include "core/buffer_spec.hpp"
#include "core/types.hpp"

namespace gs {

struct DiamondSquareParams {
  int dims = 2;
  long cells[3] = {1, 1, 1};    // n_d, global cells
  long lattice[3] = {1, 1, 1};  // M_d, lattice points per period
  long coarse = 1;              // S = min_d M_d
  int levels = 0;               // log2(S)
  double roughness = 0.5;
  double bound = 1;             // sum of the level amplitudes
  std::uint64_t seed = 0;
};

DiamondSquareParams make_diamond_square_params(int dims, const long cells[3], double roughness, std::uint64_t seed);

// Lattice points lo + i * step for i = 0 .. (hi - lo) / step on each axis
// (unwrapped coordinates: point p and p + M_d are the same point). Axis z is
// the single point 0 in 2D.
struct LatticeBox {
  long lo[3] = {0, 0, 0};
  long hi[3] = {0, 0, 0};
  long step = 1;
  long count(int d) const { return (hi[d] - lo[d]) / step + 1; }
  long long points() const { return (long long)count(0) * count(1) * count(2); }
};

// The box every level allocates (index l - 1 for level l, coarsest first) to
// produce `target` (step 1) at the finest level.
std::vector<LatticeBox> diamond_square_plan(const DiamondSquareParams& p, const LatticeBox& target);

// Most lattice values alive at once while generating `target`: two levels.
long long diamond_square_peak_points(const DiamondSquareParams& p, const LatticeBox& target);

using LatticeView = Kokkos::View<double***, Kokkos::LayoutRight, MemSpace>;

// What generate_diamond_square allocates at most at once (two levels), as one buffer.
BufferSpec diamond_square_buffer(const DiamondSquareParams& p, const LatticeBox& target);

// Raw lattice values (not normalised) over a box that contains `target`.
struct LatticeBlock {
  LatticeBox box;      // step 1
  LatticeView values;  // (z, y, x)
};

LatticeBlock generate_diamond_square(const DiamondSquareParams& p, const LatticeBox& target);

// Lattice points the cells [cell_lo, cell_hi) need (global cell indices; any
// integers, the field repeats with period n).
LatticeBox diamond_square_cell_box(const DiamondSquareParams& p, const long cell_lo[3], const long cell_hi[3]);

// Field value in [-1, 1] at global cell g from a block holding its lattice points.
struct DiamondSquareSampler {
  LatticeView values;
  long lo[3] = {0, 0, 0};
  long cells[3] = {1, 1, 1};
  long lattice[3] = {1, 1, 1};
  int dims = 2;
  double inv_bound = 1;

  KOKKOS_INLINE_FUNCTION double operator()(long gx, long gy, long gz) const {
    const long g[3] = {gx, gy, gz};
    long idx[3] = {0, 0, 0};
    double frac[3] = {0, 0, 0};
    for (int d = 0; d < dims; ++d) {
      // x = g M / n in exact integer arithmetic: j = floor(x), frac = remainder / n.
      const long num = g[d] * lattice[d];
      long j = num / cells[d];
      if (num % cells[d] != 0 && num < 0) --j;
      frac[d] = double(num - j * cells[d]) / double(cells[d]);
      idx[d] = j - lo[d];
    }
    double value = 0;
    // Serial form: sum over the 2^dims surrounding lattice points of weight * value.
    for (int c = 0; c < (1 << dims); ++c) {
      double w = 1;
      long i[3] = {idx[0], idx[1], idx[2]};
      for (int d = 0; d < dims; ++d) {
        const int bit = (c >> d) & 1;
        w *= bit ? frac[d] : 1 - frac[d];
        i[d] += bit;
      }
      value += w * values(i[2], i[1], i[0]);
    }
    return value * inv_bound;
  }
};

DiamondSquareSampler make_diamond_square_sampler(const DiamondSquareParams& p, const LatticeBlock& block);

}  // namespace gs
