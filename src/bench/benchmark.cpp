// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "bench/benchmark.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "bench/bandwidth.hpp"
#include "bench/block_bench.hpp"
#include "comm/cpu_binding.hpp"
#include "comm/memory_per_rank.hpp"
#include "driver/run_memory.hpp"
#include "config/loader.hpp"
#include "core/build_info.hpp"
#include "core/error.hpp"
#include "core/json.hpp"
#include "core/timers.hpp"
#include "core/types.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "init/initial_conditions.hpp"

namespace gs {

namespace {

const char* kBenchUsage =
    "grayscott --benchmark [--json FILE] [key=value ...], also under mpiexec:\n"
    "Measures copy and triad bandwidth, then the time-step throughput of every\n"
    "stencil with every integrator on grids far larger than the caches. Keys:\n"
    "  n2d=2048 n3d=160       global grid (cells per side) of the 2D and 3D cases\n"
    "  steps=10 repeats=5     steps per timed repetition; repetitions (median reported)\n"
    "  warmup=2               untimed steps before the repetitions\n"
    "  stream_mib=64          size of each bandwidth array per rank, MiB\n"
    "  cases=all              or a comma list of 2d-5pt, 2d-9pt, 3d-7pt, 3d-19pt, 3d-27pt,\n"
    "                         2d-o4, 3d-o4 (grid.order=4: the radius-2 cross, 9 / 13 points)\n"
    "  integrators=euler,rk2,rkl2,rk4  (rkl2 with time.stages=9; integrators the block forms\n"
    "                         do not run with parallel.halo_depth=1; cells/s counts steps,\n"
    "                         stages/s stage updates)\n"
    "  precisions=double,float  state precisions (grid.precision), each case in each\n"
    "  depths=2,4,8           on one rank, also each case as blocks of T steps per pass over\n"
    "                         memory (the fused block form, ghosts T x stages wide), named\n"
    "                         e.g. 3d-7pt-double-euler-T4; depths=none: only the step cases\n"
    "  section.key=value      any input key for every case (e.g. parallel.layout, physics.map);\n"
    "                         grid.*, time.integrator and time.steps are set by the benchmark;\n"
    "                         the step cases run the default parallel.halo_depth (\"auto\"), column\n"
    "                         T, unless it is given (parallel.halo_depth=1 pins one exchange per stage)\n";

// Every integrator's name (config/choices.hpp), in the table's order.
std::vector<std::string> integrator_names() {
  std::vector<std::string> names;
  for (const auto& choice : kIntegratorNames) names.push_back(choice.name);
  return names;
}

std::string comma_list(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  return list;
}

Integrator integrator_named(const std::string& name) {
  for (const auto& choice : kIntegratorNames)
    if (name == choice.name) return choice.value;
  throw InputError("command line: benchmark integrator '" + name + "' is not one of " + comma_list(integrator_names()));
}

struct Options {
  long n2d = 2048, n3d = 160, steps = 10, repeats = 5, warmup = 2, stream_mib = 64;
  std::vector<std::string> cases = {"2d-5pt", "2d-9pt", "3d-7pt", "3d-19pt", "3d-27pt", "2d-o4", "3d-o4"};
  std::vector<std::string> integrators = integrator_names();
  std::vector<std::string> precisions = {"double", "float"};
  std::vector<std::string> overrides;
  std::string json;
  std::vector<int> depths = {2, 4, 8};  // the fused cases' block depths T (one rank only)
};

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, ',');) out.push_back(item);
  return out;
}

long positive(const std::string& key, const std::string& value, long max) {
  char* end = nullptr;
  const long v = std::strtol(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || v < 1 || v > max)
    throw InputError("command line: benchmark key '" + key + "' = '" + value + "': expected an integer from 1 to " +
                     std::to_string(max));
  return v;
}

// depths=: a comma list of block depths from 2 to 8, or none.
std::vector<int> parse_depths(const std::string& value) {
  std::vector<int> out;
  if (value == "none") return out;
  for (const std::string& item : split(value)) {
    char* end = nullptr;
    const long t = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || t < 2 || t > 8)
      throw InputError("command line: benchmark key 'depths' = '" + value + "': '" + item +
                       "' is not a block depth; expected a comma list of integers from 2 to 8, or none");
    out.push_back(int(t));
  }
  if (out.empty()) throw InputError("command line: benchmark key 'depths' is empty; expected e.g. 2,4,8 or none");
  return out;
}

