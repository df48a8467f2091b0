// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Reading and verifying a checkpoint for a restart: the path is looked at
// before HDF5 opens the file (once), then its format, config, seal and data
// digest are checked, each failure one InputError naming the file.
#include "io/checkpoint_reader.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "comm/reduce.hpp"
#include "config/restart_rules.hpp"
#include "io/checkpoint_format.hpp"
#include "io/checkpoint_names.hpp"
#include "io/h5.hpp"
#include "io/summary.hpp"
#include "physics/diagnostics.hpp"

namespace fs = std::filesystem;

namespace gs {

namespace {

std::uint64_t parse_hex(const std::string& s, bool& ok) {
  ok = s.size() == 16 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
  return ok ? std::stoull(s, nullptr, 16) : 0;
}

// Rank 0 looks at the path before HDF5 does (without opening the file): present, a regular file.
std::string precheck_path(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return "checkpoint file does not exist";
  if (!fs::is_regular_file(path, ec)) return "not a regular file";
  return "";
}

// Rank 0, only once HDF5 could not open the file: why not, from its first bytes.
std::string why_unopenable(const std::string& path) {
  static const unsigned char signature[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
  unsigned char head[8] = {0};
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::string("cannot open (") + std::strerror(errno) + ")";
  in.read(reinterpret_cast<char*>(head), 8);
  if (!in || std::memcmp(head, signature, 8) != 0) return "not an HDF5 file (empty, truncated at the start, or another format)";
  return "HDF5 cannot open it (truncated or damaged file)";
}

// Compares what the checkpoint was written for with this run's config.
std::string compare_config(hid_t file, const SimConfig& cfg) {
  std::string format;
  long long version = 0;
  if (!h5_read_attr(file, "format", format) || format != kCheckpointFormatName)
    return "not a grayscott checkpoint (attribute 'format' missing)";
  if (!h5_read_attr(file, "format_version", version)) return "attribute 'format_version' missing";
  if (version != kCheckpointFormatVersion)
    return "checkpoint format version " + std::to_string(version) + " is not supported; this build reads version " +
           std::to_string(kCheckpointFormatVersion);
  // Every key's restart role comes from the key table (config/restart_rules).
  std::string stored;
  if (!h5_read_attr(file, "config", stored)) return "attribute 'config' missing";
  return restart_conflict(cfg, stored);
}

}  // namespace

std::string checkpoint_lineage(const std::string& path) {
  H5Handle file = h5_open_read(path, MPI_COMM_SELF);
  std::string lineage;
  if (!file.valid() || !h5_read_attr(file.get(), "lineage", lineage)) return "";
  return lineage;
}

template <class Real>
RestartPoint read_restart_point(const SimConfig& cfg, const Decomposition& dec, State<Real>& f) {
  RestartPoint point;
  std::string note;
  point.path = resolve_restart(cfg.restart, cfg, &note);
  const std::string& path = point.path;
  if (!note.empty() && dec.rank() == 0) {
    std::fprintf(stderr, "grayscott: warning: %s\n", note.c_str());
    std::fflush(stderr);
  }
  // Each check runs on every rank (check: returns "" or why, or throws) and
  // every rank learns of a failure on any of them before the next collective call.
  const auto fail_if = [&](auto&& check) {
    const std::string err = first_error_of(check, dec.comm());
    if (!err.empty()) throw InputError(path + ": " + err);
  };
  const bool root = dec.rank() == 0;
  fail_if([&] { return root ? precheck_path(path) : ""; });
  // The one time the file is opened: attributes, then the data, then closed.
  H5Handle file = h5_open_read(path, dec.comm());
  if (allreduce_any(!file.valid(), dec.comm())) fail_if([&] { return root ? why_unopenable(path) : ""; });
  fail_if([&] { return compare_config(file.get(), cfg); });

  long long step = -1;
  std::string digest_text;
  bool hex_ok = false;
  fail_if([&] { return h5_read_attr(file.get(), "step", step) && step >= 0 ? "" : "attribute 'step' missing or invalid"; });
  fail_if([&] { return h5_read_attr(file.get(), "time", point.time) ? "" : "attribute 'time' missing"; });
  fail_if([&] { return h5_read_attr(file.get(), "digest", digest_text) ? "" : "attribute 'digest' missing"; });
  point.digest = parse_hex(digest_text, hex_ok);
  fail_if([&] { return hex_ok ? "" : "attribute 'digest' is not 16 hex digits"; });
  std::string config, seal_text;
  fail_if([&] {
    return h5_read_attr(file.get(), "config", config) && h5_read_attr(file.get(), "lineage", point.lineage) &&
                   h5_read_attr(file.get(), "seal", seal_text)
               ? ""
               : "attribute 'lineage' or 'seal' missing";
  });
  fail_if([&] {
    return seal_text == digest_hex(checkpoint_seal(point.digest, step, point.time, config, point.lineage))
               ? ""
               : "attributes step, time, config, lineage or digest do not match the stored seal; the file was edited or damaged";
  });
  point.step = long(step);
  fail_if([&] { return h5_read_state(file.get(), dec, f); });
  file.close();

  const std::uint64_t computed = state_digest(f, dec);
  if (computed != point.digest)
    throw InputError(path + ": the data do not match the stored digest (stored " + digest_text + ", computed " +
                     digest_hex(computed) + "); the file is damaged");
  return point;
}

template RestartPoint read_restart_point(const SimConfig&, const Decomposition&, State<float>&);
template RestartPoint read_restart_point(const SimConfig&, const Decomposition&, State<double>&);

}  // namespace gs
