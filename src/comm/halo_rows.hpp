// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What both halo mechanisms (halo_self, halo_messages) walk: a table of boxes
// laid end to end, and one kernel over all their x rows.
#include <cstddef>

#include "core/types.hpp"
#include "grid/fields.hpp"

namespace gs {

// The boxes of all messages, laid end to end: message m holds the flat cell
// indices [first[m], first[m + 1]) and the x rows [row_first[m],
// row_first[m + 1]). Its buffer slice starts at 2 first[m] and holds u of its
// cells, then v (so one MPI message carries both). For the boxes a rank
// copies within itself, `shift` is the periodic offset from a ghost cell to
// the owned cell it copies.
struct HaloBoxTable {
  static constexpr int kMaxMessages = 26;
  std::size_t first[kMaxMessages + 1] = {};
  std::size_t row_first[kMaxMessages + 1] = {};
  int lo[kMaxMessages][3] = {};
  int nx[kMaxMessages] = {}, ny[kMaxMessages] = {};
  int shift[kMaxMessages][3] = {};
  int boxes = 0;
  std::size_t cells = 0, rows = 0;

  // Appends `box` (at most kMaxMessages) and returns its slot; close() ends
  // the table so that locate_row's search stops after the last box.
  int add(const IndexBox& box);
  void close();

  // Message, then the (z, y) of x row `row` and the box index of its first
  // cell: the search and the div/mod are paid once per row, not once per cell.
  KOKKOS_INLINE_FUNCTION int locate_row(std::size_t row, int& z, int& y, std::size_t& r0) const {
    int m = 0;
    while (row >= row_first[m + 1]) ++m;
    const std::size_t r = row - row_first[m];
    y = lo[m][1] + int(r % std::size_t(ny[m]));
    z = lo[m][2] + int(r / std::size_t(ny[m]));
    r0 = r * std::size_t(nx[m]);
    return m;
  }
};

using RowTeam = Kokkos::TeamPolicy<ExecSpace>::member_type;

// One team per x row of every box of the table, its threads along x: one
// kernel for all boxes, contiguous in x on the host and coalesced on a GPU.
// copy_row(table, m, z, y, x, r) moves cell (z, y, x), cell r of box m.
template <class CopyRow>
void for_each_row(const char* name, const HaloBoxTable& table, const CopyRow& copy_row) {
  Kokkos::parallel_for(
      name, Kokkos::TeamPolicy<ExecSpace>(int(table.rows), Kokkos::AUTO), KOKKOS_LAMBDA(const RowTeam& team) {
        int z, y;
        std::size_t r0;
        const int m = table.locate_row(std::size_t(team.league_rank()), z, y, r0);
        const int x0 = table.lo[m][0];
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, table.nx[m]),
                             [&](int i) { copy_row(table, m, z, y, x0 + i, r0 + std::size_t(i)); });
      });
}

}  // namespace gs
