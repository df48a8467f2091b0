#include "insitu/insitu_block.hpp"

namespace gs {

InsituBlock::InsituBlock(const Decomposition& dec) : dec_(dec) {
  for (int d = 0; d < 3; ++d) {
    points_[d] = dec.local_n()[d] + (d < dec.dims() ? 1 : 0);
    first_[d] = dec.offset()[d];
  }
  device_ = Block("insitu_block", 2, points_[2], points_[1], points_[0]);
  host_ = Kokkos::create_mirror_view(device_);
}

void InsituBlock::copy(const State& state) {
  // The far points come from face, edge and corner ghosts (the far corner point is a corner ghost).
  const IndexBox owned = dec_.owned();
  const int ox = owned.lo[0], oy = owned.lo[1], oz = owned.lo[2];
  const Field u = state.u, v = state.v;
  const Block out = device_;
  IndexBox box;
  for (int d = 0; d < 3; ++d) box.hi[d] = int(points_[d]);
  // for k, j, i in block: out(., k, j, i) = field(oz + k, oy + j, ox + i)
  Kokkos::parallel_for(
      "insitu_pack", box.policy(), KOKKOS_LAMBDA(int k, int j, int i) {
        out(0, k, j, i) = u(oz + k, oy + j, ox + i);
        out(1, k, j, i) = v(oz + k, oy + j, ox + i);
      });
  Kokkos::deep_copy(host_, device_);  // fences; a no-op when device_ is host memory
}

}  // namespace gs
