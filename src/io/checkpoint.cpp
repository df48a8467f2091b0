#include "io/checkpoint.hpp"

#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "comm/reduce.hpp"
#include "config/loader.hpp"
#include "config/restart_rules.hpp"
#include "core/build_info.hpp"
#include "config/values.hpp"
#include "io/atomic_file.hpp"
#include "io/h5.hpp"
#include "io/summary.hpp"
#include "io/xdmf.hpp"
#include "core/hash.hpp"
#include "physics/diagnostics.hpp"

namespace fs = std::filesystem;

namespace gs {

namespace {

constexpr const char* kFormatName = "grayscott-checkpoint";

std::string checkpoint_name(long step) {
  char name[64];
  std::snprintf(name, sizeof name, "ckpt_%08ld.h5", step);
  return name;
}

// Step number of a "ckpt_<step>.h5" file name, or -1.
long step_of(const std::string& name) {
  if (name.size() < 9 || name.rfind("ckpt_", 0) != 0 || name.substr(name.size() - 3) != ".h5") return -1;
  const std::string digits = name.substr(5, name.size() - 8);
  // Up to 18 digits always fit a long: a longer name is a stray file, not a throw.
  if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  return std::stol(digits);
}

std::vector<long long> grid_n(const GridConfig& g) { return std::vector<long long>(g.n.begin(), g.n.begin() + g.dims); }
std::vector<double> grid_L(const GridConfig& g) { return std::vector<double>(g.L.begin(), g.L.begin() + g.dims); }

std::uint64_t parse_hex(const std::string& s, bool& ok) {
  ok = s.size() == 16 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
  return ok ? std::stoull(s, nullptr, 16) : 0;
}

std::uint64_t hash_text(const std::string& text) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a, then a full mix
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return mix64(h);
}

// Binds what a restart trusts besides the fields: editing step, time, the
// config or the lineage breaks it, as editing the data breaks the digest.
std::uint64_t seal_of(std::uint64_t digest, long long step, double time, const std::string& config, const std::string& lineage) {
  std::uint64_t time_bits = 0;
  std::memcpy(&time_bits, &time, sizeof time_bits);
  std::uint64_t h = hash_combine(mix64(digest), std::uint64_t(step));
  h = hash_combine(h, time_bits);
  h = hash_combine(h, hash_text(config));
  return hash_combine(h, hash_text(lineage));
}

// Rank 0, serially: the lineage attribute of a checkpoint file, or "" (unreadable, another format).
std::string lineage_of(const std::string& path) {
  H5Handle file = h5_open_read(path, MPI_COMM_SELF);
  std::string lineage;
  if (!file.valid() || !h5_read_attr(file.get(), "lineage", lineage)) return "";
  return lineage;
}

std::string new_lineage(MPI_Comm comm) {
  char buf[32] = {0};
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    char host[256] = {0};
    ::gethostname(host, sizeof host - 1);
    const auto now = std::chrono::system_clock::now().time_since_epoch().count();
    const std::uint64_t id = hash_combine(hash_combine(hash_text(host), std::uint64_t(::getpid())), std::uint64_t(now));
    std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)id);
  }
  GS_MPI_CHECK(MPI_Bcast(buf, sizeof buf, MPI_CHAR, 0, comm));
  return buf;
}

