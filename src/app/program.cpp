// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The program after MPI and Kokkos have started: the command line, the input
// (parsed once), the rank layout, then a run in the input's grid.precision
// (Driver<float> or Driver<double>), a --check or the benchmark.
#include "app/program.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "comm/cpu_binding.hpp"
#include "comm/memory_per_rank.hpp"
#include "driver/run_memory.hpp"
#include "config/loader.hpp"
#include "core/error.hpp"
#include "core/types.hpp"
#include "driver/driver.hpp"
#include "grid/decomposition.hpp"
#include "io/field_layout.hpp"
#include "io/checkpoint_names.hpp"
#include "outputs/insitu_checks.hpp"

namespace gs {

namespace {

const char* kUsage =
    "usage: grayscott INPUT.toml [section.key=value ...] [restart=CHECKPOINT|FOLDER|latest]\n"
    "       mpiexec -n R grayscott INPUT.toml [section.key=value ...]\n"
    "       grayscott --check INPUT.toml [section.key=value ...]   (validate only)\n"
    "       grayscott --benchmark [--json FILE] [key=value ...]   (docs/performance.md)\n"
    "Runs the Gray-Scott model described by INPUT; any key can be overridden on the\n"
    "command line. restart= continues from a checkpoint on any rank count; time.steps\n"
    "is the total from step 0. SIGTERM/SIGUSR1, or the file the environment's\n"
    "GS_STOP_FILE names appearing, write a checkpoint and exit 0.\n"
    "--check validates the input, the overrides and the rank layout, prints the\n"
    "effective configuration as JSON and exits 0 (or 2), writing nothing.\n"
    "Exit codes: 0 done, or stopped with a checkpoint; 1 the run failed after it started\n"
    "(NaN or Inf in the fields, an output not written, a failed in-situ call with\n"
    "insitu.fail = \"error\", an error on one rank); 2 bad input (the file, the overrides,\n"
    "the rank layout, the memory, the restart= checkpoint, output.dir held by another run).\n"
    "Options starting with --kokkos- go to Kokkos, for example --kokkos-threads=N\n"
    "(threads per rank, OpenMP build), --kokkos-device-id=N (GPU build) and\n"
    "--kokkos-help (Kokkos' own list of them).\n\n";

// Refuses (exit 2) a run whose allocations cannot fit, before anything is
// allocated: every buffer the run makes (driver/run_memory.hpp), named in the line.
void check_memory(const SimConfig& cfg, const Decomposition& dec) {
  const std::string problem = run_memory_problem(cfg, dec);
  if (problem.empty()) return;
  throw InputError(cfg.source_of("grid.n") + ": key 'grid.n': " + problem + "; use more ranks or nodes, or a smaller grid");
}

int run(int rank, int size, int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "--benchmark") return run_benchmark({args.begin() + 1, args.end()});
  // --check may stand anywhere: users append it to the command line they are about to submit.
  // Given twice (a wrapper adds it to a line that has it already), it means the same.
  const auto checks_begin = std::remove(args.begin(), args.end(), std::string("--check"));
  const bool check_only = checks_begin != args.end();
  args.erase(checks_begin, args.end());
  if (args.empty() || args[0].rfind("-", 0) == 0) {
    if (rank == 0)
      std::fprintf(stderr, "grayscott: error: %s\n%s", args.empty() ? "missing INPUT file" : ("unknown option '" + args[0] + "'").c_str(), kUsage);
    return 2;
  }
  // restart=PATH|latest is not a config key: it says where to start, not what to run.
  std::vector<std::string> overrides;
  std::string restart;
  std::string command_line = (size > 1 ? "mpiexec -n " + std::to_string(size) + " " : std::string()) + argv[0] + " " + args[0];
  for (auto it = args.begin() + 1; it != args.end(); ++it) {
    if (it->rfind("restart=", 0) == 0) {
      restart = it->substr(8);
      if (restart.empty()) throw InputError(std::string(kCommandLine) + ": restart= needs a checkpoint file, a folder, or 'latest'");
      continue;
    }
    overrides.push_back(*it);
    command_line += " " + *it;
  }
  SimConfig cfg = load_config(args[0], overrides);
  if (rank == 0) {
    for (const auto& w : cfg.warnings) std::fprintf(stderr, "grayscott: warning: %s\n", one_line(w).c_str());
    std::fflush(stderr);
  }
  // A script that serves only runs of the other dimension (its "# grid.dims:"
  // header line): bad input, refused by --check as by the run, before step 0.
  for (const auto& script : cfg.insitu.scripts) {
    const std::string problem = insitu_script_dims_problem(script, cfg.grid.dims);
    if (!problem.empty()) throw InputError(cfg.source_of("insitu.script") + ": key 'insitu.script': " + problem);
  }
  // Compressed field outputs need filtered collective writes (HDF5 1.10.2 or
  // later, with zlib): a question for the HDF5 this program runs with.
  if (cfg.output.fields_compression != FieldCompression::None) {
    const std::string why = filtered_parallel_write_problem();
    if (!why.empty())
      throw InputError(cfg.source_of("output.fields_compression") + ": key 'output.fields_compression': " + why +
                       R"~(; use output.fields_compression = "none")~");
  }
  cfg.restart = restart;
  cfg.command_line = command_line;
  // The loader computed the limit (config/stability.hpp) and let this dt through only with time.allow_unstable.
  if (cfg.time.dt > cfg.time.dt_stable && rank == 0)
    std::fprintf(stderr, "grayscott: warning: time.dt = %g is beyond the stability limit %g (time.allow_unstable = true)\n",
                 cfg.time.dt, cfg.time.dt_stable);
  std::unique_ptr<Decomposition> dec_ptr;
  try {
    dec_ptr = std::make_unique<Decomposition>(cfg.grid, cfg.parallel, MPI_COMM_WORLD, cfg.time.integrator);
  } catch (const KeyError& e) {
    // Name where the key was set: the command line overrides the file.
    throw InputError(cfg.source_of(e.key()) + ": " + e.what());
  }
  const Decomposition& dec = *dec_ptr;
  check_memory(cfg, dec);
  if (check_only) {
    // The restart file must be there (a job script's submit-time check relies
    // on it); its contents and output.dir are looked at by the run itself.
    std::string restart_note, restart_path;
    if (!cfg.restart.empty()) restart_path = resolve_restart(cfg.restart, cfg, &restart_note);
    if (rank == 0) {
      std::printf("%s\n", config_to_json(cfg, 0).c_str());
      std::printf("grayscott: %s: input valid for %d rank%s (layout ", cfg.input_file.c_str(), dec.size(), dec.size() > 1 ? "s" : "");
      for (int d = 0; d < cfg.grid.dims; ++d) std::printf("%s%d", d ? "x" : "", dec.layout()[d]);
      std::printf(")\n");
      if (!restart_path.empty()) std::printf("grayscott: restart=%s takes %s\n", cfg.restart.c_str(), restart_path.c_str());
      // Which file each insitu.script is (beside the input, the current folder or the installed ones).
      for (const auto& script : cfg.insitu.scripts) std::printf("grayscott: insitu.script takes %s\n", script.c_str());
      std::fflush(stdout);
      if (!restart_note.empty()) std::fprintf(stderr, "grayscott: warning: %s\n", restart_note.c_str());
    }
    return 0;
  }
  if (rank == 0) {
    std::printf("grayscott: %s  %dD %s grid ", cfg.input_file.c_str(), cfg.grid.dims, stencil_name(cfg.grid.stencil));
    for (int d = 0; d < cfg.grid.dims; ++d) std::printf("%s%ld", d ? "x" : "", cfg.grid.n[d]);
    std::printf("  h=%g  dt=%g (stable up to %g)  %s", cfg.grid.h(0), cfg.time.dt, cfg.time.dt_stable, name_of(cfg.time.integrator));
    // An integrator that takes a stage count (rkl2): the count and what dt is
    // against the explicit limit it steps past.
    if (takes_stage_count(cfg.time.integrator))
      std::printf(" s=%d (%.3g x the explicit limit %g)", cfg.time.resolved_stages, cfg.time.dt / cfg.time.dt_limit, cfg.time.dt_limit);
    std::printf("  %s  ranks=%d layout=", name_of(cfg.grid.precision), dec.size());
    for (int d = 0; d < cfg.grid.dims; ++d) std::printf("%s%d", d ? "x" : "", dec.layout()[d]);
    std::printf(" halo_depth=%d  Kokkos %s  output %s", dec.halo_depth(), ExecSpace::name(), cfg.output.dir.c_str());
    // The in-situ scripts as found (config/loader.cpp): the files this run takes.
    for (size_t i = 0; i < cfg.insitu.scripts.size(); ++i) std::printf("%s%s", i ? ", " : "  insitu ", cfg.insitu.scripts[i].c_str());
    std::printf("\n");
    std::fflush(stdout);
  }
  warn_if_threads_share_cores(MPI_COMM_WORLD);
  if (cfg.grid.precision == Precision::Float) return Driver<float>(cfg, dec).run();
  return Driver<double>(cfg, dec).run();
}

}  // namespace

const char* program_usage() { return kUsage; }

int run_program(int argc, char** argv) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  try {
    return run(rank, size, argc, argv);
  } catch (const InputError& e) {
    // Input errors are found identically on every rank, so all ranks leave together.
    if (rank == 0) std::fprintf(stderr, "grayscott: error: %s\n", one_line(e.what()).c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grayscott: error (rank %d): %s\n", rank, one_line(e.what()).c_str());
    std::fflush(stderr);
    if (size > 1) MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
}

}  // namespace gs
