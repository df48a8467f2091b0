// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The memory check's estimate (driver/run_memory.hpp) against what Kokkos
// itself allocates: the program's own objects run under Kokkos' allocation
// callbacks, which see every View allocation with its label, bytes and memory
// space. For each label the most bytes alive at once must equal the
// estimate's, in each memory, and no label may appear on one side only:
// leaving one allocation out of the estimate (or one more in the program)
// fails here. Configurations: 2D and 3D, Euler and RK2, halo_depth 1 and
// more with each block form the host build runs (levels, wavefront, tiles),
// parameter map on and off, each initial condition with scratch, a restart,
// checkpoints, field files and images, and the in-situ block and normals
// (built as the in-situ output builds them, without ParaView).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <type_traits>
#include <sstream>
#include <string>
#include <vector>

#include "../common/test_support.hpp"
#include "comm/memory_per_rank.hpp"
#include "driver/run_memory.hpp"
#include "config/loader.hpp"
#include "core/timers.hpp"
#include "driver/driver.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "insitu/insitu_block.hpp"

namespace gs {
namespace {

using test::Real;

// Per label and memory (true: the field space), the bytes alive now and at
// most, of the allocations made since reset(). Older allocations are not
// followed: a buffer kept from an earlier case (the Tiles form's entry copy,
// Kokkos' own scratch) is not this case's.
struct Tracker {
  struct Live {
    std::string label;
    bool field_space;
    double bytes;
  };
  std::map<const void*, Live> live;
  std::map<std::pair<std::string, bool>, double> now, peak;
  bool on = false;

  void reset() {
    live.clear();
    now.clear();
    peak.clear();
    on = true;
  }
} g_tracker;

bool in_field_space(const Kokkos::Profiling::SpaceHandle& h) {
  return std::strncmp(h.name, MemSpace::name(), sizeof h.name) == 0;
}

void on_allocate(const Kokkos::Profiling::SpaceHandle h, const char* label, const void* ptr, const uint64_t bytes) {
  Tracker& t = g_tracker;
  if (!t.on || ptr == nullptr) return;
  Tracker::Live l{label, in_field_space(h), double(bytes)};
  t.live[ptr] = l;
  const auto key = std::make_pair(l.label, l.field_space);
  t.now[key] += l.bytes;
  t.peak[key] = std::max(t.peak[key], t.now[key]);
}

void on_deallocate(const Kokkos::Profiling::SpaceHandle, const char*, const void* ptr, const uint64_t) {
  Tracker& t = g_tracker;
  const auto it = t.live.find(ptr);
  if (it == t.live.end()) return;
  t.now[std::make_pair(it->second.label, it->second.field_space)] -= it->second.bytes;
  t.live.erase(it);
}

void track() {
  static bool set = false;
  if (!set) {
    Kokkos::Tools::Experimental::set_allocate_data_callback(on_allocate);
    Kokkos::Tools::Experimental::set_deallocate_data_callback(on_deallocate);
    set = true;
  }
  g_tracker.reset();
}

// Kokkos' own buffers (a backend's scratch) carry its labels, or none: the
// OpenMP backend's thread pool and team scratch come without a label, and
// every View of the program has one.
bool kokkos_internal(const std::string& label) {
  return label.rfind("Kokkos::", 0) == 0 || label.empty() || label == "[unlabeled]";
}
const std::string kTeamScratch = kTeamScratchLabel;

// What Kokkos' callbacks report for one allocation of `bytes`: the bytes, or
// for an empty View the header of its allocation record, which it still makes.
double reported(double bytes) { return bytes > 0 ? bytes : double(sizeof(Kokkos::Impl::SharedAllocationHeader)); }

// The estimate per label and memory, the Kokkos allocations only: held ones
// plus the largest phase that has the label (RunMemory::label_peak, with
// Kokkos' reported sizes). `held_only`: those alive through the run alone.
std::map<std::pair<std::string, bool>, double> expected(const RunMemory& m, bool held_only) {
  std::map<std::pair<std::string, bool>, double> held;
  std::map<std::pair<std::string, bool>, std::map<MemoryPhase, double>> phases;
  for (const Allocation& a : m.items) {
    if (!a.kokkos || a.label == kTeamScratch) continue;
    const auto key = std::make_pair(a.label, a.device);
    if (a.phase == MemoryPhase::Held)
      held[key] += reported(a.bytes);
    else if (!held_only)
      phases[key][a.phase] += reported(a.bytes);
  }
  for (const auto& [key, by_phase] : phases) {
    double most = 0;
    for (const auto& [phase, bytes] : by_phase) most = std::max(most, bytes);
    held[key] += most;
  }
  return held;
}

double expected_team_scratch(const RunMemory& m) {
  double bytes = 0;
  for (const Allocation& a : m.items)
    if (a.label == kTeamScratch) bytes += a.bytes;
  return bytes;
}

std::string table(const std::map<std::pair<std::string, bool>, double>& t) {
  std::ostringstream s;
  for (const auto& [key, bytes] : t) s << "  " << key.first << (key.second ? " (field space)" : " (host)") << ": " << bytes << "\n";
  return s.str();
}

// What this rank allocated against the estimate, label by label; Kokkos'
// own scratch against the estimate's team scratch of the Tiles form (at
// least that, plus at most what its reductions keep).
void compare(const std::string& what, const RunMemory& m, bool held_only) {
  std::map<std::pair<std::string, bool>, double> got;
  double internal = 0;
  for (const auto& [key, bytes] : g_tracker.peak) {
    if (kokkos_internal(key.first))
      internal += bytes;
    else
      got[key] = bytes;
  }
  const std::map<std::pair<std::string, bool>, double> want = expected(m, held_only);
  EXPECT_EQ(got, want) << what << "\nKokkos allocated (most alive at once per label):\n"
                       << table(got) << "the estimate:\n"
                       << table(want);
  const double scratch = expected_team_scratch(m);
  // Kokkos keeps its scratch and only grows it: when an earlier case left
  // enough, this one allocates none (the cases below grow it in turn).
  if (internal > 0) EXPECT_GE(internal, scratch) << what << ": Kokkos' own scratch below the Tiles form's team scratch";
  // What Kokkos keeps besides for its reductions, measured on the Serial
  // backend (about 11 KiB); threaded and device backends keep their scratch
  // per thread or per team slot, which the estimate does not model.
#if defined(KOKKOS_ENABLE_SERIAL)
  if (std::is_same<ExecSpace, Kokkos::Serial>::value)
    EXPECT_LE(internal, scratch + 16384) << what << ": Kokkos' own scratch " << internal << " bytes, the estimate "
                                         << scratch;
#endif
}

std::string out_dir(const std::string& name) {
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const char* tmp = std::getenv("TMPDIR");
  return (std::filesystem::path(tmp ? tmp : "/tmp") / ("gs_run_memory_" + std::to_string(ranks) + "_" + name)).string();
}

SimConfig config(std::vector<std::string> overrides, const std::string& dir) {
  overrides.push_back("output.dir=" + dir);
  return load_config_text("", "test", overrides);
}

void remove_dir(const std::string& dir) {
  MPI_Barrier(MPI_COMM_WORLD);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) std::filesystem::remove_all(dir);
  MPI_Barrier(MPI_COMM_WORLD);
}

// The program's run (app/program.cpp): the decomposition, then the driver,
// run to the end with its outputs and dropped, all under the callbacks.
// `keep`: the output folder stays for a restart from it.
void check_run(const std::string& name, const std::vector<std::string>& overrides, const std::string& restart = "",
               bool keep = false) {
  const std::string dir = out_dir(name);
  if (restart.empty()) remove_dir(dir);
  SimConfig cfg = config(overrides, dir);
  cfg.restart = restart;
  const Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_WORLD, cfg.time.integrator);
  const RunMemory m = run_memory(cfg, dec);
  track();
  {
    Driver<Real> driver(cfg, dec);
    ASSERT_EQ(driver.run(), 0) << name;
  }
  compare(name + (restart.empty() ? "" : " (restart)"), m, false);
  if (!keep) remove_dir(dir);
}

