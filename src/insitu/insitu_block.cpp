// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The in-situ block: packing the owned points, the high-side point layer and
// the seam-independent isosurface normals into one host copy (insitu_block.hpp).
#include "insitu/insitu_block.hpp"

namespace gs {

std::array<long, 3> insitu_points(const Decomposition& dec) {
  std::array<long, 3> points{};
  for (int d = 0; d < 3; ++d) points[d] = dec.local_n()[d] + (d < dec.dims() ? 1 : 0);
  return points;
}

BufferSpecs insitu_block_buffers(const Decomposition& dec, bool gpu_aware, std::size_t value_bytes) {
  BufferSpecs b;
  const bool normals = dec.dims() == 3;
  if (normals) {
    for (const char* axis : {"x", "y", "z"}) b.push_back(field_buffer(dec, std::string("insitu_normal_") + axis, value_bytes));
    // Edges and corners too: the block's far edge and corner points are diagonal ghosts.
    append(b, halo_buffers(dec, /*diagonals=*/true, gpu_aware, value_bytes));
  }
  const std::array<long, 3> p = insitu_points(dec);
  const std::size_t count = std::size_t(p[0]) * std::size_t(p[1]) * std::size_t(p[2]);
  b.push_back({"insitu_block", {(normals ? 5 : 2) * count, 1, 1}, sizeof(double), BufferHome::Field, OtherCopy::Mirror});
  return b;
}

template <class Real>
InsituBlock<Real>::InsituBlock(const Decomposition& dec, const GridConfig& grid, int normals_of, bool gpu_aware)
    : dec_(dec), points_(insitu_points(dec)), normals_of_(normals_of), normals_name_(normals_of == 0 ? "normals_u" : "normals_v") {
  for (int d = 0; d < 3; ++d) {
    first_[d] = dec.offset()[d];
    h_[d] = d < dec.dims() ? grid.h(d) : 1.0;
  }
  const BufferSpecs b = insitu_block_buffers(dec, gpu_aware, sizeof(Real));
  if (dec.dims() == 3) {
    const Field<Real> nx = allocate<Field<Real>>(b.at(0));
    normals_x_ = {nx, allocate<Field<Real>>(b.at(1))};
    normals_z_ = {allocate<Field<Real>>(b.at(2)), nx};
    halo_ = std::make_unique<HaloExchange<Real>>(dec, /*diagonals=*/true, gpu_aware);
  }
  device_ = allocate<Block>(b.back());
  host_ = Kokkos::create_mirror_view(device_);
}

template <class Real>
void InsituBlock<Real>::compute_normals(const State<Real>& state) {
  const Field<Real> f = normals_of_ == 0 ? state.u : state.v;
  const Field<Real> nx = normals_x_.u, ny = normals_x_.v, nz = normals_z_.u;
  const double sx = -0.5 / h_[0], sy = -0.5 / h_[1], sz = -0.5 / h_[2];
  // for (k, j, i) owned: n = -grad f by central differences (reads the one ghost layer)
  Kokkos::parallel_for(
      "insitu_normals", dec_.owned().policy(), KOKKOS_LAMBDA(int k, int j, int i) {
        nx(k, j, i) = sx * (f(k, j, i + 1) - f(k, j, i - 1));
        ny(k, j, i) = sy * (f(k, j + 1, i) - f(k, j - 1, i));
        nz(k, j, i) = sz * (f(k + 1, j, i) - f(k - 1, j, i));
      });
  // The high-side point layer's normals are the neighbours' owned ones.
  // begin() fences before MPI reads the packed buffers.
  halo_->exchange(normals_x_);
  halo_->exchange(normals_z_);
}

template <class Real>
void InsituBlock<Real>::copy(const State<Real>& state) {
  if (has_normals()) compute_normals(state);
  // The far points come from face, edge and corner ghosts (the far corner point is a corner ghost).
  const IndexBox owned = dec_.owned();
  const int ox = owned.lo[0], oy = owned.lo[1], oz = owned.lo[2];
  const int px = int(points_[0]), py = int(points_[1]);
  const long long n = count();
  const bool normals = has_normals();
  const Field<Real> u = state.u, v = state.v;
  const Field<Real> nx = normals_x_.u, ny = normals_x_.v, nz = normals_z_.u;
  const Block out = device_;
  IndexBox box;
  for (int d = 0; d < 3; ++d) box.hi[d] = int(points_[d]);
  // for k, j, i in block, p = its x-fastest index:
  //   out[p] = u(oz + k, oy + j, ox + i), out[n + p] = v(...), out[2n + 3p + c] = normal component c
  Kokkos::parallel_for(
      "insitu_pack", box.policy(), KOKKOS_LAMBDA(int k, int j, int i) {
        const long long p = ((long long)k * py + j) * px + i;
        out(p) = u(oz + k, oy + j, ox + i);
        out(n + p) = v(oz + k, oy + j, ox + i);
        if (normals) {
          out(2 * n + 3 * p) = nx(oz + k, oy + j, ox + i);
          out(2 * n + 3 * p + 1) = ny(oz + k, oy + j, ox + i);
          out(2 * n + 3 * p + 2) = nz(oz + k, oy + j, ox + i);
        }
      });
  Kokkos::deep_copy(host_, device_);  // fences; a no-op when device_ is host memory
}

template class InsituBlock<float>;
template class InsituBlock<double>;

}  // namespace gs