// A comma list whose entries are each one of `allowed` (integrators, precisions).
std::vector<std::string> list_of(const std::string& key, const std::string& value, const std::vector<std::string>& allowed) {
  std::vector<std::string> list = split(value);
  std::string names;
  for (const auto& a : allowed) names += (names.empty() ? "" : ", ") + a;
  for (const auto& c : list)
    if (std::find(allowed.begin(), allowed.end(), c) == allowed.end())
      throw InputError("command line: benchmark key '" + key + "' = '" + value + "': '" + c + "' is not one of " + names);
  return list;
}

Options parse(const std::vector<std::string>& args) {
  Options o;
  const std::vector<std::string> all_cases = o.cases;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") {
      if (i + 1 >= args.size()) throw InputError("command line: --json needs a file name");
      o.json = args[++i];
      continue;
    }
    const auto eq = a.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError("command line: benchmark argument '" + a + "' is not key=value or --json FILE");
    const std::string key = a.substr(0, eq), value = a.substr(eq + 1);
    if (key == "n2d") o.n2d = positive(key, value, 1L << 20);
    else if (key == "n3d") o.n3d = positive(key, value, 1L << 14);
    else if (key == "steps") o.steps = positive(key, value, 1000000);
    else if (key == "repeats") o.repeats = positive(key, value, 1000);
    else if (key == "warmup") o.warmup = positive(key, value, 1000);
    else if (key == "stream_mib") o.stream_mib = positive(key, value, 1L << 20);
    else if (key == "cases") {
      o.cases = value == "all" ? all_cases : split(value);
      for (const auto& c : o.cases)
        if (std::find(all_cases.begin(), all_cases.end(), c) == all_cases.end())
          throw InputError("command line: benchmark key 'cases' = '" + value + "': '" + c +
                           "' is not one of 2d-5pt, 2d-9pt, 3d-7pt, 3d-19pt, 3d-27pt, 2d-o4, 3d-o4, all");
    } else if (key == "integrators") {
      o.integrators = list_of(key, value, integrator_names());
    } else if (key == "precisions") {
      o.precisions = list_of(key, value, {"double", "float"});
    } else if (key == "depths") {
      o.depths = parse_depths(value);
    } else if (key.find('.') != std::string::npos) {
      if (key.rfind("grid.", 0) == 0 || key == "time.integrator" || key == "time.steps")
        throw InputError("command line: '" + key + "' is set by the benchmark for each case; use n2d, n3d, cases, "
                         "integrators or steps");
      o.overrides.push_back(a);
    } else {
      throw InputError("command line: unknown benchmark key '" + key +
                       "' (allowed: n2d, n3d, steps, repeats, warmup, stream_mib, cases, integrators, precisions, depths, "
                       "section.key; see grayscott --help)");
    }
  }
  return o;
}

struct CaseResult {
  std::string name, integrator, precision;
  int dims = 0, stencil = 0;
  int stages = 1;  // per step (the stage table's)
  long n = 0;
  double updates_median = 0, updates_best = 0, bytes_per_cell = 0, flops_per_cell = 0, halo_fraction = 0;
  // CPU time the processes got over the wall time they had (1 = every rank and
  // thread ran all the time). Below about 0.9 other work on the machine took
  // cores from the benchmark and the wall-clock figures understate the code.
  double cpu_share = 0;
  // Cell updates per second of CPU time per rank and thread: on a shared
  // machine, an estimate of the rate with the cores to itself (memory traffic
  // of other jobs still counts against it).
  double updates_per_cpu_s = 0;
  // Fused cases: the block depth T and the block form that ran; 0 and "" for the step cases.
  int depth = 0;
  std::string form;
  // The parallel.halo_depth a step case ran with ("auto" resolved, or as given); T of a fused case.
  int halo_depth = 1;
  std::string label() const {
    return name + "-" + precision + "-" + integrator + (depth > 0 ? "-T" + std::to_string(depth) : std::string());
  }
};