// Rank 0 looks at the file before HDF5 does: present, a regular file, an HDF5 signature.
std::string precheck_file(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return "checkpoint file does not exist";
  if (!fs::is_regular_file(path, ec)) return "not a regular file";
  const auto size = fs::file_size(path, ec);
  static const unsigned char signature[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
  unsigned char head[8] = {0};
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::string("cannot open (") + std::strerror(errno) + ")";
  in.read(reinterpret_cast<char*>(head), 8);
  if (ec || size < 8 || !in || std::memcmp(head, signature, 8) != 0)
    return "not an HDF5 file (empty, truncated at the start, or another format)";
  return "";
}

// Compares what the checkpoint was written for with this run's config.
std::string compare_config(hid_t file, const SimConfig& cfg) {
  std::string format;
  long long version = 0;
  if (!h5_read_attr(file, "format", format) || format != kFormatName) return "not a grayscott checkpoint (attribute 'format' missing)";
  if (!h5_read_attr(file, "format_version", version)) return "attribute 'format_version' missing";
  if (version != kCheckpointFormatVersion)
    return "checkpoint format version " + std::to_string(version) + " is not supported; this build reads version " +
           std::to_string(kCheckpointFormatVersion);
  // Every key's restart role comes from the key table (config/restart_rules).
  std::string stored;
  if (!h5_read_attr(file, "config", stored)) return "attribute 'config' missing";
  return restart_conflict(cfg, stored);
}

// Test hook: GS_TEST_KILL_IN_CHECKPOINT=<step> makes rank 0 die by SIGKILL in
// the middle of writing that step's checkpoint (data written, file not closed).
void maybe_die_mid_write(long step, int rank) {
  const char* env = std::getenv("GS_TEST_KILL_IN_CHECKPOINT");
  if (env && std::atol(env) == step && rank == 0) {
    std::fprintf(stderr, "grayscott: test hook: killing rank 0 while writing the checkpoint of step %ld\n", step);
    std::fflush(stderr);
    std::raise(SIGKILL);
  }
}

}  // namespace

std::string checkpoint_dir(const std::string& output_dir) { return output_dir + "/checkpoints"; }

CheckpointStore::CheckpointStore(const SimConfig& cfg, const Decomposition& dec)
    : cfg_(cfg), dec_(dec), dir_(checkpoint_dir(cfg.output.dir)) {
  if (cfg.restart.empty()) {
    lineage_ = new_lineage(dec.comm());
    return;
  }
  // The restart's checkpoint was verified before any output was made.
  char buf[32] = {0};
  if (dec.rank() == 0) std::snprintf(buf, sizeof buf, "%s", lineage_of(resolve_restart(cfg.restart, cfg)).c_str());
  GS_MPI_CHECK(MPI_Bcast(buf, sizeof buf, MPI_CHAR, 0, dec.comm()));
  lineage_ = buf[0] ? std::string(buf) : new_lineage(dec.comm());
}

std::string foreign_checkpoints(const SimConfig& cfg) {
  const std::string dir = checkpoint_dir(cfg.output.dir);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return "";
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (step_of(entry.path().filename().string()) >= 0) found.push_back(entry.path().filename().string());
  if (found.empty()) return "";
  std::sort(found.begin(), found.end());
  return "key 'output.dir': " + dir + " holds " + std::to_string(found.size()) + " checkpoint(s) of another run (newest " +
         found.back() + "); continue it with restart=latest, choose another output.dir, or set checkpoint.overwrite = true";
}

