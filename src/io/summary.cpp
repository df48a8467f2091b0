#include "io/summary.hpp"

#include <cstdio>
#include <sstream>

#include "config/loader.hpp"
#include "config/values.hpp"
#include "core/error.hpp"
#include "io/atomic_file.hpp"
#include "core/types.hpp"

namespace gs {

std::string digest_hex(std::uint64_t d) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)d);
  return buf;
}

void write_summary(const SimConfig& cfg, const Decomposition& dec, const RunSummary& s) {
  if (dec.rank() != 0) return;
  std::ostringstream os;
  {
    const int v = KOKKOS_VERSION;
    const double mean_div = s.final_stats.cells ? double(s.final_stats.cells) : 1.0;
    os << "{\n";
    os << "  \"status\": " << json_string(s.status) << ",\n";
    os << "  \"error\": " << (s.error.empty() ? "null" : json_string(s.error)) << ",\n";
    os << "  \"input\": " << json_string(cfg.input_file) << ",\n";
    os << "  \"steps\": " << s.steps << ",\n";
    os << "  \"time\": " << json_number(s.time) << ",\n";
    os << "  \"digest\": " << json_string(digest_hex(s.digest)) << ",\n";
    os << "  \"ranks\": " << dec.size() << ",\n";
    os << "  \"layout\": " << json_list(dec.layout(), dec.dims()) << ",\n";
    os << "  \"global_cells\": " << cfg.grid.cells() << ",\n";
    os << "  \"kokkos\": {\"backend\": " << json_string(ExecSpace::name()) << ", \"version\": \"" << v / 10000 << "."
       << v / 100 % 100 << "." << v % 100 << "\"},\n";
    os << "  \"wall_time_s\": {";
    bool first = true;
    for (const auto& [phase, secs] : s.wall_time) {
      os << (first ? "" : ", ") << json_string(phase) << ": " << json_number(secs);
      first = false;
    }
    os << "},\n";
    os << "  \"cell_updates_per_s\": " << json_number(s.cell_updates_per_s) << ",\n";
    const auto rate = [](long long bytes, double secs) { return secs > 0 ? json_number(bytes / secs / 1e6) : std::string("null"); };
    os << "  \"io\": {\"checkpoint_bytes\": " << s.checkpoint_bytes << ", \"checkpoint_s\": " << json_number(s.checkpoint_seconds)
       << ", \"checkpoint_write_MBps\": " << rate(s.checkpoint_bytes, s.checkpoint_seconds)
       << ", \"fields_bytes\": " << s.fields_bytes << ", \"fields_s\": " << json_number(s.fields_seconds)
       << ", \"fields_write_MBps\": " << rate(s.fields_bytes, s.fields_seconds) << "},\n";
    if (!s.outputs.empty()) {
      os << "  \"outputs\": {";
      bool first_output = true;
      for (const auto& [name, body] : s.outputs) {
        os << (first_output ? "" : ", ") << json_string(name) << ": " << body;
        first_output = false;
      }
      os << "},\n";
    }
    os << "  \"restart_from\": " << (s.restart_from.empty() ? "null" : json_string(s.restart_from)) << ",\n";
    os << "  \"last_checkpoint\": " << (s.last_checkpoint.empty() ? "null" : json_string(s.last_checkpoint)) << ",\n";
    os << "  \"halo_bytes_per_exchange_rank0\": " << s.halo_bytes_per_exchange << ",\n";
    os << "  \"final_stats\": {\"u_min\": " << json_number(s.final_stats.u.min) << ", \"u_max\": "
       << json_number(s.final_stats.u.max) << ", \"u_mean\": " << json_number(s.final_stats.u.sum / mean_div)
       << ", \"v_min\": " << json_number(s.final_stats.v.min) << ", \"v_max\": " << json_number(s.final_stats.v.max)
       << ", \"v_mean\": " << json_number(s.final_stats.v.sum / mean_div) << "},\n";
    os << "  \"digests\": [";
    for (std::size_t i = 0; i < s.digests.size(); ++i)
      os << (i ? ", " : "") << "{\"step\": " << s.digests[i].first << ", \"digest\": \""
         << digest_hex(s.digests[i].second) << "\"}";
    os << "],\n";
    os << "  \"config\": " << config_to_json(cfg, 2) << "\n";
    os << "}\n";
  }
  write_file_atomically(cfg.output.dir + "/summary.json", os.str(), "the run summary");
}

}  // namespace gs
