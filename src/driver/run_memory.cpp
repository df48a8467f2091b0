#include "driver/run_memory.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

#include "blocking/block_forms.hpp"
#include "blocking/block_plans.hpp"
#include "comm/global_quantile.hpp"
#include "comm/halo.hpp"
#include "comm/reduce.hpp"
#include "comm/state_memory.hpp"
#include "core/types.hpp"
#include "init/noise_init.hpp"
#include "noise/diamond_square.hpp"
#include "physics/cell_update.hpp"
#include "physics/stencil.hpp"

namespace gs {

namespace {

// Cells of one field with its ghost layers, as a double (no overflow).
double field_cells(const Decomposition& dec) {
  double cells = 1;
  for (int d = 0; d < 3; ++d) cells *= double(dec.local_n()[d] + 2 * dec.ghost(d));
  return cells;
}

double owned_cells(const Decomposition& dec) {
  double cells = 1;
  for (int d = 0; d < 3; ++d) cells *= double(dec.local_n()[d]);
  return cells;
}

// Extents that the int-indexed helpers (halo boxes, block plans) can take.
bool within_int(const Decomposition& dec) {
  for (int d = 0; d < 3; ++d)
    if (dec.local_n()[d] + 2L * dec.ghost(d) > std::numeric_limits<int>::max()) return false;
  return true;
}

struct Adder {
  RunMemory& m;
  double value_bytes;  // one state value (grid.precision)
  void add(const std::string& label, double bytes, int count = 1, bool device = true, MemoryPhase phase = MemoryPhase::Held,
           bool kokkos = true) {
    Allocation a;
    a.label = label;
    a.bytes = bytes;
    a.count = count;
    a.device = device || kFieldsOnHost;  // host builds: one memory
    a.phase = phase;
    a.kokkos = kokkos;
    m.items.push_back(a);
  }
  // A View in the field space copied to the host with create_mirror_view /
  // create_mirror_view_and_copy: a second allocation only where the field
  // space is not host memory.
  void add_with_mirror(const std::string& label, const std::string& mirror_label, double bytes, MemoryPhase phase) {
    add(label, bytes, 1, true, phase);
    if (!kFieldsOnHost) add(mirror_label, bytes, 1, false, phase);
  }
};

// A halo exchange's buffers (comm/halo.cpp): send and receive in the field
// space, plus their host copies when MPI cannot take field memory.
void add_halo(Adder& a, const Decomposition& dec, bool diagonals, bool gpu_aware) {
  const double bytes = 2.0 * double(halo_message_cells(dec, diagonals)) * a.value_bytes;
  a.add("halo_send", bytes);
  a.add("halo_recv", bytes);
  if (halo_stages_through_host(gpu_aware)) {
    a.add("halo_send_host", bytes, 1, false);
    a.add("halo_recv_host", bytes, 1, false);
  }
}

// What the stepper's blocks (parallel.halo_depth > 1) add: the Tiles form's
// entry copy of the state, kept from its first call, and its team scratch.
void add_tiles(Adder& a, const SimConfig& cfg, const Decomposition& dec, BlockForm form) {
  const int depth = dec.halo_depth();
  if (depth <= 1) return;
  const Stencil stencil = cfg.grid.stencil;
  const int stages = cfg.time.stages_per_step();
  double scratch = 0;
  bool tiles = false;
  for (int n = 1; n <= depth; ++n) {
    const BlockPlans plans = make_block_plans(dec, cfg.time.integrator, n * stages);
    for (const BlockPlan* plan : {&plans.inner, &plans.shell}) {
      if (resolve_block_form(stencil, *plan, form) != BlockForm::Tiles) continue;
      tiles = true;
      std::vector<IndexBox> boxes;
      nested_boxes(*plan, dec.dims(), boxes);
      const bool mapped = cfg.physics.map != ParameterMapType::None;
      const TilesScratch s = cfg.grid.precision == Precision::Float ? tiles_scratch<float>(stencil, mapped, boxes, TileShape{})
                                                                    : tiles_scratch<double>(stencil, mapped, boxes, TileShape{});
      // Where Kokkos keeps team scratch: on host backends its own host buffer,
      // one team's worth for each thread of the pool; on a device, level 0 is
      // on-chip shared memory, and level 1 a global buffer for as many teams
      // as the device runs at once (concurrency / team size, Kokkos' sizing
      // of it; not measured here: no device build runs these tests).
      double bytes = 0;
      if (kHostExecution)
        bytes = double(s.per_team) * double(ExecSpace().concurrency());
      else if (s.level == 1)
        bytes = double(s.per_team) * double(ExecSpace().concurrency() / std::max(1, s.team_size));
      scratch = std::max(scratch, bytes);
    }
  }
  if (!tiles) return;
  const double field = field_cells(dec) * a.value_bytes;
  a.add("block_tiles_entry_u", field);
  a.add("block_tiles_entry_v", field);
  // Kokkos' own allocation (its label is the backend's): grows to the largest
  // ask and is kept.
  if (scratch > 0) a.add("Kokkos team scratch (block_tiles)", scratch, 1, !kHostExecution || kFieldsOnHost);
}

// The start: the initial condition's scratch, or the restart's read block.
void add_start(Adder& a, const SimConfig& cfg, const Decomposition& dec) {
  const MemoryPhase start = MemoryPhase::Start;
  const double owned = owned_cells(dec);
  if (!cfg.restart.empty()) {
    // h5_read_state: a host block of the owned cells, copied to the field space (io/h5.cpp).
    a.add("io_block", owned * a.value_bytes, 1, false, start);
    if (!kFieldsOnHost) a.add("io_block", owned * a.value_bytes, 1, true, start);
    return;
  }
  const auto& init = cfg.init;
  switch (init.type) {
    case InitType::Patch:
    case InitType::Sine: return;
    case InitType::Spot:
    case InitType::Spots: {
      const double count = init.type == InitType::Spots ? double(init.count) : 1.0;
      a.add_with_mirror("spot_centres", "spot_centres_mirror", count * 3 * a.value_bytes, start);
      return;
    }
    case InitType::Perlin:
    case InitType::DiamondSquare: break;
  }
  if (init.has_fill) {
    // The noise of every owned cell, then the radix select's counts (comm/global_quantile.cpp).
    a.add("init_noise", owned * sizeof(double), 1, true, start);
    a.add_with_mirror("radix_counts", "radix_counts_mirror", double(kRadixBins) * sizeof(long long), start);
  }
  if (init.type == InitType::DiamondSquare) {
    // The lattice levels, two at a time at most (noise/diamond_square.cpp).
    const DiamondSquareParams p = init_diamond_square_params(cfg);
    long lo[3], hi[3];
    for (int d = 0; d < 3; ++d) {
      lo[d] = dec.offset()[d];
      hi[d] = dec.offset()[d] + dec.local_n()[d];
    }
    const double points = double(diamond_square_peak_points(p, diamond_square_cell_box(p, lo, hi)));
    a.add("diamond_square_level", points * sizeof(double), 1, true, start);
  }
}

// The outputs' copies: a checkpoint's or field file's block (one field at a
// time) and the image planes (io/plane_gather.cpp, io/image_writer.cpp).
void add_outputs(Adder& a, const SimConfig& cfg, const Decomposition& dec) {
  const double owned = owned_cells(dec);
  // owned_to_host: the owned cells in the field space, then on the host
  // (create_mirror_view_and_copy keeps the label).
  a.add("io_block", owned * a.value_bytes, 1, true, MemoryPhase::Write);
  if (!kFieldsOnHost) a.add("io_block", owned * a.value_bytes, 1, false, MemoryPhase::Write);

  // Images: 2D the z = 0 plane, 3D the three middle planes, one at a time.
  std::vector<int> axes = dec.dims() == 2 ? std::vector<int>{2} : std::vector<int>{2, 1, 0};
  double local_plane = 0, global_planes = 0, largest_global = 0, high = 0, wide = 0;
  for (int axis : axes) {
    int first = 0, second = 0;
    first = axis == 0 ? 1 : 0;  // io/plane_gather.cpp: plane_axes
    second = axis == 2 ? 1 : 2;
    const long index = dec.dims() == 2 ? 0 : dec.global_n()[axis] / 2;
    const bool mine = index >= dec.offset()[axis] && index < dec.offset()[axis] + dec.local_n()[axis];
    if (mine) local_plane = std::max(local_plane, double(dec.local_n()[first]) * double(dec.local_n()[second]));
    const double global = double(dec.global_n()[first]) * double(dec.global_n()[second]);
    global_planes += global;
    largest_global = std::max(largest_global, global);
    high = std::max(high, double(dec.global_n()[second]));
  }
  if (local_plane > 0) {
    a.add_with_mirror("plane", "plane", local_plane * a.value_bytes, MemoryPhase::Image);
    a.add("image_plane_copy", local_plane * sizeof(double), 1, false, MemoryPhase::Image, false);
  }
  if (dec.rank() == 0) {
    // Rank 0 gathers every plane in double and draws them side by side.
    const OutputConfig& o = cfg.output;
    const double scale = o.image_scale > 0 ? o.image_scale : std::max(1.0, std::min(16.0, std::ceil(256.0 / high)));
    for (int axis : axes) {
      const int first = axis == 0 ? 1 : 0;
      wide += double(dec.global_n()[first]) * scale + (wide > 0 ? 4 : 0);
    }
    a.add("image_gather (rank 0)", (global_planes + largest_global) * sizeof(double), 1, false,
          MemoryPhase::Image, false);
    a.add("image_pixels (rank 0)", wide * high * scale * 3, 1, false, MemoryPhase::Image, false);
  }
}

// In situ (outputs/insitu_output.cpp, insitu/insitu_block.cpp): from its
// first call, the packed block (u, v and in 3D the normal triples) and its
// host copy, and in 3D three normal fields and their halo exchange.
void add_insitu(Adder& a, const SimConfig& cfg, const Decomposition& dec) {
  double points = 1;
  for (int d = 0; d < 3; ++d) points *= double(dec.local_n()[d] + (d < dec.dims() ? 1 : 0));
  const bool normals = dec.dims() == 3;
  if (normals) {
    a.add("insitu_normal_x", field_cells(dec) * a.value_bytes);
    a.add("insitu_normal_y", field_cells(dec) * a.value_bytes);
    a.add("insitu_normal_z", field_cells(dec) * a.value_bytes);
    add_halo(a, dec, /*diagonals=*/true, cfg.parallel.gpu_aware_mpi);
  }
  a.add_with_mirror("insitu_block", "insitu_block_mirror", (normals ? 5 : 2) * points * sizeof(double), MemoryPhase::Held);
}

}  // namespace

double RunMemory::peak(bool device) const {
  double held = 0;
  std::map<MemoryPhase, double> phase;
  for (const Allocation& a : items) {
    if (a.device != device) continue;
    (a.phase == MemoryPhase::Held ? held : phase[a.phase]) += a.bytes * a.count;
  }
  double most = 0;
  for (const auto& [p, bytes] : phase) most = std::max(most, bytes);
  return held + most;
}

double RunMemory::total() const {
  double held = 0;
  std::map<MemoryPhase, double> phase;
  for (const Allocation& a : items) (a.phase == MemoryPhase::Held ? held : phase[a.phase]) += a.bytes * a.count;
  double most = 0;
  for (const auto& [p, bytes] : phase) most = std::max(most, bytes);
  return held + most;
}

double RunMemory::label_peak(const std::string& label, bool device) const {
  double held = 0;
  std::map<MemoryPhase, double> phase;
  for (const Allocation& a : items) {
    if (a.label != label || a.device != device) continue;
    (a.phase == MemoryPhase::Held ? held : phase[a.phase]) += a.bytes * a.count;
  }
  double most = 0;
  for (const auto& [p, bytes] : phase) most = std::max(most, bytes);
  return held + most;
}

RunMemory run_memory(const SimConfig& cfg, const Decomposition& dec, BlockForm form) {
  RunMemory m;
  Adder a{m, double(bytes_of(cfg.grid.precision))};
  const double field = field_cells(dec) * a.value_bytes;
  // The state and the registers of the integrator's stage table
  // (grid/fields.hpp): Euler's next state, RK2's first stage (Heun's second
  // writes over the state), or RKL2's f(Y_0) and its two stage values.
  for (const char* label : {"state_u", "state_v", "next_u", "next_v"}) a.add(label, field);
  for (int i = 2; i < registers_of(cfg.time.integrator); ++i)
    for (const char* species : {"_u", "_v"}) a.add("register" + std::to_string(i) + species, field);
  // physics.map: F and k per cell, ghosts included (physics/parameter_map.cpp).
  if (cfg.physics.map != ParameterMapType::None) {
    a.add("F_map", field);
    a.add("k_map", field);
  }
  // Past the int range the run is refused anyway (state_memory_problem), and
  // the halo boxes and block plans cannot be formed: the fields say enough.
  if (!within_int(dec)) return m;
  const bool diagonals = stencil_needs_diagonals(cfg.grid.stencil);
  add_halo(a, dec, diagonals, cfg.parallel.gpu_aware_mpi);
  // In situ reads ghosts: with a faces-only exchange the stepper builds a
  // second one with edges and corners at the first fill (driver/stepper.cpp).
  if (cfg.insitu.enabled() && !diagonals && dec.halo_depth() <= 1) add_halo(a, dec, true, cfg.parallel.gpu_aware_mpi);
  add_tiles(a, cfg, dec, form);
  if (cfg.insitu.enabled()) add_insitu(a, cfg, dec);
  add_start(a, cfg, dec);
  add_outputs(a, cfg, dec);
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
    for (int i = 0; i < a.count; ++i) sizes.emplace_back(a.bytes, a.label);
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

std::string state_memory_problem(const SimConfig& cfg, const Decomposition& dec) {
  MPI_Comm comm = dec.comm();
  bool too_big = field_cells(dec) > 2147483647.0 * 2147483647.0;  // extents past int range
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