// Bytes a step must move per cell: the state values its scheme's stages read
// and write (numerics/integrator.hpp, Scheme::values_moved_per_cell), and with
// a parameter map F and k in every stage. Write-allocate traffic is not
// counted, as in STREAM's copy. In the state's precision: a float state's
// Euler streaming bound is 16 B per cell.
double bytes_per_cell(const SimConfig& cfg, double word) {
  const Scheme scheme = cfg.time.scheme();
  const bool mapped = cfg.physics.map != ParameterMapType::None;
  return word * (scheme.values_moved_per_cell() + (mapped ? 2 * scheme.stages() : 0));
}

// Floating-point operations per cell and step as the CPU row kernel evaluates
// them: the scheme's (Scheme::flops_per_cell) given one field's Laplacian
// (the 19/27-point ones in their column form: 6 additions for a column's face
// and diagonal sums, its side and middle weights, 3 to combine). For the
// roofline plot.
double flops_per_cell(const SimConfig& cfg) {
  // The radius-2 cross: per axis 2 sums, 2 products, 2 differences and the
  // product by inv_h2 / 12, and the sum over axes: 15 in 2D, 23 in 3D.
  double lap = 0;
  switch (cfg.grid.stencil) {
    case Stencil::P5: lap = 9; break;
    case Stencil::P9: lap = 11; break;
    case Stencil::P7: lap = 14; break;
    case Stencil::P19: lap = 15; break;
    case Stencil::P27: lap = 18; break;
    case Stencil::X9: lap = 15; break;
    case Stencil::X13: lap = 23; break;
  }
  return cfg.time.scheme().flops_per_cell(lap);
}

// A case's stencil: "2d-5pt" .. "3d-27pt" name the point count of a
// second-order stencil, "2d-o4" / "3d-o4" grid.order = 4 (the radius-2 cross).
bool fourth_order_case(const std::string& name) { return name.substr(3) == "o4"; }
std::string case_stencil_key(const std::string& name) {
  return fourth_order_case(name) ? "grid.order=4" : "grid.stencil=" + std::to_string(std::stoi(name.substr(3)));
}
int case_points(const std::string& name) {
  return fourth_order_case(name) ? (name[0] == '2' ? 9 : 13) : std::stoi(name.substr(3));
}

// The stage count of the cases of an integrator that takes one (rkl2): s = 9
// holds 22 times the explicit limit, about what a fine-grid run asks for.
constexpr int kBenchStages = 9;

// The run a case times. h = 1 and dt = 0.2 are stable for every stencil with
// the default physics; spots make a non-trivial field without a long start.
SimConfig case_config(const Options& o, const std::string& name, const std::string& integrator,
                      const std::string& precision) {
  const int dims = name[0] - '0';
  const long n = dims == 2 ? o.n2d : o.n3d;
  std::vector<std::string> ov = {"grid.dims=" + std::to_string(dims), "grid.n=" + std::to_string(n),
                                 "grid.L=" + std::to_string(n) + ".0", case_stencil_key(name),
                                 "time.integrator=" + integrator, "time.dt=0.2", "init.type=spots", "init.count=20",
                                 "grid.precision=" + precision};
  const Integrator scheme = integrator_named(integrator);
  if (takes_stage_count(scheme)) ov.push_back("time.stages=" + std::to_string(kBenchStages));
  // parallel.halo_depth is the run's default ("auto": blocks on CPU ranks
  // whose state is beyond cache) unless given, e.g. =1 to pin the
  // one-exchange-per-stage scheme; each case reports the depth it ran with.
  // An integrator the block forms do not run has an exchange per stage whatever is given.
  ov.insert(ov.end(), o.overrides.begin(), o.overrides.end());
  if (!blocks_supported(scheme)) ov.push_back("parallel.halo_depth=1");
  return load_config_text("", "benchmark", ov);
}

