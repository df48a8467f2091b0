// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Procedural initial states: init.type = "perlin" or "diamond_square". Both give
// a noise field n in [-1, 1] per owned cell from its global index (see
// docs/noise.md), mapped to (u, v) by NoiseToState around init.threshold or
// around the threshold that seeds init.fill of the cells.
#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "noise/diamond_square.hpp"
#include "noise/perlin.hpp"

namespace gs {

// Noise dimension of a Perlin start: grid.dims, plus one when init.time slices a
// field one dimension higher.
inline int perlin_noise_dims(const SimConfig& cfg) { return cfg.grid.dims + (cfg.init.has_time ? 1 : 0); }

// The fractal sum init.type = "perlin" evaluates; its coordinates are
// ((g_d + 1/2) / n_d for each grid axis, then init.time when slicing).
template <int D>
PerlinFbm<D> init_perlin_fbm(const SimConfig& cfg);

DiamondSquareParams init_diamond_square_params(const SimConfig& cfg);

// The noise n of every owned cell, x fastest from the owned box's corner.
using NoiseValues = Kokkos::View<double*, MemSpace>;
NoiseValues init_noise_values(const SimConfig& cfg, const Decomposition& dec);
// The values init_noise_values allocates: one per owned cell.
BufferSpec init_noise_buffer(const Decomposition& dec);

// The threshold that init.fill = fill puts on the noise of all ranks: the
// (K + 1)-th largest value, K = round(fill x cells) (halves up), so exactly K
// cells lie above it unless others tie with it (those stay below); with K =
// cells, just below the smallest value. Exact and the same on any rank count.
struct FillThreshold {
  double value = 0;
  long long target = 0;  // K
  long long above = 0;   // cells with n > value over all ranks
  long long cells = 0;
};
FillThreshold fill_threshold(Kokkos::View<const double*, MemSpace> values, double fill, MPI_Comm comm);

// Fills the owned cells of fields.u and fields.v; with init.fill, prints the
// threshold found (rank 0).
template <class Real>
void apply_noise_initial_condition(const SimConfig& cfg, const Decomposition& dec, Fields<Real>& fields);

}  // namespace gs