CheckpointInfo CheckpointStore::write(long step, double time, std::uint64_t digest, const State& f) const {
  const std::string name = checkpoint_name(step);
  const std::string path = dir_ + "/" + name;
  const std::string tmp = path + ".tmp";
  std::string err;
  if (dec_.rank() == 0) {
    std::error_code ec;
    // Only the checkpoints subfolder: an output.dir removed during the run is not brought back.
    fs::create_directory(dir_, ec);
    fs::remove(tmp, ec);
    if (!fs::is_directory(dir_)) err = dir_ + ": cannot create the checkpoint folder";
    // On several ranks HDF5 1.10 cannot recover from a write that fails for
    // lack of space (its collective metadata write does not agree on the error
    // across ranks, which then wait in different collectives), so a disk that
    // is already too full is found before the file is created.
    struct statvfs vfs;
    const double need = 2.0 * 8.0 * double(cfg_.grid.cells()) + 4096.0;  // the data, a lower bound
    // Test hook: GS_TEST_NO_SPACE_CHECK=1 skips it, so that the data write itself fails.
    const bool skip = std::getenv("GS_TEST_NO_SPACE_CHECK") != nullptr;
    if (err.empty() && !skip && ::statvfs(dir_.c_str(), &vfs) == 0 && double(vfs.f_bavail) * double(vfs.f_frsize) < need) {
      char text[160];
      std::snprintf(text, sizeof text, ": not enough free space for the checkpoint of step %ld (%.3g bytes needed, %.3g free)", step,
                    need, double(vfs.f_bavail) * double(vfs.f_frsize));
      err = dir_ + text;
    }
  }
  err = first_error(err, dec_.comm());
  if (!err.empty()) throw RunError(err);

  // Any failure (a full disk) is made collective before the next collective
  // HDF5 call, the file is closed on every rank, and the .tmp removed, so all
  // ranks leave together and 'latest' and the older checkpoints stay as they were.
  const MPI_Comm comm = dec_.comm();
  {
    H5Handle file = h5_create(tmp, comm);
    err = first_error(file.valid() ? "" : tmp + ": cannot create the checkpoint file", comm);
    if (err.empty()) {
      const hid_t id = file.get();
      try {
        h5_write_attr(id, "format", std::string(kFormatName));
        h5_write_attr(id, "format_version", kCheckpointFormatVersion);
        h5_write_attr(id, "code_version", std::string(GS_VERSION));
        h5_write_attr(id, "step", (long long)step);
        h5_write_attr(id, "time", time);
        h5_write_attr(id, "digest", digest_hex(digest));
        h5_write_attr(id, "dims", (long long)cfg_.grid.dims);
        h5_write_attr(id, "n", grid_n(cfg_.grid));
        h5_write_attr(id, "L", grid_L(cfg_.grid));
        h5_write_attr(id, "ranks_written", (long long)dec_.size());
        const std::string config = config_to_json(cfg_, 0);
        h5_write_attr(id, "config", config);
        h5_write_attr(id, "lineage", lineage_);
        h5_write_attr(id, "seal", digest_hex(seal_of(digest, step, time, config, lineage_)));
      } catch (const RunError& e) {
        err = e.what();
      }
      err = first_error(err, comm);
    }
    if (err.empty()) {
      try {
        h5_write_state(file.get(), dec_, f);  // collective on failure too
      } catch (const RunError& e) {
        err = tmp + ": writing the checkpoint data failed: " + e.what();
      }
    }
    if (err.empty()) maybe_die_mid_write(step, dec_.rank());
    if (!err.empty()) {
      // HDF5 flushes metadata at close; on a full disk that fails too, and a
      // file HDF5 failed to close crashes MPI_Finalize. The file is dropped
      // anyway, so its data blocks are given back first to let the close succeed.
      if (dec_.rank() == 0 && ::truncate(tmp.c_str(), 0) != 0) err += " (and " + tmp + " could not be truncated)";
      GS_MPI_CHECK(MPI_Barrier(comm));
    }
    const bool closed = file.close();
    if (allreduce_any(!closed, comm) && err.empty()) err = tmp + ": closing the checkpoint failed (disk full?)";
  }
  if (!err.empty()) {
    if (dec_.rank() == 0) {
      std::error_code ec;
      fs::remove(tmp, ec);
    }
    throw RunError(err + "; the previous checkpoints and 'latest' are kept");
  }

  CheckpointInfo info{path, step, time, digest, 0, lineage_};
  if (dec_.rank() == 0) {
    try {
      fsync_path(tmp);
      if (std::rename(tmp.c_str(), path.c_str()) != 0) throw RunError(path + ": cannot move the checkpoint into place");
      write_xdmf(dir_ + "/" + name.substr(0, name.size() - 3) + ".xmf", cfg_.grid, {{name, step, time}}, false);
      write_file_atomically(dir_ + "/latest", name + "\n", "the latest-checkpoint pointer");
      fsync_path(dir_);
      info.bytes = (long long)fs::file_size(path);
      prune();
    } catch (const std::exception& e) {
      err = e.what();
    }
  }
  err = first_error(err, dec_.comm());
  if (!err.empty()) throw RunError(err);
  GS_MPI_CHECK(MPI_Bcast(&info.bytes, 1, MPI_LONG_LONG, 0, dec_.comm()));
  return info;
}