// Collective. Refuses, before anything is measured, a benchmark whose arrays
// cannot fit in the memory of a rank (exit 2 with one line naming the key,
// like grid.n of a run) or that has nothing to run.
void check_benchmark(const Options& o, MPI_Comm comm) {
  if (o.cases.empty()) throw InputError("command line: benchmark key 'cases' is empty; allowed: all or a comma list of 2d-5pt, 2d-9pt, 3d-7pt, 3d-19pt, "
                                          "3d-27pt, 2d-o4, 3d-o4");
  if (o.integrators.empty())
    throw InputError("command line: benchmark key 'integrators' is empty; allowed: a comma list of " + comma_list(integrator_names()));
  if (o.precisions.empty()) throw InputError("command line: benchmark key 'precisions' is empty; allowed: double, float or double,float");
  const double stream = 3.0 * double(o.stream_mib) * double(1L << 20);  // the same on every rank
  const double have = memory_per_rank(comm);
  if (have > 0 && stream > have) {
    char text[200];
    std::snprintf(text, sizeof text, "the bandwidth arrays need %.3g bytes per rank (3 of %ld MiB), a rank here can have %.3g bytes",
                  stream, o.stream_mib, have);
    throw InputError("command line: benchmark key 'stream_mib' = " + std::to_string(o.stream_mib) + ": " + text +
                     "; use a smaller stream_mib");
  }
  for (const char* key : {"n2d", "n3d"}) {
    const std::string dims = key[1] == '2' ? "2d-" : "3d-";
    const auto it = std::find_if(o.cases.begin(), o.cases.end(), [&](const std::string& c) { return c.rfind(dims, 0) == 0; });
    if (it == o.cases.end()) continue;
    // The larger state of the two precisions asked for.
    const bool any_double = std::find(o.precisions.begin(), o.precisions.end(), "double") != o.precisions.end();
    const SimConfig cfg = case_config(o, *it, o.integrators.front(), any_double ? "double" : "float");
    const Decomposition dec(cfg.grid, cfg.parallel, comm, cfg.time.integrator);
    const std::string problem = run_memory_problem(cfg, dec);
    if (!problem.empty())
      throw InputError("command line: benchmark key '" + std::string(key) + "' = " + std::to_string(cfg.grid.n[0]) + ": " +
                       problem + "; use a smaller " + key + " or more ranks");
  }
}

// Whether the fused block forms run an integrator (blocks_supported, numerics/integrator.hpp).
bool blocks_run(const std::string& integrator) { return blocks_supported(integrator_named(integrator)); }

// A case's name, integrator, dimensions, stencil and grid size, before it is measured.
CaseResult named_case(const Options& o, const std::string& name, const std::string& integrator,
                      const std::string& precision) {
  CaseResult r;
  r.name = name;
  r.integrator = integrator;
  r.precision = precision;
  r.dims = name[0] - '0';
  r.stencil = case_points(name);
  r.n = r.dims == 2 ? o.n2d : o.n3d;
  return r;
}

template <class Real>
CaseResult run_case(const Options& o, const std::string& name, const std::string& integrator, MPI_Comm comm) {
  CaseResult r = named_case(o, name, integrator, precision_name<Real>());
  const SimConfig cfg = case_config(o, name, integrator, r.precision);
  Decomposition dec(cfg.grid, cfg.parallel, comm, cfg.time.integrator);
  Fields<Real> f(dec, cfg.time.scheme().registers());
  apply_initial_condition(cfg, dec, f);
  r.stages = cfg.time.stages_per_step();
  PhaseTimers timers;
  Stepper<Real> stepper(cfg, dec, timers);
  r.halo_depth = stepper.halo_depth();
  // advance(): with parallel.halo_depth=T given as a key, blocks of T steps (the deep-halo scheme).
  stepper.advance(f, o.warmup);
  std::vector<double> rates;
  double halo = 0, total = 0, cpu = 0;
  for (long rep = 0; rep < o.repeats; ++rep) {
    const double halo0 = timers.get("halo_exchange");
    MPI_Barrier(comm);
    const double t0 = MPI_Wtime(), cpu0 = process_cpu_seconds();
    stepper.advance(f, o.steps);
    Kokkos::fence();
    double t = MPI_Wtime() - t0;
    cpu += process_cpu_seconds() - cpu0;
    MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, comm);
    rates.push_back(double(cfg.grid.cells()) * o.steps / t);
    halo += timers.get("halo_exchange") - halo0;
    total += t;
  }
  MPI_Allreduce(MPI_IN_PLACE, &halo, 1, MPI_DOUBLE, MPI_MAX, comm);
  MPI_Allreduce(MPI_IN_PLACE, &cpu, 1, MPI_DOUBLE, MPI_SUM, comm);
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  const double lanes = double(ranks) * ExecSpace().concurrency();
  r.cpu_share = total > 0 ? cpu / (total * lanes) : 0;
  r.updates_per_cpu_s = cpu > 0 ? double(cfg.grid.cells()) * o.steps * o.repeats / (cpu / lanes) : 0;
  r.updates_median = median_of(rates);
  r.updates_best = *std::max_element(rates.begin(), rates.end());
  r.bytes_per_cell = bytes_per_cell(cfg, sizeof(Real));
  r.flops_per_cell = flops_per_cell(cfg);
  r.halo_fraction = total > 0 ? halo / total : 0;
  return r;
}

