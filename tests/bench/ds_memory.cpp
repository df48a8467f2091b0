// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Peak memory of one rank's diamond-square start for a fixed local box as the
// global grid grows. The process plays one rank of a run too large for this
// machine: it generates and samples exactly what that rank would (its cell box,
// placed away from the lattice's alignment, of a global grid GLOBAL^DIMS), and
// reports its peak resident set (getrusage ru_maxrss) above the baseline after
// start-up, and the high-water mark of the bytes Kokkos holds in the field
// memory space (device memory on GPU builds, where the resident set does not
// see it), counted through Kokkos' allocation callbacks. One size per process,
// since the peak never goes down.
//
// usage: ds_memory DIMS LOCAL GLOBAL
// prints one line: DS_MEMORY dims=.. local=.. global=.. ... generator_kb=..
#include <sys/resource.h>

#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "noise/diamond_square.hpp"

namespace {

long peak_rss_kb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;  // kilobytes on Linux
}

// Bytes Kokkos holds in the field memory space (gs::MemSpace), now and at most.
struct SpaceBytes {
  long long now = 0, peak = 0;
} g_field_space;

bool is_field_space(const Kokkos::Profiling::SpaceHandle& h) {
  return std::strncmp(h.name, gs::MemSpace::name(), sizeof h.name) == 0;
}

void on_allocate(const Kokkos::Profiling::SpaceHandle h, const char*, const void*, const uint64_t bytes) {
  if (!is_field_space(h)) return;
  g_field_space.now += (long long)bytes;
  if (g_field_space.now > g_field_space.peak) g_field_space.peak = g_field_space.now;
}

void on_deallocate(const Kokkos::Profiling::SpaceHandle h, const char*, const void*, const uint64_t bytes) {
  if (is_field_space(h)) g_field_space.now -= (long long)bytes;
}

int usage() {
  std::fprintf(stderr, "usage: ds_memory DIMS(2|3) LOCAL GLOBAL   (LOCAL <= GLOBAL <= 2^30 cells per axis)\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) return usage();
  const int dims = std::atoi(argv[1]);
  const long local = std::atol(argv[2]), global = std::atol(argv[3]);
  if ((dims != 2 && dims != 3) || local < 1 || global < local || global > (1L << 30)) return usage();

  Kokkos::initialize(argc, argv);
  Kokkos::Tools::Experimental::set_allocate_data_callback(on_allocate);
  Kokkos::Tools::Experimental::set_deallocate_data_callback(on_deallocate);
  int rc = 0;
  {
    const long baseline = peak_rss_kb();
    const long long space_baseline = g_field_space.now;
    const long cells[3] = {global, global, dims == 3 ? global : 1};
    const auto p = gs::make_diamond_square_params(dims, cells, 0.6, 1);
    long lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
    for (int d = 0; d < dims; ++d) {
      lo[d] = global / 3 + 5;  // not on any coarse lattice line
      if (lo[d] + local > global) lo[d] = global - local;
      hi[d] = lo[d] + local;
    }
    const gs::LatticeBox target = gs::diamond_square_cell_box(p, lo, hi);
    const long long planned = gs::diamond_square_peak_points(p, target);
    double checksum = 0;
    {
      const gs::LatticeBlock block = gs::generate_diamond_square(p, target);
      const gs::DiamondSquareSampler s = gs::make_diamond_square_sampler(p, block);
      // The rank's own field, as the initial condition fills it.
      const long nz = dims == 3 ? local : 1;
      Kokkos::View<double***, Kokkos::LayoutRight, gs::MemSpace> field("field", nz, local, local);
      Kokkos::parallel_for(
          "sample", gs::Range3({0, 0, 0}, {nz, local, local}),
          KOKKOS_LAMBDA(int z, int y, int x) { field(z, y, x) = s(lo[0] + x, lo[1] + y, lo[2] + z); });
      Kokkos::parallel_reduce(
          "sum", gs::Range3({0, 0, 0}, {nz, local, local}),
          KOKKOS_LAMBDA(int z, int y, int x, double& acc) { acc += field(z, y, x); }, checksum);
    }
    const long peak = peak_rss_kb();
    double global_bytes = 8.0;
    for (int d = 0; d < dims; ++d) global_bytes *= double(global);
    double local_bytes = 8.0;
    for (int d = 0; d < dims; ++d) local_bytes *= double(local);
    std::printf("DS_MEMORY dims=%d local=%ld global=%ld levels=%d global_field_bytes=%.4g local_field_bytes=%.4g "
                "planned_lattice_bytes=%.4g baseline_kb=%ld peak_kb=%ld generator_kb=%ld space=%s space_peak_kb=%lld "
                "checksum=%.6g\n",
                dims, local, global, p.levels, global_bytes, local_bytes, double(planned) * 8.0, baseline, peak,
                peak - baseline, gs::MemSpace::name(), (g_field_space.peak - space_baseline) / 1024, checksum);
    if (!(checksum == checksum)) rc = 1;
  }
  Kokkos::finalize();
  return rc;
}
