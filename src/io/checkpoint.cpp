#include "io/checkpoint.hpp"

#include <algorithm>
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
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  return std::stol(digits);
}

std::vector<long long> grid_n(const GridConfig& g) { return std::vector<long long>(g.n.begin(), g.n.begin() + g.dims); }
std::vector<double> grid_L(const GridConfig& g) { return std::vector<double>(g.L.begin(), g.L.begin() + g.dims); }

std::uint64_t parse_hex(const std::string& s, bool& ok) {
  ok = s.size() == 16 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
  return ok ? std::stoull(s, nullptr, 16) : 0;
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
    : cfg_(cfg), dec_(dec), dir_(checkpoint_dir(cfg.output.dir)) {}

CheckpointInfo CheckpointStore::write(long step, double time, std::uint64_t digest, const State& f) const {
  const std::string name = checkpoint_name(step);
  const std::string path = dir_ + "/" + name;
  const std::string tmp = path + ".tmp";
  std::string err;
  if (dec_.rank() == 0) {
    std::error_code ec;
    fs::create_directories(dir_, ec);
    fs::remove(tmp, ec);
    if (!fs::is_directory(dir_)) err = dir_ + ": cannot create the checkpoint folder";
  }
  err = first_error(err, dec_.comm());
  if (!err.empty()) throw RunError(err);

  H5Handle file = h5_create(tmp, dec_.comm());
  if (!file.valid()) throw RunError(tmp + ": cannot create the checkpoint file");
  const hid_t id = file.get();
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
  h5_write_attr(id, "config", config_to_json(cfg_, 0));
  h5_write_state(id, dec_, f);
  maybe_die_mid_write(step, dec_.rank());
  if (!file.close()) throw RunError(tmp + ": closing the checkpoint failed (disk full?)");

  CheckpointInfo info{path, step, time, digest, 0};
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
    const long s = step_of(entry.path().filename().string());
    if (s >= 0) steps.push_back(s);
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
  if (!in || !(in >> name) || step_of(name) < 0)
    throw InputError("restart=" + arg + ": no checkpoint found (" + folder + "/latest is missing or unreadable)");
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
