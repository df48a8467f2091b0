// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "comm/halo_self.hpp"

#include "core/error.hpp"

namespace gs {

namespace {

// Every box but the x faces, one kernel for all.
template <class Real>
void copy_periodic_self(const State<Real>& s, const HaloBoxTable& table) {
  const Field<Real> u = s.u, v = s.v;
  for_each_row("halo_periodic_self", table, KOKKOS_LAMBDA(const HaloBoxTable& t, int m, int z, int y, int x, std::size_t) {
    const int* d = t.shift[m];
    u(z, y, x) = u(z - d[2], y - d[1], x - d[0]);
    v(z, y, x) = v(z - d[2], y - d[1], x - d[0]);
  });
}

// On CPUs each row of copy_periodic_x touches four cache lines a row apart
// from the last: latency-bound misses (2/3 of that copy's time on one rank in
// 3D). Asks for the lines of the row kPrefetchRows ahead; nothing on a GPU.
// A function, so that the kernel's lambda captures the same on host and device.
template <class Real>
KOKKOS_INLINE_FUNCTION void prefetch_row_ends(const Field<Real>& u, const Field<Real>& v, std::size_t row, std::size_t rows, int y0,
                                              int ny, int z0, int x0, int x1, int g) {
#if !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
  constexpr std::size_t kPrefetchRows = 16;
  if (row + kPrefetchRows >= rows) return;
  const std::size_t ahead = row + kPrefetchRows;
  const int y = y0 + int(ahead % std::size_t(ny)), z = z0 + int(ahead / std::size_t(ny));
  __builtin_prefetch(&u(z, y, x0 - g), 1);
  __builtin_prefetch(&u(z, y, x1 - g), 1);
  __builtin_prefetch(&v(z, y, x0 - g), 1);
  __builtin_prefetch(&v(z, y, x1 - g), 1);
#else
  (void)u, (void)v, (void)row, (void)rows, (void)y0, (void)ny, (void)z0, (void)x0, (void)x1, (void)g;
#endif
}

// The x faces, both ends of a row together: each (z, y) row reads and writes
// its own first and last cache lines once, where two face boxes visited one
// after the other each touched both. `g` ghost layers; the owned row holds at
// least g cells (Decomposition checks).
template <class Real>
void copy_periodic_x(const State<Real>& s, const IndexBox& owned, int g) {
  const Field<Real> u = s.u, v = s.v;
  const int x0 = owned.lo[0], x1 = owned.hi[0], y0 = owned.lo[1], ny = owned.hi[1] - owned.lo[1], z0 = owned.lo[2];
  const std::size_t rows = std::size_t(ny) * std::size_t(owned.hi[2] - z0);
  // for (z, y) in owned rows, i < g: f(z, y, x0 - g + i) = f(z, y, x1 - g + i);  f(z, y, x1 + i) = f(z, y, x0 + i)
  Kokkos::parallel_for(
      "halo_periodic_x", Kokkos::RangePolicy<ExecSpace>(0, rows),
      KOKKOS_LAMBDA(std::size_t row) {
        const int y = y0 + int(row % std::size_t(ny)), z = z0 + int(row / std::size_t(ny));
        prefetch_row_ends(u, v, row, rows, y0, ny, z0, x0, x1, g);
        for (int i = 0; i < g; ++i) {
          u(z, y, x0 - g + i) = u(z, y, x1 - g + i);
          u(z, y, x1 + i) = u(z, y, x0 + i);
          v(z, y, x0 - g + i) = v(z, y, x1 - g + i);
          v(z, y, x1 + i) = v(z, y, x0 + i);
        }
      });
}

}  // namespace

HaloSelfCopy::HaloSelfCopy(const IndexBox& owned, int ghost_x)
    : owned_(owned), ghost_x_(ghost_x), table_(std::make_shared<HaloBoxTable>()) {}

void HaloSelfCopy::add_box(const IndexBox& ghosts, const int shift[3]) {
  const int slot = table_->add(ghosts);
  for (int d = 0; d < 3; ++d) table_->shift[slot][d] = shift[d];
}

template <class Real>
void HaloSelfCopy::copy(const State<Real>& s) const {
  if (x_faces_) copy_periodic_x(s, owned_, ghost_x_);
  if (table_->cells) copy_periodic_self(s, *table_);
}

template void HaloSelfCopy::copy(const State<float>&) const;
template void HaloSelfCopy::copy(const State<double>&) const;

}  // namespace gs
