// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "bench/bandwidth.hpp"

#include <sys/resource.h>

#include <algorithm>

#include "core/types.hpp"

namespace gs {

double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double process_cpu_seconds() {
  rusage r{};
  getrusage(RUSAGE_SELF, &r);
  return double(r.ru_utime.tv_sec + r.ru_stime.tv_sec) + 1e-6 * double(r.ru_utime.tv_usec + r.ru_stime.tv_usec);
}

namespace {

// Wall time of `kernel` on the slowest rank, all ranks starting together.
template <class Kernel>
double timed(const Kernel& kernel, MPI_Comm comm) {
  MPI_Barrier(comm);
  const double t0 = MPI_Wtime();
  kernel();
  Kokkos::fence();
  double t = MPI_Wtime() - t0;
  MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, comm);
  return t;
}

}  // namespace

Bandwidth measure_bandwidth(long elements, int repeats, MPI_Comm comm) {
  using Array = Kokkos::View<double*, MemSpace>;
  Array a("stream_a", elements), b("stream_b", elements), c("stream_c", elements);
  Kokkos::deep_copy(a, 1.0);
  Kokkos::deep_copy(b, 2.0);
  Kokkos::deep_copy(c, 0.5);
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  const Kokkos::RangePolicy<ExecSpace> range(0, elements);
  // for i: b[i] = a[i]
  const auto copy = [&] { Kokkos::parallel_for("stream_copy", range, KOKKOS_LAMBDA(long i) { b(i) = a(i); }); };
  // for i: a[i] = b[i] + 3 c[i]
  const auto triad = [&] {
    Kokkos::parallel_for("stream_triad", range, KOKKOS_LAMBDA(long i) { a(i) = b(i) + 3.0 * c(i); });
  };
  const double total = double(elements) * ranks * sizeof(double);
  std::vector<double> copies, triads;
  timed(copy, comm);
  timed(triad, comm);
  for (int r = 0; r < repeats; ++r) {
    copies.push_back(2 * total / timed(copy, comm));
    triads.push_back(3 * total / timed(triad, comm));
  }
  Bandwidth bw;
  bw.elements = elements;
  bw.copy = median_of(copies);
  bw.triad = median_of(triads);
  bw.copy_best = *std::max_element(copies.begin(), copies.end());
  bw.triad_best = *std::max_element(triads.begin(), triads.end());
  return bw;
}

}  // namespace gs
