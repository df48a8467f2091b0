// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// summary.json: what a postprocess script needs to know about a finished run.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "core/json.hpp"
#include "grid/decomposition.hpp"
#include "physics/diagnostics.hpp"

namespace gs {

// One output's entry under "outputs" (see outputs/output.hpp).
struct OutputSummary {
  std::string name;
  long long calls = 0, bytes = 0;
  double seconds = 0;
  std::string last_path, failure;
  Json extra = Json::object();  // the output's own members (Output::summary_extra)
};

// Bumped whenever a documented key changes meaning, moves or is added (the
// schema requires every key; docs/io.md, docs/summary.schema.json). 3 added
// wall_time_per_rank_s, 4 time_integration, 5 the insitu entry's calls,
// seconds and MBps redefined and its files added, pattern, and the field
// outputs' format, cells and raw_bytes (with their keys in config.output), 6
// build (the version and source commit of the program), 7 time_integration
// order and stability_factor (the integrator table, numerics/integrator.hpp).
constexpr int kSummaryVersion = 8;

// How a run ended (Parthenon's DriverStatus): ran to time.steps, failed while
// running, or stopped early on request with a checkpoint to restart from.
enum class RunStatus { ok, failed, stopped };

// The name summary.json gives it ("status"): "ok", "failed" or "stopped".
constexpr const char* run_status_name(RunStatus status) {
  switch (status) {
    case RunStatus::ok: return "ok";
    case RunStatus::failed: return "failed";
    case RunStatus::stopped: return "stopped";
  }
  return "failed";
}

struct RunSummary {
  RunStatus status = RunStatus::ok;
  std::string error;
  long steps = 0;
  double time = 0;
  std::uint64_t digest = 0;
  std::map<std::string, double> wall_time;  // seconds per phase, max over ranks
  // init, compute, halo_exchange and time_loop of every rank, by rank (rank 0's copy)
  std::map<std::string, std::vector<double>> wall_time_per_rank;
  double cell_updates_per_s = 0;
  FieldStats final_stats;
  long long halo_bytes_per_exchange = 0;
  std::string restart_from;  // checkpoint this run started from
  std::vector<OutputSummary> outputs;
  Json pattern = nullptr;  // the last row of pattern.csv as an object; null when not measured
  Json dynamics = nullptr;  // the dynamics verdict (physics/dynamics.hpp); null when output.dynamics_window is 0
};

std::string digest_hex(std::uint64_t d);

// min, max and mean of u and v: the form of final_stats and diagnostics.last_stats.
void to_json(Json& j, const FieldStats& s);

// The summary as written to summary.json (rank 0's view).
Json summary_json(const SimConfig& cfg, const Decomposition& dec, const RunSummary& s);

// Rank 0 writes <output.dir>/summary.json (via a temporary file and a rename).
void write_summary(const SimConfig& cfg, const Decomposition& dec, const RunSummary& s);

}  // namespace gs
