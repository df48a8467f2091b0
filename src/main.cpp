// grayscott INPUT [section.key=value ...]: Gray-Scott reaction-diffusion on a
// periodic 2D/3D grid, decomposed over MPI ranks, kernels in Kokkos.
#include <cstdio>
#include <algorithm>
#include <cstring>
#include <fstream>
#include <type_traits>
#include <memory>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "comm/reduce.hpp"
#include "config/loader.hpp"
#include "core/build_info.hpp"
#include "core/error.hpp"
#include "core/runtime.hpp"
#include "core/types.hpp"
#include "driver/driver.hpp"
#include "grid/decomposition.hpp"
#include "io/h5.hpp"

namespace {

const char* kUsage =
    "usage: grayscott INPUT.toml [section.key=value ...] [restart=CHECKPOINT|FOLDER|latest]\n"
    "       mpiexec -n R grayscott INPUT.toml [section.key=value ...]\n"
    "       grayscott --check INPUT.toml [section.key=value ...]   (validate only)\n"
    "       grayscott --benchmark [--json FILE] [key=value ...]   (docs/performance.md)\n"
    "Runs the Gray-Scott model described by INPUT; any key can be overridden on the\n"
    "command line. restart= continues from a checkpoint on any rank count; time.steps\n"
    "is the total from step 0. SIGTERM/SIGUSR1 write a checkpoint and exit 0.\n"
    "--check validates the input, the overrides and the rank layout, prints the\n"
    "effective configuration as JSON and exits 0 (or 2), writing nothing.\n"
    "Exit codes: 0 done (or stopped with a checkpoint), 1 run failed (NaN, I/O), 2 bad input.\n\n";

// Bytes one rank can have: MemAvailable shared by the ranks of this node (host
// memory spaces only; a device reports its own allocation failure). 0: unknown.
double memory_per_rank(MPI_Comm comm) {
  if (!std::is_same<gs::MemSpace, Kokkos::HostSpace>::value) return 0;
  MPI_Comm node;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int on_node = 1;
  MPI_Comm_size(node, &on_node);
  MPI_Comm_free(&node);
  std::ifstream in("/proc/meminfo");
  std::string key;
  double kb = 0;
  while (in >> key) {
    if (key == "MemAvailable:" && in >> kb) return kb * 1024.0 / on_node;
    in.ignore(1 << 10, '\n');
  }
  return 0;
}

// Refuses (exit 2) a grid whose state cannot fit before anything is allocated:
// four fields (u, v and the buffer each step writes) with ghost layers.
void check_memory(const gs::SimConfig& cfg, const gs::Decomposition& dec) {
  double cells = 1;
  for (int d = 0; d < cfg.grid.dims; ++d) cells *= double(dec.local_n()[d] + 2 * dec.ghost(d));
  const double need = 4.0 * cells * sizeof(gs::Real);
  double worst = need;
  gs::allreduce_max(&worst, 1, dec.comm());
  const double have = memory_per_rank(dec.comm());
  bool too_big = worst > 2147483647.0 * 2147483647.0;  // extents past int range
  for (int d = 0; d < cfg.grid.dims; ++d) too_big = too_big || dec.local_n()[d] > (1L << 30);
  if (!too_big && (have <= 0 || worst <= have)) return;
  char text[400];
  std::snprintf(text, sizeof text,
                "%s: key 'grid.n': the state needs %.3g bytes per rank (4 fields of %.3g cells with ghosts on %d ranks), "
                "a rank here can have %.3g bytes; use more ranks or nodes, or a smaller grid",
                cfg.source_of("grid.n").c_str(), worst, worst / 4 / sizeof(gs::Real), dec.size(), have);
  throw gs::InputError(text);
}

// An error stays one readable line whatever a value held: control characters
// are shown escaped, and a long message loses its middle (the value), never
// its start (file, key) or its end (the reason).
std::string one_line(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (c == '\n') out += "\\n";
    else if (c < 0x20 || c == 0x7f) out += '?';
    else out += char(c);
  }
  const std::size_t keep = 240;
  if (out.size() > 2 * keep + 40) out = out.substr(0, keep) + " [... " + std::to_string(out.size() - 2 * keep) + " characters cut ...] " + out.substr(out.size() - keep);
  return out;
}