void CheckpointStore::prune() const {
  std::vector<long> steps;
  for (const auto& entry : fs::directory_iterator(dir_)) {
    const std::string file = entry.path().filename().string();
    const long s = step_of(file);
    if (s >= 0) {
      // Only this run's lineage: another run's checkpoints in the folder are never deleted.
      if (lineage_of(entry.path().string()) == lineage_) steps.push_back(s);
      continue;
    }
    // Files of ours (sidecars, the pointer, a crashed write's .tmp) are not strays.
    const bool ours = file == "latest" || file == ".lock" || (file.size() > 4 && file.substr(file.size() - 4) == ".tmp") ||
                      (file.size() > 4 && file.substr(file.size() - 4) == ".xmf" && step_of(file.substr(0, file.size() - 4) + ".h5") >= 0);
    if (!ours && warned_.insert(file).second)
      std::fprintf(stderr, "grayscott: warning: %s/%s is not a checkpoint of this program; ignored (never pruned)\n", dir_.c_str(),
                   file.c_str());
  }
  std::sort(steps.begin(), steps.end());
  const long excess = long(steps.size()) - cfg_.checkpoint.keep;
  for (long i = 0; i < excess; ++i) {
    const std::string base = dir_ + "/" + checkpoint_name(steps[std::size_t(i)]);
    std::error_code ec;
    fs::remove(base.substr(0, base.size() - 3) + ".xmf", ec);
    fs::remove(base, ec);
  }
}

std::string resolve_restart(const std::string& arg, const SimConfig& cfg) {
  std::string folder;
  std::error_code ec;
  if (arg == "latest") {
    folder = checkpoint_dir(cfg.output.dir);
  } else if (fs::is_directory(arg, ec)) {
    folder = fs::exists(arg + "/latest") ? arg : checkpoint_dir(arg);
  } else {
    return arg;
  }
  std::ifstream in(folder + "/latest");
  std::string name;
  if (!in) throw InputError("restart=" + arg + ": no checkpoint found (" + folder + "/latest is missing or unreadable)");
  if (!(in >> name) || step_of(name) < 0) {
    if (name.size() > 60) name = name.substr(0, 28) + "..." + name.substr(name.size() - 28);
    for (auto& c : name)
      if (c < 0x20 || c == 0x7f) c = '?';
    throw InputError("restart=" + arg + ": " + folder + "/latest does not name a checkpoint (got '" + name +
                     "'; expected ckpt_<step>.h5 with up to 18 digits)");
  }
  return folder + "/" + name;
}

CheckpointInfo read_checkpoint(const std::string& path, const SimConfig& cfg, const Decomposition& dec, State& f) {
  const auto fail_if = [&](const std::string& local) {
    const std::string err = first_error(local, dec.comm());
    if (!err.empty()) throw InputError(path + ": " + err);
  };
  fail_if(dec.rank() == 0 ? precheck_file(path) : "");
  H5Handle file = h5_open_read(path, dec.comm());
  fail_if(file.valid() ? "" : "HDF5 cannot open it (truncated or damaged file)");
  fail_if(compare_config(file.get(), cfg));

  CheckpointInfo info;
  info.path = path;
  long long step = -1;
  std::string digest_text;
  bool hex_ok = false;
  fail_if(h5_read_attr(file.get(), "step", step) && step >= 0 ? "" : "attribute 'step' missing or invalid");
  fail_if(h5_read_attr(file.get(), "time", info.time) ? "" : "attribute 'time' missing");
  fail_if(h5_read_attr(file.get(), "digest", digest_text) ? "" : "attribute 'digest' missing");
  info.digest = parse_hex(digest_text, hex_ok);
  fail_if(hex_ok ? "" : "attribute 'digest' is not 16 hex digits");
  std::string config, seal_text;
  fail_if(h5_read_attr(file.get(), "config", config) && h5_read_attr(file.get(), "lineage", info.lineage) &&
                  h5_read_attr(file.get(), "seal", seal_text)
              ? ""
              : "attribute 'lineage' or 'seal' missing");
  fail_if(seal_text == digest_hex(seal_of(info.digest, step, info.time, config, info.lineage))
              ? ""
              : "attributes step, time, config, lineage or digest do not match the stored seal; the file was edited or damaged");
  info.step = long(step);
  fail_if(h5_read_state(file.get(), dec, f));
  file.close();

  const std::uint64_t computed = state_digest(f, dec);
  if (computed != info.digest)
    throw InputError(path + ": the data do not match the stored digest (stored " + digest_text + ", computed " +
                     digest_hex(computed) + "); the file is damaged");
  return info;
}

}  // namespace gs