// A fused case on one rank: the figures of run_case for blocks of `depth`
// steps (bytes per cell stay the nominal ones of one step, so a fraction of
// the copy bandwidth above 1 is beyond the streaming bound). halo_% is the
// share of the periodic ghost copies.
template <class Real>
CaseResult run_block_case(const Options& o, const std::string& name, const std::string& integrator, int depth) {
  CaseResult r = named_case(o, name, integrator, precision_name<Real>());
  r.depth = depth;
  r.halo_depth = depth;
  const SimConfig cfg = case_config(o, name, integrator, r.precision);
  const BlockCaseTiming t = time_block_case<Real>(cfg, depth, o.steps, o.repeats, o.warmup);
  r.form = t.form;
  const double lanes = ExecSpace().concurrency();
  r.cpu_share = t.wall_s > 0 ? t.cpu_s / (t.wall_s * lanes) : 0;
  r.updates_per_cpu_s = t.cpu_s > 0 ? t.updates / (t.cpu_s / lanes) : 0;
  r.updates_median = median_of(t.rates);
  r.updates_best = *std::max_element(t.rates.begin(), t.rates.end());
  r.stages = cfg.time.stages_per_step();
  r.bytes_per_cell = bytes_per_cell(cfg, sizeof(Real));
  r.flops_per_cell = flops_per_cell(cfg);
  r.halo_fraction = t.wall_s > 0 ? t.ghost_s / t.wall_s : 0;
  return r;
}

void print_case(const CaseResult& r, double copy_bw) {
  char grid[32];
  std::snprintf(grid, sizeof grid, r.dims == 2 ? "%ld^2" : "%ld^3", r.n);
  const double gbs = r.updates_median * r.bytes_per_cell;
  std::printf("%-24s %-8s %2d %12.4g %12.4g %8.0f %10.2f %9.3f %7.1f %5.2f %12.4g %12.4g%s%s\n", r.label().c_str(), grid,
              r.halo_depth, r.updates_median, r.updates_best, r.bytes_per_cell, gbs / 1e9, gbs / copy_bw, 100 * r.halo_fraction,
              r.cpu_share, r.updates_per_cpu_s, r.updates_median * r.stages, r.form.empty() ? "" : "  ", r.form.c_str());
  std::fflush(stdout);
}

}  // namespace

const char* benchmark_usage() { return kBenchUsage; }

// The -march of this build's host code (CMake's GS_HOST_ARCH), "default" when unset.
static const char* host_arch() { return GS_HOST_ARCH[0] ? GS_HOST_ARCH : "default"; }

