// Throughput benchmark: cell updates per second of the fused time step for each
// stencil, and that figure as a fraction of the memory bandwidth measured in the
// same run (a STREAM-style triad over arrays much larger than the caches).
//
//   bench_step [--cells-2d N] [--cells-3d N] [--steps S] [--stream-mib M]
//   mpiexec -n R bench_step ...   (global grid fixed; bandwidth summed over ranks)
#include <mpi.h>

#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "config/loader.hpp"
#include "core/timers.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "init/initial_conditions.hpp"

namespace {

struct Options {
  long n2d = 2048, n3d = 160, steps = 20;
  long stream_mib = 512;
};

// Sum over ranks of each rank's best triad bandwidth a = b + s c (3 x 8 bytes per element), in bytes/s.
double measure_bandwidth(long mib, MPI_Comm comm) {
  const long n = mib * (1L << 20) / 8 / 3;
  Kokkos::View<double*> a("a", n), b("b", n), c("c", n);
  Kokkos::deep_copy(b, 1.0);
  Kokkos::deep_copy(c, 2.0);
  double best = 1e30;
  for (int rep = 0; rep < 6; ++rep) {
    MPI_Barrier(comm);
    const double t0 = MPI_Wtime();
    // for i: a[i] = b[i] + 0.5 c[i]
    Kokkos::parallel_for("stream_triad", n, KOKKOS_LAMBDA(long i) { a(i) = b(i) + 0.5 * c(i); });
    Kokkos::fence();
    const double t = MPI_Wtime() - t0;
    if (rep > 0 && t < best) best = t;  // first pass touches pages
  }
  double bw = 3.0 * 8.0 * n / best;
  MPI_Allreduce(MPI_IN_PLACE, &bw, 1, MPI_DOUBLE, MPI_SUM, comm);
  return bw;
}

struct Result {
  double seconds, updates_per_s, halo_s, compute_s;
};

Result bench_case(const std::string& stencil, int dims, long n, long steps, const std::string& integrator) {
  std::vector<std::string> ov = {"grid.dims=" + std::to_string(dims), "grid.n=" + std::to_string(n),
                                 "grid.L=" + std::to_string(n) + ".0", "grid.stencil=" + stencil, "time.dt=0.5",
                                 "time.integrator=" + integrator, "init.type=spots", "init.count=20"};
  const gs::SimConfig cfg = gs::load_config_text("", "bench", ov);
  gs::Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_WORLD);
  gs::Fields f(dec);
  gs::apply_initial_condition(cfg, dec, f);
  gs::PhaseTimers timers;
  gs::Stepper stepper(cfg, dec, timers);
  stepper.step(f);  // warm-up: first touch of the second buffer
  gs::PhaseTimers measured;
  gs::Stepper timed(cfg, dec, measured);
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  for (long s = 0; s < steps; ++s) timed.step(f);
  MPI_Barrier(MPI_COMM_WORLD);
  Result r;
  r.seconds = MPI_Wtime() - t0;
  r.updates_per_s = double(cfg.grid.cells()) * steps / r.seconds;
  r.halo_s = measured.get("halo_exchange");
  r.compute_s = measured.get("compute");
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  Kokkos::initialize(argc, argv);
  {
    Options o;
    for (int i = 1; i + 1 < argc; i += 2) {
      const std::string a = argv[i];
      const long v = std::atol(argv[i + 1]);
      if (a == "--cells-2d") o.n2d = v;
      else if (a == "--cells-3d") o.n3d = v;
      else if (a == "--steps") o.steps = v;
      else if (a == "--stream-mib") o.stream_mib = v;
    }
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const double bw = measure_bandwidth(o.stream_mib / size, MPI_COMM_WORLD);
    if (rank == 0) {
      std::printf("bench_step: %d rank(s), Kokkos %s, memory bandwidth (triad, summed) %.2f GB/s\n", size,
                  gs::ExecSpace::name(), bw / 1e9);
      std::printf("Model: each update reads u, v and writes u', v' = 32 B/cell (+16 B write-allocate on CPUs).\n");
      std::printf("%-10s %-6s %-10s %8s %10s %14s %12s %12s %9s\n", "stencil", "dims", "grid", "steps", "time_s",
                  "cell_upd/s", "GB/s@32B", "frac_of_bw", "halo_%");
    }
    struct Case { const char* stencil; int dims; const char* integrator; };
    const Case cases[] = {{"5", 2, "euler"}, {"9", 2, "euler"}, {"9", 2, "rk2"}, {"7", 3, "euler"}, {"19", 3, "euler"}, {"27", 3, "euler"}};
    double best_fraction = 0;
    for (const auto& c : cases) {
      const long n = c.dims == 2 ? o.n2d : o.n3d;
      const Result r = bench_case(c.stencil, c.dims, n, o.steps, c.integrator);
      const double stages = std::string(c.integrator) == "rk2" ? 2.0 : 1.0;
      const double gbs = r.updates_per_s * stages * 32.0 / 1e9;
      const double fraction = gbs * 1e9 / bw;
      best_fraction = std::max(best_fraction, fraction);
      if (rank == 0) {
        char grid[32];
        std::snprintf(grid, sizeof grid, c.dims == 2 ? "%ld^2" : "%ld^3", n);
        std::printf("%-10s %-6d %-10s %8ld %10.3f %14.4g %12.2f %12.3f %9.1f   (%s)\n", (std::string(c.stencil) + "-point").c_str(),
                    c.dims, grid, o.steps, r.seconds, r.updates_per_s, gbs, fraction, 100.0 * r.halo_s / r.seconds, c.integrator);
      }
    }
    if (rank == 0)
      std::printf("PERFORMANCE bench_step ranks=%d bandwidth_GBs=%.2f best_fraction_of_bandwidth=%.3f\n", size, bw / 1e9, best_fraction);
  }
  Kokkos::finalize();
  MPI_Finalize();
  return 0;
}