int run(const gs::Runtime& rt, int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "--benchmark") return gs::run_benchmark({args.begin() + 1, args.end()});
  // --check may stand anywhere: users append it to the command line they are about to submit.
  const auto check_it = std::find(args.begin(), args.end(), std::string("--check"));
  const bool check_only = check_it != args.end();
  if (check_only) args.erase(check_it);
  if (args.empty() || args[0].rfind("-", 0) == 0) {
    if (rt.rank() == 0)
      std::fprintf(stderr, "grayscott: error: %s\n%s", args.empty() ? "missing INPUT file" : ("unknown option '" + args[0] + "'").c_str(), kUsage);
    return 2;
  }
  // restart=PATH|latest is not a config key: it says where to start, not what to run.
  std::vector<std::string> overrides;
  std::string restart;
  std::string command_line = (rt.size() > 1 ? "mpiexec -n " + std::to_string(rt.size()) + " " : std::string()) + argv[0] + " " + args[0];
  for (auto it = args.begin() + 1; it != args.end(); ++it) {
    if (it->rfind("restart=", 0) == 0) {
      restart = it->substr(8);
      if (restart.empty()) throw gs::InputError(std::string(gs::kCommandLine) + ": restart= needs a checkpoint file, a folder, or 'latest'");
      continue;
    }
    overrides.push_back(*it);
    command_line += " " + *it;
  }
  gs::SimConfig cfg = gs::load_config(args[0], overrides);
  cfg.restart = restart;
  cfg.command_line = command_line;
  // The loader computed the limit (config/stability.hpp) and let this dt through only with time.allow_unstable.
  if (cfg.time.dt > cfg.time.dt_limit && rt.rank() == 0)
    std::fprintf(stderr, "grayscott: warning: time.dt = %g is beyond the stability limit %g (time.allow_unstable = true)\n",
                 cfg.time.dt, cfg.time.dt_limit);
  std::unique_ptr<gs::Decomposition> dec_ptr;
  try {
    dec_ptr = std::make_unique<gs::Decomposition>(cfg.grid, cfg.parallel, MPI_COMM_WORLD);
  } catch (const gs::KeyError& e) {
    // Name where the key was set: the command line overrides the file.
    throw gs::InputError(cfg.source_of(e.key()) + ": " + e.what());
  }
  const gs::Decomposition& dec = *dec_ptr;
  check_memory(cfg, dec);
  if (check_only) {
    // Validation ends here: the restart checkpoint and output.dir are looked at by the run itself.
    if (rt.rank() == 0) {
      std::printf("%s\n", gs::config_to_json(cfg, 0).c_str());
      std::printf("grayscott: %s: input valid for %d rank%s (layout ", cfg.input_file.c_str(), dec.size(), dec.size() > 1 ? "s" : "");
      for (int d = 0; d < cfg.grid.dims; ++d) std::printf("%s%d", d ? "x" : "", dec.layout()[d]);
      std::printf(")\n");
      std::fflush(stdout);
    }
    return 0;
  }
  if (rt.rank() == 0) {
    std::printf("grayscott: %s  %dD %s grid ", cfg.input_file.c_str(), cfg.grid.dims, gs::stencil_name(cfg.grid.stencil));
    for (int d = 0; d < cfg.grid.dims; ++d) std::printf("%s%ld", d ? "x" : "", cfg.grid.n[d]);
    std::printf("  h=%g  dt=%g (stable up to %g)  %s  ranks=%d layout=", cfg.grid.h(0), cfg.time.dt, cfg.time.dt_limit,
                gs::name_of(cfg.time.integrator), dec.size());
    for (int d = 0; d < cfg.grid.dims; ++d) std::printf("%s%d", d ? "x" : "", dec.layout()[d]);
    std::printf("  Kokkos %s  output %s\n", gs::ExecSpace::name(), cfg.output.dir.c_str());
    std::fflush(stdout);
  }
  gs::Driver driver(cfg, dec);
  return driver.run();
}

}  // namespace

int main(int argc, char** argv) {
  // Help needs neither MPI nor Kokkos (whose initialisation would print its own help too).
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::printf("%s%s\n%s", kUsage, gs::config_help().c_str(), gs::benchmark_usage());
      return 0;
    } else if (std::strcmp(argv[i], "--version") == 0) {
      std::printf("grayscott %s\n", GS_VERSION);
      return 0;
    }
  gs::Runtime rt(argc, argv);
  gs::h5_silence_errors();
  try {
    return run(rt, argc, argv);
  } catch (const gs::InputError& e) {
    // Input errors are found identically on every rank, so all ranks leave together.
    if (rt.rank() == 0) std::fprintf(stderr, "grayscott: error: %s\n", one_line(e.what()).c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grayscott: error (rank %d): %s\n", rt.rank(), e.what());
    std::fflush(stderr);
    if (rt.size() > 1) MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
}
