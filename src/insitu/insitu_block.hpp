// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The block of points one rank hands to Catalyst: its owned cells plus one
// layer of points on the high side of every grid dimension, taken from the
// ghost layer (the low neighbour's first cells, periodic across the domain
// edge). Neighbouring blocks then share one plane of points, so each dual cell
// (between 2^d cell centres) belongs to exactly one rank and contours join
// across ranks without gaps or duplicated triangles (docs/insitu.md).
//
// In 3D the block also carries isosurface normals of one species: minus its
// gradient by central differences on the global field (VTK's sign: towards
// lower values), the same at a point whichever rank holds it. ParaView's
// contour would otherwise take gradients inside each block, one-sided at its
// faces, and the shading would show the decomposition. The owned points need
// only the one ghost layer; the high-side layer's normals are the neighbour's
// owned ones, brought by a halo exchange of the normal fields (any ghost
// width >= 1 serves).
//
// The data leaves the device only in copy(), one copy into host memory
// allocated once. The block reads the state's ghost cells but never fills
// them: the driver has them filled (Stepper::fill_ghosts, edges and corners
// included) before it offers a step to an output whose reads_ghosts() is
// true, so nothing here writes the state.
#include <array>
#include <memory>
#include <string>

#include "comm/halo.hpp"
#include "config/config.hpp"
#include "core/types.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

// Points per dimension (x, y, z) of this rank's block: the owned cells plus
// the high-side layer in each grid dimension.
std::array<long, 3> insitu_points(const Decomposition& dec);
// What an InsituBlock allocates: in 3D the three normal fields and their halo
// exchange (edges and corners), and the packed block (u, v and in 3D the
// normal triples, in double) with its host copy.
BufferSpecs insitu_block_buffers(const Decomposition& dec, bool gpu_aware, std::size_t value_bytes);

template <class Real>
class InsituBlock {
 public:
  // normals_of: the species whose isosurfaces get normals (0 = u, 1 = v);
  // gpu_aware as for the solver's halo exchange (parallel.gpu_aware_mpi).
  InsituBlock(const Decomposition& dec, const GridConfig& grid, int normals_of, bool gpu_aware);

  // Collective (the normals' halo exchange): copies the block of `state`,
  // whose ghosts are filled, to host memory.
  void copy(const State<Real>& state);

  // Points per dimension (x, y, z) of this block and its first global point index.
  const std::array<long, 3>& points() const { return points_; }
  const std::array<long, 3>& first() const { return first_; }
  long long count() const { return (long long)points_[0] * points_[1] * points_[2]; }
  // x-fastest host arrays of count() values, valid until the next copy().
  // In double whatever the state's precision: the plugin boundary's type.
  double* u() const { return host_.data(); }
  double* v() const { return host_.data() + count(); }
  // count() (x, y, z) triples, x-fastest; nullptr in 2D (no isosurfaces to shade).
  double* normals() const { return has_normals() ? host_.data() + 2 * count() : nullptr; }
  bool has_normals() const { return normals_x_.u.data() != nullptr; }
  // The point array's name for ParaView: "normals_u" or "normals_v".
  const std::string& normals_name() const { return normals_name_; }
  long long bytes() const { return (long long)host_.extent(0) * (long long)sizeof(double); }

  // Public only because CUDA allows no device lambda in a private member function;
  // copy() calls it, nothing else needs to.
  void compute_normals(const State<Real>& state);

 private:
  const Decomposition& dec_;
  std::array<long, 3> points_{}, first_{};
  std::array<double, 3> h_{};
  int normals_of_ = 1;
  std::string normals_name_;
  // -grad on the owned cells, then halo-filled: (x, y) in one State, (z, x)
  // in another (the exchange moves two fields; x travels twice rather than
  // a fourth field being allocated).
  State<Real> normals_x_, normals_z_;
  std::unique_ptr<HaloExchange<Real>> halo_;
  using Block = Kokkos::View<double*, MemSpace>;
  Block device_;  // u, v, then the normal triples: one copy to the host
  typename Block::HostMirror host_;
};

}  // namespace gs