// The stepper alone, with a block form forced: the state and what the time
// steps hold (the driver asks for Auto, which the host build never resolves
// to Tiles).
void check_steps(const std::string& name, const std::vector<std::string>& overrides, BlockForm form) {
  const SimConfig cfg = config(overrides, out_dir(name));
  const Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_WORLD, cfg.time.integrator);
  const RunMemory m = run_memory(cfg, dec, form);
  track();
  {
    PhaseTimers timers;
    Fields<Real> f(dec, cfg.time.scheme().registers());
    Stepper<Real> stepper(cfg, dec, timers, form);
    // A block of each length: the driver ends blocks early where an output is due.
    for (int n = 1; n <= dec.halo_depth(); ++n) stepper.advance(f, n);
  }
  compare(name, m, true);
}

// In situ as InsituOutput builds it on its first call (outputs/insitu_output.cpp),
// without the ParaView plugin: the driver's ghost fill, then the block.
void check_insitu(const std::string& name, std::vector<std::string> overrides) {
  SimConfig cfg = config(overrides, out_dir(name));
  cfg.insitu.scripts = {"counted_without_paraview.py"};
  ASSERT_TRUE(cfg.insitu.enabled());
  const Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_WORLD, cfg.time.integrator);
  const RunMemory m = run_memory(cfg, dec);
  track();
  {
    PhaseTimers timers;
    Fields<Real> f(dec, cfg.time.scheme().registers());
    Stepper<Real> stepper(cfg, dec, timers);
    for (int n = 1; n <= dec.halo_depth(); ++n) stepper.advance(f, n);
    stepper.fill_ghosts(f.now());
    InsituBlock<Real> block(dec, cfg.grid, cfg.insitu.contour == OutputField::U ? 0 : 1, cfg.parallel.gpu_aware_mpi);
    block.copy(f.now());
  }
  compare(name, m, true);
}

