#pragma once
// Per-rank reductions over owned cells: ranges, sums, non-finite counts and the
// decomposition-independent state digest. comm/reduce combines them over ranks.
#include <cstdint>

#include "core/types.hpp"
#include "grid/cell_index.hpp"

namespace gs {

struct FieldStats {
  Real min_u = 0, max_u = 0, sum_u = 0;
  Real min_v = 0, max_v = 0, sum_v = 0;
  long long nonfinite_u = 0, nonfinite_v = 0;
  long long cells = 0;
};

FieldStats local_stats(const Field& u, const Field& v, const IndexBox& owned);

// Wrapping sum over owned cells of hash(global index, bits of u, bits of v).
// Addition mod 2^64 is order-free, so the global sum does not depend on the layout.
std::uint64_t local_digest(const Field& u, const Field& v, const IndexBox& owned, const CellIndex& cells);

}  // namespace gs
