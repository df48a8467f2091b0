// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// summary.json (summary.hpp): the run's result as one JSON document, built as
// a value and written by rank 0 through a temporary file and a rename. Its
// shape is published as docs/summary.schema.json.
#include "io/summary.hpp"

#include <cstdio>

#include "config/config_json.hpp"
#include "core/build_info.hpp"
#include "core/float_env.hpp"
#include "core/source_info.hpp"
#include "core/types.hpp"
#include "io/atomic_file.hpp"

namespace gs {

namespace {

// null for "none" (no error, no file), so readers test one thing.
Json text_or_null(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

Json output_json(const OutputSummary& o) {
  Json j = {{"calls", o.calls},
            {"bytes", o.bytes},
            {"seconds", json_finite(o.seconds)},
            {"MBps", o.seconds > 0 && o.bytes > 0 ? json_finite(o.bytes / o.seconds / 1e6) : Json(nullptr)},
            {"last", text_or_null(o.last_path)},
            {"failure", text_or_null(o.failure)}};
  for (const auto& [key, value] : o.extra.items()) j[key] = value;
  return j;
}

}  // namespace

std::string digest_hex(std::uint64_t d) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)d);
  return buf;
}

void to_json(Json& j, const FieldStats& s) {
  const double n = s.cells ? double(s.cells) : 1.0;
  j = {{"u_min", json_finite(s.u.min)}, {"u_max", json_finite(s.u.max)}, {"u_mean", json_finite(s.u.sum / n)},
       {"v_min", json_finite(s.v.min)}, {"v_max", json_finite(s.v.max)}, {"v_mean", json_finite(s.v.sum / n)}};
}

// The integrator as the run resolved it (summary_version 4): rkl2's stage
// count (time.stages may say "auto"), and the limits dt was checked against.
Json time_integration_json(const SimConfig& cfg) {
  const TimeConfig& t = cfg.time;
  const Scheme scheme = t.scheme();
  return {{"integrator", name_of(t.integrator)},
          {"stages", takes_stage_count(t.integrator) ? Json(t.resolved_stages) : Json(nullptr)},
          {"stages_per_step", scheme.stages()},
          {"order", scheme.order},
          {"stability_factor", json_finite(scheme.stability_factor)},
          {"dt", json_finite(t.dt)},
          {"dt_explicit_limit", json_finite(t.dt_limit)},
          {"dt_stable", json_finite(t.dt_stable)}};
}

// The build that wrote the summary (summary_version 6): the version and the
// source commit, and whether the checkout held uncommitted changes (null: not known).
static Json build_json() {
  const SourceInfo& src = source_info();
  return {{"version", GS_VERSION},
          {"commit", src.commit},
          {"modified", src.modified < 0 ? Json(nullptr) : Json(src.modified == 1)}};
}

Json summary_json(const SimConfig& cfg, const Decomposition& dec, const RunSummary& s) {
  const int v = KOKKOS_VERSION;
  const std::string kokkos_version = std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
  Json wall = Json::object();
  for (const auto& [phase, secs] : s.wall_time) wall[phase] = json_finite(secs);
  Json per_rank = Json::object();
  for (const auto& [phase, secs] : s.wall_time_per_rank) {
    Json by_rank = Json::array();
    for (const double t : secs) by_rank.push_back(json_finite(t));
    per_rank[phase] = by_rank;
  }
  Json outputs = Json::object();
  for (const OutputSummary& o : s.outputs) outputs[o.name] = output_json(o);
  return {{"summary_version", kSummaryVersion},
          {"status", run_status_name(s.status)},
          {"error", text_or_null(s.error)},
          {"input", cfg.input_file},
          {"steps", s.steps},
          {"time", json_finite(s.time)},
          {"digest", digest_hex(s.digest)},
          {"ranks", dec.size()},
          {"layout", std::vector<int>(dec.layout(), dec.layout() + dec.dims())},
          {"global_cells", cfg.grid.cells()},
          {"build", build_json()},
          {"kokkos", {{"backend", ExecSpace::name()}, {"version", kokkos_version}}},
          {"subnormals", subnormal_mode()},
          {"wall_time_s", wall},
          {"wall_time_per_rank_s", per_rank},
          {"cell_updates_per_s", json_finite(s.cell_updates_per_s)},
          {"outputs", outputs},
          {"restart_from", text_or_null(s.restart_from)},
          {"halo_bytes_per_exchange_rank0", s.halo_bytes_per_exchange},
          {"final_stats", s.final_stats},
          {"pattern", s.pattern},
          {"dynamics", s.dynamics},
          {"time_integration", time_integration_json(cfg)},
          {"config", config_json(cfg)}};
}

void write_summary(const SimConfig& cfg, const Decomposition& dec, const RunSummary& s) {
  if (dec.rank() != 0) return;
  write_file_atomically(cfg.output.dir + "/summary.json", dump_json(summary_json(cfg, dec, s), 2) + "\n", "the run summary");
}

}  // namespace gs