const std::vector<std::string> k2D = {"grid.dims=2", "grid.stencil=5", "grid.n=[24,20]", "grid.L=[24.0,20.0]", "time.dt=0.5",
                                      "output.log_every=0"};
const std::vector<std::string> k3D = {"grid.dims=3", "grid.stencil=7", "grid.n=[12,10,8]", "grid.L=[12.0,10.0,8.0]",
                                      "time.dt=0.5"};

std::vector<std::string> with(std::vector<std::string> base, const std::vector<std::string>& more) {
  base.insert(base.end(), more.begin(), more.end());
  return base;
}

const std::vector<std::string> kOutputs = {"time.steps=4", "output.every=2", "checkpoint.every=2", "output.fields_every=4"};

TEST(RunMemory, Run2DEulerSpots) {
  check_run("2d_euler", with(k2D, with(kOutputs, {"init.type=spots", "init.count=7"})));
}

TEST(RunMemory, Run2DRk2MapFillAndRestart) {
  const auto o = with(k2D, {"grid.stencil=9", "time.integrator=rk2", "physics.map=gradient", "init.type=perlin", "init.fill=0.3",
                            "time.steps=4", "output.every=2", "checkpoint.every=2"});
  check_run("2d_rk2", o, "", /*keep=*/true);
  // The same folder, continued from its last checkpoint: the restart's read block instead of the noise.
  auto more = o;
  more.push_back("time.steps=6");
  check_run("2d_rk2", more, "latest");
}

TEST(RunMemory, Run3DDeepHaloDiamondSquareNoiseMap) {
  check_run("3d_deep", with(k3D, with(kOutputs, {"parallel.halo_depth=2", "init.type=diamond_square", "physics.map=noise"})));
}

TEST(RunMemory, Run3DRk2DeepHalo27) {
  check_run("3d_rk2", with(k3D, with(kOutputs, {"grid.stencil=27", "time.integrator=rk2", "parallel.halo_depth=2"})));
}

// rkl2: two more registers (f(Y_0) and the second stage value), a restart that
// reads into the state only.
TEST(RunMemory, Run2DRkl2AndRestart) {
  const auto o = with(k2D, {"grid.stencil=9", "time.integrator=rkl2", "time.dt=4.0", "physics.map=gradient"});
  check_run("2d_rkl2", with(o, kOutputs), "", true);
  check_run("2d_rkl2", with(o, {"time.steps=6", "output.every=2", "checkpoint.every=2"}), "latest");
}

// rk4: four registers (y, k1 and two stage values), in 3D.
TEST(RunMemory, Run3DRk4) {
  check_run("3d_rk4", with(with(k3D, {"time.integrator=rk4", "time.dt=0.7"}), kOutputs), "", true);
}

// Field outputs in their own precision, compressed: the block of the wider of
// the state's and the fields' value types.
TEST(RunMemory, Run3DFieldFormats) {
  for (const char* precision : {"float32", "float64"})
    check_run(std::string("3d_fields_") + precision,
              with(k3D, with(kOutputs, {std::string("output.fields_precision=") + precision, "output.fields_compression=deflate"})));
}

TEST(RunMemory, Run2DDeepHalo) {
  check_run("2d_deep", with(k2D, with(kOutputs, {"parallel.halo_depth=3", "init.type=sine"})));
}

TEST(RunMemory, BlockForms) {
  for (BlockForm form : {BlockForm::Levels, BlockForm::Wavefront, BlockForm::Tiles}) {
    const std::string f = form == BlockForm::Levels ? "levels" : form == BlockForm::Wavefront ? "wavefront" : "tiles";
    // A new grid size per form: the Tiles entry copy is kept for its field
    // shape. Smallest team scratch first, so that each Tiles case grows Kokkos' own.
    const std::string n = form == BlockForm::Levels ? "14" : form == BlockForm::Wavefront ? "15" : "16";
    check_steps("2d_" + f, with(k2D, {"grid.n=[" + n + ",20]", "grid.L=[" + n + ".0,20.0]", "parallel.halo_depth=3"}), form);
    check_steps("3d_" + f, with(k3D, {"grid.n=[" + n + ",10,8]", "grid.L=[" + n + ".0,10.0,8.0]", "parallel.halo_depth=2"}), form);
    check_steps("3d_rk2_map_" + f,
                with(k3D, {"grid.n=[" + n + ",11,8]", "grid.L=[" + n + ".0,11.0,8.0]", "grid.stencil=19", "time.integrator=rk2",
                           "parallel.halo_depth=2", "physics.map=gradient"}),
                form);
  }
}

TEST(RunMemory, Insitu) {
  check_insitu("insitu_2d", k2D);
  check_insitu("insitu_3d", k3D);
  check_insitu("insitu_3d_27_deep", with(k3D, {"grid.stencil=27", "parallel.halo_depth=2"}));
}

}  // namespace
}  // namespace gs
