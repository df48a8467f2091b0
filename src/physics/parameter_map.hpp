// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Spatially varying feed and kill rates ("parameter map", as in Pearson's and
// Ready's maps of the Gray-Scott zoo), built once at start for the owned cells
// and the ghosts (each ghost gets its periodic image's value).
//   physics.map = "gradient": k rises linearly along x over physics.k_range and
//                             F along y over physics.F_range (cell centres);
//   physics.map = "noise":    one smooth periodic Perlin field n in [-1, 1]
//                             moves (F, k) along the segment between the two
//                             range ends: t = (n + 1) / 2, F = F0 + t (F1 - F0),
//                             k = k0 + t (k1 - k0).
// With physics.map = "none" nothing is allocated and the time kernel keeps its
// uniform form.
#include "config/config.hpp"
#include "core/buffer_spec.hpp"
#include "core/types.hpp"
#include "grid/decomposition.hpp"

namespace gs {

template <class Real>
struct ParameterMap {
  Field<Real> F, k;  // same shape as the state fields, ghosts filled too; empty when no map
  bool active() const { return F.data() != nullptr; }
};

// What build_parameter_map allocates: F and k per cell, ghosts included.
BufferSpecs parameter_map_buffers(const Decomposition& dec, std::size_t value_bytes);

template <class Real>
ParameterMap<Real> build_parameter_map(const SimConfig& cfg, const Decomposition& dec);

}  // namespace gs
