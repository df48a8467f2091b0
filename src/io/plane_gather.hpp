#pragma once
// Collects one global plane of a distributed field on rank 0 (for images).
// Called only at output steps; it moves a plane, never a whole 3D field.
#include <vector>

#include "core/buffer_spec.hpp"
#include "core/types.hpp"
#include "grid/decomposition.hpp"

namespace gs {

struct Plane {
  int width = 0, height = 0;  // along the first / second in-plane axis
  std::vector<double> values; // row-major, row = second axis; filled on rank 0 only
};

// In-plane axes of the plane normal to `axis`: (x, y) for z, (x, z) for y, (y, z) for x.
void plane_axes(int axis, int& first, int& second);

// What gather_plane allocates on this rank: the owned part of the plane in
// the field space, its host copy, and that copy again as a std::vector (the
// plane's second entry); empty extents where the plane misses the rank. Rank
// 0 adds the gathered values, which its caller keeps (see image_buffers).
BufferSpecs plane_buffers(const Decomposition& dec, int axis, long index, std::size_t value_bytes);

// Collective over dec.comm(). `index` is a global cell index along `axis`.
template <class Real>
Plane gather_plane(const Field<Real>& f, const Decomposition& dec, int axis, long index);

}  // namespace gs
