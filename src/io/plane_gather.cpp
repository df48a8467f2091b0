#include "io/plane_gather.hpp"

#include <array>

#include "core/error.hpp"

namespace gs {

void plane_axes(int axis, int& first, int& second) {
  first = axis == 0 ? 1 : 0;
  second = axis == 2 ? 1 : 2;
}

BufferSpecs plane_buffers(const Decomposition& dec, int axis, long index, std::size_t value_bytes) {
  int a = 0, b = 0;
  plane_axes(axis, a, b);
  const bool mine = index >= dec.offset()[axis] && index < dec.offset()[axis] + dec.local_n()[axis];
  const std::array<std::size_t, 3> extent{mine ? std::size_t(dec.local_n()[b]) : 0, std::size_t(dec.local_n()[a]), 1};
  return {{"plane", extent, value_bytes, BufferHome::Field, OtherCopy::SameLabel},
          {"image_plane_copy", extent, sizeof(double), BufferHome::HostVector}};
}

namespace {

template <class Real>
using Plane2D = Kokkos::View<Real**, Kokkos::LayoutRight, MemSpace>;

// The owned part of the plane on this rank as a contiguous (second, first) array.
template <class Real>
Plane2D<Real> local_plane(const Field<Real>& f, const Decomposition& dec, int axis, long index) {
  const IndexBox o = dec.owned();
  const int k = int(index - dec.offset()[axis]) + o.lo[axis];
  const auto xr = std::make_pair(o.lo[0], o.hi[0]);
  const auto yr = std::make_pair(o.lo[1], o.hi[1]);
  const auto zr = std::make_pair(o.lo[2], o.hi[2]);
  auto out = allocate<Plane2D<Real>>(plane_buffers(dec, axis, index, sizeof(Real)).at(0));
  if (axis == 2) Kokkos::deep_copy(out, Kokkos::subview(f, k, yr, xr));
  if (axis == 1) Kokkos::deep_copy(out, Kokkos::subview(f, zr, k, xr));
  if (axis == 0) Kokkos::deep_copy(out, Kokkos::subview(f, zr, yr, k));
  return out;
}

}  // namespace

template <class Real>
Plane gather_plane(const Field<Real>& f, const Decomposition& dec, int axis, long index) {
  int a = 0, b = 0;
  plane_axes(axis, a, b);
  const bool mine = index >= dec.offset()[axis] && index < dec.offset()[axis] + dec.local_n()[axis];
  // Header per rank: first/second origin and extent (0 extent when not on the plane).
  long header[4] = {dec.offset()[a], dec.offset()[b], mine ? dec.local_n()[a] : 0, mine ? dec.local_n()[b] : 0};
  std::vector<double> local;
  if (mine) {
    auto plane = local_plane(f, dec, axis, index);
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), plane);
    local.assign(host.data(), host.data() + host.size());
  }
  const int nranks = dec.size();
  std::vector<long> headers(dec.rank() == 0 ? 4 * nranks : 0);
  GS_MPI_CHECK(MPI_Gather(header, 4, MPI_LONG, headers.data(), 4, MPI_LONG, 0, dec.comm()));
  std::vector<int> counts(nranks, 0), displs(nranks, 0);
  std::vector<double> all;
  if (dec.rank() == 0) {
    long total = 0;
    for (int r = 0; r < nranks; ++r) {
      counts[r] = int(headers[4 * r + 2] * headers[4 * r + 3]);
      displs[r] = int(total);
      total += counts[r];
    }
    all.resize(std::size_t(total));
  }
  GS_MPI_CHECK(MPI_Gatherv(local.data(), int(local.size()), MPI_DOUBLE, all.data(), counts.data(), displs.data(),
                           MPI_DOUBLE, 0, dec.comm()));
  Plane p;
  p.width = int(dec.global_n()[a]);
  p.height = int(dec.global_n()[b]);
  if (dec.rank() != 0) return p;
  p.values.assign(std::size_t(p.width) * p.height, 0.0);
  for (int r = 0; r < nranks; ++r) {
    const long a0 = headers[4 * r], b0 = headers[4 * r + 1], na = headers[4 * r + 2], nb = headers[4 * r + 3];
    for (long j = 0; j < nb; ++j)
      for (long i = 0; i < na; ++i)
        p.values[std::size_t(b0 + j) * p.width + std::size_t(a0 + i)] = all[std::size_t(displs[r] + j * na + i)];
  }
  return p;
}

template Plane gather_plane(const Field<float>&, const Decomposition&, int, long);
template Plane gather_plane(const Field<double>&, const Decomposition&, int, long);

}  // namespace gs
