// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "driver/run_memory.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

#include "comm/halo.hpp"
#include "comm/memory_per_rank.hpp"
#include "comm/reduce.hpp"
#include "core/buffer_spec.hpp"
#include "core/types.hpp"
#include "grid/fields.hpp"
#include "init/initial_conditions.hpp"
#include "insitu/insitu_block.hpp"
#include "io/h5.hpp"
#include "io/image_writer.hpp"
#include "physics/dynamics.hpp"
#include "physics/parameter_map.hpp"
#include "physics/stencil.hpp"

namespace gs {

namespace {

// Extents that the int-indexed helpers (halo boxes, block plans) can take.
bool within_int(const Decomposition& dec) {
  for (int d = 0; d < 3; ++d)
    if (dec.local_n()[d] + 2L * dec.ghost(d) > std::numeric_limits<int>::max()) return false;
  return true;
}

// The allocations of `specs`, alive in `phase`: each buffer, and its copy in
// the other memory where the field space is not host memory.
void add(RunMemory& m, const BufferSpecs& specs, MemoryPhase phase) {
  for (const BufferSpec& b : specs) {
    Allocation a;
    a.label = b.label;
    a.bytes = b.bytes();
    a.device = b.home == BufferHome::Field || kFieldsOnHost;  // host builds: one memory
    a.phase = phase;
    a.kokkos = b.home != BufferHome::HostVector;
    m.items.push_back(a);
    if (b.copy == OtherCopy::None || kFieldsOnHost) continue;
    if (b.copy == OtherCopy::Mirror) a.label += "_mirror";
    a.device = !a.device;
    m.items.push_back(a);
  }
}

}  // namespace

double RunMemory::peak(bool device) const {
  double held = 0;
  std::map<MemoryPhase, double> phase;
  for (const Allocation& a : items) {
    if (a.device != device) continue;
    (a.phase == MemoryPhase::Held ? held : phase[a.phase]) += a.bytes;
  }
  double most = 0;
  for (const auto& [p, bytes] : phase) most = std::max(most, bytes);
  return held + most;
}

double RunMemory::total() const {
  double held = 0;
  std::map<MemoryPhase, double> phase;
  for (const Allocation& a : items) (a.phase == MemoryPhase::Held ? held : phase[a.phase]) += a.bytes;
  double most = 0;
  for (const auto& [p, bytes] : phase) most = std::max(most, bytes);
  return held + most;
}

double RunMemory::label_peak(const std::string& label, bool device) const {
  double held = 0;
  std::map<MemoryPhase, double> phase;
  for (const Allocation& a : items) {
    if (a.label != label || a.device != device) continue;
    (a.phase == MemoryPhase::Held ? held : phase[a.phase]) += a.bytes;
  }
  double most = 0;
  for (const auto& [p, bytes] : phase) most = std::max(most, bytes);
  return held + most;
}

RunMemory run_memory(const SimConfig& cfg, const Decomposition& dec, BlockForm form) {
  RunMemory m;
  const std::size_t value_bytes = std::size_t(bytes_of(cfg.grid.precision));
  // Each module's own description of what it allocates (core/buffer_spec.hpp),
  // by when it is alive. Through the run: the integrator's registers, the
  // parameter map, the halo buffers, the blocks' extra copies, in situ.
  add(m, register_buffers(dec, cfg.time.scheme().registers(), value_bytes), MemoryPhase::Held);
  if (cfg.physics.map != ParameterMapType::None) add(m, parameter_map_buffers(dec, value_bytes), MemoryPhase::Held);
  // Past the int range the run is refused anyway (run_memory_problem), and
  // the halo boxes and block plans cannot be formed: the fields say enough.
  if (!within_int(dec)) return m;
  const bool diagonals = stencil_needs_diagonals(cfg.grid.stencil);
  const bool gpu_aware = cfg.parallel.gpu_aware_mpi;
  add(m, halo_buffers(dec, diagonals, gpu_aware, value_bytes), MemoryPhase::Held);
  // In situ and the pattern's counts read ghosts: with a faces-only exchange
  // the stepper builds a second one with edges and corners at the first fill
  // (driver/stepper.cpp).
  if ((cfg.insitu.enabled() || pattern_enabled(cfg)) && !diagonals && dec.halo_depth() <= 1)
    add(m, halo_buffers(dec, true, gpu_aware, value_bytes), MemoryPhase::Held);
  add(m, block_buffers(cfg, dec, form), MemoryPhase::Held);
  // The dynamics measure's copy of v, taken a window before each row of pattern.csv.
  if (pattern_enabled(cfg) && cfg.output.dynamics_window > 0)
    add(m, {field_buffer(dec, kDynamicsSnapshotLabel, value_bytes)}, MemoryPhase::Held);
  if (cfg.insitu.enabled()) add(m, insitu_block_buffers(dec, gpu_aware, value_bytes), MemoryPhase::Held);
  // The start: the restart's read block, or the initial condition's scratch.
  if (!cfg.restart.empty())
    add(m, {io_block_buffer(dec, value_bytes, BufferHome::Host)}, MemoryPhase::Start);
  else
    add(m, initial_condition_buffers(cfg, dec), MemoryPhase::Start);
  // The outputs, one at a time: a checkpoint's or field file's block (one
  // field at a time), an image's planes.
  // A field output's block holds its own value type (output.fields_precision):
  // a float run's float64 fields take twice the checkpoint's block.
  const bool field_outputs = cfg.output.fields_every > 0 || cfg.output.subsample_every > 0 || cfg.output.box_every > 0;
  const std::size_t field_bytes = field_outputs ? std::size_t(field_value_bytes(cfg.output, cfg.grid.precision)) : 0;
  add(m, {io_block_buffer(dec, std::max(value_bytes, field_bytes), BufferHome::Field)}, MemoryPhase::Write);
  add(m, image_buffers(cfg.output, dec, value_bytes), MemoryPhase::Image);
  return m;
}

namespace {

// "state_u, state_v, next_u, next_v 3.2e+10 each; halo_send, halo_recv 1e+08 each; ..."
// for the allocations in one memory, largest first, grouped by size.
std::string largest(const RunMemory& m, bool device_only, bool device) {
  std::vector<std::pair<double, std::string>> sizes;  // (bytes of one, label)
  for (const Allocation& a : m.items) {
    if (device_only && a.device != device) continue;
    if (a.bytes <= 0) continue;
    sizes.emplace_back(a.bytes, a.label);
  }
  std::stable_sort(sizes.begin(), sizes.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  std::string out;
  std::size_t i = 0;
  int groups = 0;
  while (i < sizes.size() && groups < 4) {
    std::size_t j = i;
    std::string names;
    for (; j < sizes.size() && sizes[j].first == sizes[i].first; ++j) names += (j > i ? ", " : "") + sizes[j].second;
    char text[64];
    std::snprintf(text, sizeof text, " %.3g%s", sizes[i].first, j - i > 1 ? " each" : "");
    out += (out.empty() ? "" : "; ") + names + text;
    i = j;
    ++groups;
  }
  if (i < sizes.size()) out += "; " + std::to_string(sizes.size() - i) + " smaller";
  return out;
}

}  // namespace

std::string run_memory_problem(const SimConfig& cfg, const Decomposition& dec) {
  MPI_Comm comm = dec.comm();
  bool too_big = field_buffer(dec, "", 1).values() > 2147483647.0 * 2147483647.0;  // extents past int range
  for (int d = 0; d < dec.dims(); ++d) too_big = too_big || dec.local_n()[d] > (1L << 30);
  too_big = allreduce_any(too_big, comm);  // boxes differ by rank; the decision must not
  const RunMemory m = run_memory(cfg, dec);
  // Two memories on device builds (the device's and the host's), one on host builds.
  struct Need {
    bool device;
    double bytes, have;
  };
  std::vector<Need> needs;
  if (kFieldsOnHost) {
    needs.push_back({false, m.total(), host_memory_per_rank(comm)});
  } else {
    needs.push_back({true, m.peak(true), memory_per_rank(comm)});
    needs.push_back({false, m.peak(false), host_memory_per_rank(comm)});
  }
  for (const Need& n : needs) {
    // The rank that needs the most (rank 0 holds the images) speaks for all.
    struct {
      double bytes;
      int rank;
    } mine{n.bytes, dec.rank()}, worst{};
    MPI_Allreduce(&mine, &worst, 1, MPI_DOUBLE_INT, MPI_MAXLOC, comm);
    if (!too_big && (n.have <= 0 || worst.bytes <= n.have)) continue;
    char text[700];
    std::snprintf(text, sizeof text, "the state needs %.3g bytes %sper rank on %d rank%s (largest: %s), a rank here can have %.3g bytes",
                  worst.bytes, kFieldsOnHost ? "" : n.device ? "of device memory " : "of host memory ", dec.size(),
                  dec.size() > 1 ? "s" : "", largest(m, !kFieldsOnHost, n.device).c_str(), n.have);
    // Every rank returns the same line: the worst rank's.
    MPI_Bcast(text, int(sizeof text), MPI_CHAR, worst.rank, comm);
    return text;
  }
  return "";
}

}  // namespace gs
