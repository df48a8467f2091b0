// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "comm/halo.hpp"

#include <vector>

#include "core/error.hpp"

namespace gs {

namespace {

int direction_index(int ox, int oy, int oz) { return (ox + 1) + 3 * (oy + 1) + 9 * (oz + 1); }

// Owned cells next to side `o` (what the neighbour there needs) when sending,
// or the ghost cells on side `o` when receiving.
IndexBox side_box(const Decomposition& dec, const int o[3], bool ghosts) {
  const IndexBox owned = dec.owned();
  IndexBox b = owned;
  for (int d = 0; d < 3; ++d) {
    const int g = dec.ghost(d);
    if (o[d] < 0) {
      b.lo[d] = ghosts ? 0 : owned.lo[d];
      b.hi[d] = b.lo[d] + g;
    } else if (o[d] > 0) {
      b.lo[d] = ghosts ? owned.hi[d] : owned.hi[d] - g;
      b.hi[d] = b.lo[d] + g;
    }
  }
  return b;
}

// Calls visit(o, peer) for every neighbour box of an exchange: direction o
// (ghosts on side o come from the neighbour there, `peer`), faces always,
// edges and corners with diagonals or several stages per exchange (after two
// stages even a 5- or 7-point stencil's dependency cone reaches the diagonal
// ghosts). The radius-2 cross of grid.order = 4 has two ghost layers at
// halo_depth 1 and reads along the axes only: faces.
template <class Visit>
void for_each_neighbour_box(const Decomposition& dec, bool diagonals, const Visit& visit) {
  diagonals = diagonals || dec.halo_depth() > 1;
  const int zr = dec.dims() == 3 ? 1 : 0;
  for (int oz = -zr; oz <= zr; ++oz)
    for (int oy = -1; oy <= 1; ++oy)
      for (int ox = -1; ox <= 1; ++ox) {
        const int nonzero = (ox != 0) + (oy != 0) + (oz != 0);
        if (nonzero == 0 || (nonzero > 1 && !diagonals)) continue;
        const int o[3] = {ox, oy, oz};
        visit(o, dec.neighbor(ox, oy, oz));
      }
}

}  // namespace

template <class Real>
HaloExchange<Real>::HaloExchange(const Decomposition& dec, bool diagonals, bool gpu_aware)
    : self_(std::make_unique<HaloSelfCopy>(dec.owned(), dec.ghost(0))) {
  const int my_rank = dec.rank();
  std::vector<HaloMessage> messages;
  for_each_neighbour_box(dec, diagonals, [&](const int o[3], int peer) {
    ++message_count_;
    if (peer == my_rank && o[0] != 0 && o[1] == 0 && o[2] == 0) {
      self_->add_x_faces();
    } else if (peer == my_rank) {
      // Along every dimension where the box sticks out, the neighbour is this
      // rank: only a single rank lies along it, so the source is one period away.
      int shift[3];
      for (int d = 0; d < 3; ++d) shift[d] = o[d] * int(dec.local_n()[d]);
      self_->add_box(side_box(dec, o, true), shift);
    } else {
      // It sent them in direction -o.
      messages.push_back({peer, peer, direction_index(o[0], o[1], o[2]), direction_index(-o[0], -o[1], -o[2]),
                          side_box(dec, o, false), side_box(dec, o, true)});
    }
  });
  self_->close();
  messages_ = std::make_unique<HaloMessages<Real>>(dec.comm(), messages, gpu_aware);
  GS_REQUIRE(messages_->cells() == halo_message_cells(dec, diagonals), "halo buffer size differs from halo_message_cells()");
}

std::size_t halo_message_cells(const Decomposition& dec, bool diagonals) {
  // The boxes that travel by message (a neighbour that is this rank is a copy).
  std::size_t cells = 0;
  for_each_neighbour_box(dec, diagonals, [&](const int o[3], int peer) {
    if (peer != dec.rank()) cells += std::size_t(side_box(dec, o, false).cells());
  });
  return cells;
}

BufferSpecs halo_buffers(const Decomposition& dec, bool diagonals, bool gpu_aware, std::size_t value_bytes) {
  return halo_message_buffers(halo_message_cells(dec, diagonals), gpu_aware, value_bytes);
}

template <class Real>
void HaloExchange<Real>::begin(const State<Real>& s) {
  GS_REQUIRE(!in_flight_, "halo exchange begun twice");
  self_->copy(s);
  messages_->post(s);
  in_flight_ = true;
}

template <class Real>
void HaloExchange<Real>::finish(const State<Real>& s) {
  GS_REQUIRE(in_flight_, "halo exchange finished without begin");
  messages_->complete(s);
  in_flight_ = false;
}

template class HaloExchange<float>;
template class HaloExchange<double>;

}  // namespace gs