namespace {

Json case_json(const CaseResult& r, double copy_bw, double triad_bw) {
  const double achieved = r.updates_median * r.bytes_per_cell;
  return {{"case", r.label()},
          {"dims", r.dims},
          {"stencil", r.stencil},
          {"order", fourth_order_case(r.name) ? 4 : 2},
          {"integrator", r.integrator},
          {"precision", r.precision},
          {"n", r.n},
          {"halo_depth", r.halo_depth},
          {"cell_updates_per_second", json_finite(r.updates_median)},
          {"cell_updates_per_second_best", json_finite(r.updates_best)},
          {"bytes_per_cell", json_finite(r.bytes_per_cell)},
          {"stages_per_step", r.stages},
          {"cell_updates_per_stage_per_second", json_finite(r.updates_median * r.stages)},
          {"flops_per_cell", json_finite(r.flops_per_cell)},
          {"achieved_bandwidth_bytes_per_s", json_finite(achieved)},
          {"fraction_of_copy_bandwidth", json_finite(achieved / copy_bw)},
          {"fraction_of_triad_bandwidth", json_finite(achieved / triad_bw)},
          {"halo_fraction", json_finite(r.halo_fraction)},
          {"cpu_share", json_finite(r.cpu_share)},
          {"cell_updates_per_cpu_second", json_finite(r.updates_per_cpu_s)}};
}

// A fused case's entry also says which block form ran.
Json case_json_with_block(const CaseResult& r, double copy_bw, double triad_bw) {
  Json j = case_json(r, copy_bw, triad_bw);
  if (r.depth > 0) j["block_form"] = r.form;
  return j;
}

// The cases of one precision, appended to `cases`, against the bandwidth measured once.
template <class Real>
void benchmark_cases(const Options& o, double copy_bw, double triad_bw, Json& cases) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (std::find(o.precisions.begin(), o.precisions.end(), precision_name<Real>()) == o.precisions.end()) return;
  for (const auto& name : o.cases)
    for (const auto& integrator : o.integrators) {
      const CaseResult r = run_case<Real>(o, name, integrator, MPI_COMM_WORLD);
      cases.push_back(case_json(r, copy_bw, triad_bw));
      if (rank == 0) print_case(r, copy_bw);
    }
  // The fused cases run on one rank only (their ghosts are a periodic copy).
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (ranks == 1)
    for (const auto& name : o.cases)
      for (const auto& integrator : o.integrators)
        for (const int depth : o.depths) {
          // The block forms run neither these integrators nor the radius-2 cross.
          if (!blocks_run(integrator) || fourth_order_case(name)) continue;
          const CaseResult r = run_block_case<Real>(o, name, integrator, depth);
          cases.push_back(case_json_with_block(r, copy_bw, triad_bw));
          print_case(r, copy_bw);
        }
}

}  // namespace

int run_benchmark(const std::vector<std::string>& args) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const Options o = parse(args);
  check_benchmark(o, MPI_COMM_WORLD);
  const int threads = ExecSpace().concurrency();
  warn_if_threads_share_cores(MPI_COMM_WORLD);
  const long elements = o.stream_mib * (1L << 20) / long(sizeof(double));
  const Bandwidth bw = measure_bandwidth(elements, int(std::max(5L, o.repeats)), MPI_COMM_WORLD);
  if (rank == 0) {
    std::string precisions;
    for (const auto& p : o.precisions) precisions += (precisions.empty() ? "" : ", ") + p;
    std::printf("grayscott benchmark: %d rank(s) x %d thread(s), Kokkos %s, %s, host code -march=%s\n", ranks,
                threads, ExecSpace::name(), precisions.c_str(), host_arch());
    std::printf("bandwidth (median of %ld, all ranks): copy %.2f GB/s, triad %.2f GB/s (arrays of %ld MiB per rank)\n",
                std::max(5L, o.repeats), bw.copy / 1e9, bw.triad / 1e9, o.stream_mib);
    std::printf("%-24s %-8s %2s %12s %12s %8s %10s %9s %7s %5s %12s %12s\n", "case", "grid", "T", "cells/s", "best", "B/cell",
                "GB/s", "frac_copy", "halo_%", "cpu", "cells/cpu_s", "stages/s");
    std::fflush(stdout);
  }
  // Double's cases first, then float's, against the same bandwidth.
  Json cases = Json::array();
  benchmark_cases<double>(o, bw.copy, bw.triad, cases);
  benchmark_cases<float>(o, bw.copy, bw.triad, cases);
  if (rank == 0 && !o.json.empty()) {
    const Json js = {{"benchmark_version", 3},
                     {"ranks", ranks},
                     {"threads_per_rank", threads},
                     {"backend", ExecSpace::name()},
                     {"host_arch", host_arch()},
                     {"precisions", o.precisions},
                     {"steps_per_repeat", o.steps},
                     {"repeats", o.repeats},
                     {"warmup_steps", o.warmup},
                     {"stream_array_bytes_per_rank", elements * 8},
                     {"copy_bandwidth_bytes_per_s", json_finite(bw.copy)},
                     {"triad_bandwidth_bytes_per_s", json_finite(bw.triad)},
                     {"copy_bandwidth_best_bytes_per_s", json_finite(bw.copy_best)},
                     {"triad_bandwidth_best_bytes_per_s", json_finite(bw.triad_best)},
                     {"cases", cases}};
    std::ofstream out(o.json);
    out << dump_json(js, 2) << "\n";
    if (!out) throw RunError("cannot write benchmark JSON " + o.json);
  }
  return 0;
}

}  // namespace gs
