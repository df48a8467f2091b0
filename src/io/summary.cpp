#include "io/summary.hpp"

#include <cstdio>
#include <sstream>

#include "config/loader.hpp"
#include "config/values.hpp"
#include "core/error.hpp"
#include "core/float_env.hpp"
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
    os << "  \"summary_version\": " << kSummaryVersion << ",\n";
    os << "  \"status\": " << json_string(run_status_name(s.status)) << ",\n";
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
    os << "  \"subnormals\": " << json_string(subnormal_mode()) << ",\n";
    os << "  \"wall_time_s\": {";
    bool first = true;
    for (const auto& [phase, secs] : s.wall_time) {
      os << (first ? "" : ", ") << json_string(phase) << ": " << json_number(secs);
      first = false;
    }
    os << "},\n";
    os << "  \"cell_updates_per_s\": " << json_number(s.cell_updates_per_s) << ",\n";
    os << "  \"outputs\": {";
    for (std::size_t i = 0; i < s.outputs.size(); ++i) {
      const OutputSummary& o = s.outputs[i];
      os << (i ? ",\n" : "\n") << "    " << json_string(o.name) << ": {\"calls\": " << o.calls << ", \"bytes\": " << o.bytes
         << ", \"seconds\": " << json_number(o.seconds) << ", \"MBps\": "
         << (o.seconds > 0 && o.bytes > 0 ? json_number(o.bytes / o.seconds / 1e6) : std::string("null"))
         << ", \"last\": " << (o.last_path.empty() ? "null" : json_string(o.last_path))
         << ", \"failure\": " << (o.failure.empty() ? "null" : json_string(o.failure))
         << (o.extra_json.empty() ? "" : ", " + o.extra_json) << "}";
    }
    os << (s.outputs.empty() ? "},\n" : "\n  },\n");
    os << "  \"restart_from\": " << (s.restart_from.empty() ? "null" : json_string(s.restart_from)) << ",\n";
    os << "  \"halo_bytes_per_exchange_rank0\": " << s.halo_bytes_per_exchange << ",\n";
    os << "  \"final_stats\": {\"u_min\": " << json_number(s.final_stats.u.min) << ", \"u_max\": "
       << json_number(s.final_stats.u.max) << ", \"u_mean\": " << json_number(s.final_stats.u.sum / mean_div)
       << ", \"v_min\": " << json_number(s.final_stats.v.min) << ", \"v_max\": " << json_number(s.final_stats.v.max)
       << ", \"v_mean\": " << json_number(s.final_stats.v.sum / mean_div) << "},\n";
    os << "  \"config\": " << config_to_json(cfg, 2) << "\n";
    os << "}\n";
  }
  write_file_atomically(cfg.output.dir + "/summary.json", os.str(), "the run summary");
}

}  // namespace gs
