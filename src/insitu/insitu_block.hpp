#pragma once
// The block of points one rank hands to Catalyst: its owned cells plus one
// layer of points on the high side of every grid dimension, taken from the
// ghost layer (the low neighbour's first cells, periodic across the domain
// edge). Neighbouring blocks then share one plane of points, so each dual cell
// (between 2^d cell centres) belongs to exactly one rank and contours join
// across ranks without gaps or duplicated triangles (docs/insitu.md).
//
// The data leaves the device only in copy(), into host memory allocated once.
// The block reads ghost cells but never fills them: the driver has them filled
// (Stepper::fill_ghosts, edges and corners included) before it offers a step
// to an output whose reads_ghosts() is true, so nothing here writes the state.
#include <array>

#include "core/types.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

class InsituBlock {
 public:
  explicit InsituBlock(const Decomposition& dec);

  // Copies the block of `state`, whose ghosts are filled, to host memory.
  void copy(const State& state);

  // Points per dimension (x, y, z) of this block and its first global point index.
  const std::array<long, 3>& points() const { return points_; }
  const std::array<long, 3>& first() const { return first_; }
  long long count() const { return (long long)points_[0] * points_[1] * points_[2]; }
  // x-fastest host arrays of count() values, valid until the next copy().
  // Double whatever the state's precision: the plugin boundary's type.
  double* u() const { return host_.data(); }
  double* v() const { return host_.data() + count(); }
  long long bytes() const { return 2 * count() * (long long)sizeof(double); }

 private:
  using Block = Kokkos::View<double****, Kokkos::LayoutRight, MemSpace>;  // (species, z, y, x)
  const Decomposition& dec_;
  std::array<long, 3> points_{}, first_{};
  Block device_;
  Block::HostMirror host_;
};

}  // namespace gs
