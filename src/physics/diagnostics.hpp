// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Diagnostics of the state over owned cells (ranges, sums, non-finite counts;
// one pass over the field and one all-reduce per call)
// and the decomposition-independent state digest, per rank and over all ranks.
#include <cstdint>

#include "core/types.hpp"
#include "grid/cell_index.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

// In double for either state precision (a float converts exactly).
struct SpeciesStats {
  double min = 0, max = 0, sum = 0;
  long long nonfinite = 0;
};

struct FieldStats {
  SpeciesStats u, v;
  long long cells = 0;
  bool finite() const { return u.nonfinite == 0 && v.nonfinite == 0; }
};

template <class Real>
FieldStats local_stats(const State<Real>& s, const IndexBox& owned);
// Collective: the statistics of the whole state.
template <class Real>
FieldStats global_stats(const State<Real>& s, const Decomposition& dec);

// Wrapping sum over owned cells of hash(global index, bits of u, bits of v).
// Addition mod 2^64 is order-free, so the global sum does not depend on the layout.
template <class Real>
std::uint64_t local_digest(const State<Real>& s, const IndexBox& owned, const CellIndex& cells);
// Collective: the digest of the whole state, the same on any decomposition.
template <class Real>
std::uint64_t state_digest(const State<Real>& s, const Decomposition& dec);

}  // namespace gs
