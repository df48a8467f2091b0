#pragma once
// summary.json: what a postprocess script needs to know about a finished run.
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "physics/diagnostics.hpp"

namespace gs {

struct RunSummary {
  std::string status = "ok";  // ok | failed
  std::string error;
  long steps = 0;
  double time = 0;
  std::uint64_t digest = 0;
  std::vector<std::pair<long, std::uint64_t>> digests;  // (step, digest) at every output
  std::map<std::string, double> wall_time;             // seconds per phase, max over ranks
  double cell_updates_per_s = 0;
  FieldStats final_stats;
  long long halo_bytes_per_exchange = 0;
  std::string restart_from;     // checkpoint this run started from
  std::string last_checkpoint;  // newest checkpoint written
  long long checkpoint_bytes = 0, fields_bytes = 0;
  double checkpoint_seconds = 0, fields_seconds = 0;
  std::map<std::string, std::string> outputs;  // output name -> JSON object text
};

std::string digest_hex(std::uint64_t d);

// Rank 0 writes <output.dir>/summary.json (via a temporary file and a rename).
void write_summary(const SimConfig& cfg, const Decomposition& dec, const RunSummary& s);

}  // namespace gs
