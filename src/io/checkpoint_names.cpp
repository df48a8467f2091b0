// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Naming of the checkpoints folder: file names, 'latest', restart= resolution,
// the foreign-checkpoints guard and pruning.
#include "io/checkpoint_names.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

#include "core/error.hpp"
#include "io/checkpoint_reader.hpp"

namespace fs = std::filesystem;

namespace gs {

std::string checkpoint_dir(const std::string& output_dir) { return output_dir + "/checkpoints"; }

std::string checkpoint_file_name(long step) {
  char name[64];
  std::snprintf(name, sizeof name, "ckpt_%08ld.h5", step);
  return name;
}

long checkpoint_step_of(const std::string& name) {
  if (name.size() < 9 || name.rfind("ckpt_", 0) != 0 || name.substr(name.size() - 3) != ".h5") return -1;
  const std::string digits = name.substr(5, name.size() - 8);
  // Up to 18 digits always fit a long: a longer name is a stray file, not a throw.
  if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  return std::stol(digits);
}

namespace {

// The newest ckpt_<step>.h5 in `folder` (a regular, non-empty file: the writer
// renames a checkpoint into place only once it is whole), or "".
std::string newest_checkpoint_in(const std::string& folder) {
  std::error_code ec;
  long best = -1;
  std::string found;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const long step = checkpoint_step_of(name);
    std::error_code e2;
    if (step > best && it->is_regular_file(e2) && fs::file_size(it->path(), e2) > 0 && !e2) best = step, found = name;
  }
  return found;
}

}  // namespace

std::string resolve_restart(const std::string& arg, const SimConfig& cfg, std::string* note) {
  std::string folder;
  std::error_code ec;
  if (arg == "latest") {
    folder = checkpoint_dir(cfg.output.dir);
  } else if (fs::is_directory(arg, ec)) {
    folder = fs::exists(arg + "/latest") ? arg : checkpoint_dir(arg);
  } else {
    if (!fs::exists(arg, ec)) throw InputError("restart=" + arg + ": checkpoint file does not exist");
    return arg;
  }
  std::ifstream in(folder + "/latest");
  std::string name;
  if (!in) throw InputError("restart=" + arg + ": no checkpoint found (" + folder + "/latest is missing or unreadable)");
  if (!(in >> name) || checkpoint_step_of(name) < 0) {
    // (control bytes in it are escaped by InputError itself)
    if (name.size() > 60) name = name.substr(0, 28) + "..." + name.substr(name.size() - 28);
    throw InputError("restart=" + arg + ": " + folder + "/latest does not name a checkpoint (got '" + name +
                     "'; expected ckpt_<step>.h5 with up to 18 digits)");
  }
  if (fs::exists(folder + "/" + name, ec)) return folder + "/" + name;
  // The pointer outlived its file (deleted by hand, or lost): the newest
  // checkpoint still there continues the run, and the user is told which.
  const std::string newest = newest_checkpoint_in(folder);
  if (newest.empty())
    throw InputError("restart=" + arg + ": " + folder + "/latest names " + name + ", which is gone, and no other checkpoint is there");
  if (note) *note = "restart=" + arg + ": " + folder + "/latest names " + name + ", which is gone; continuing from the newest checkpoint there, " + newest;
  return folder + "/" + newest;
}

std::string foreign_checkpoints(const SimConfig& cfg) {
  const std::string dir = checkpoint_dir(cfg.output.dir);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return "";
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (checkpoint_step_of(entry.path().filename().string()) >= 0) found.push_back(entry.path().filename().string());
  if (found.empty()) return "";
  std::sort(found.begin(), found.end());
  return "key 'output.dir': " + dir + " holds " + std::to_string(found.size()) + " checkpoint(s) of another run (newest " +
         found.back() + "); continue it with restart=latest, choose another output.dir, or set checkpoint.overwrite = true";
}

void prune_checkpoints(const std::string& dir, const std::string& lineage, long keep, std::set<std::string>& warned) {
  const auto ends_with = [](const std::string& s, const char* tail) {
    const std::string t(tail);
    return s.size() > t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
  };
  std::vector<long> steps;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    const long s = checkpoint_step_of(file);
    if (s >= 0) {
      // Only this run's lineage: another run's checkpoints in the folder are never deleted.
      if (checkpoint_lineage(entry.path().string()) == lineage) steps.push_back(s);
      continue;
    }
    // Files of ours (sidecars, the pointer, a crashed write's .tmp) are not strays.
    const bool ours = file == "latest" || file == ".lock" || ends_with(file, ".tmp") ||
                      (ends_with(file, ".xmf") && checkpoint_step_of(file.substr(0, file.size() - 4) + ".h5") >= 0);
    if (!ours && warned.insert(file).second)
      std::fprintf(stderr, "grayscott: warning: %s/%s is not a checkpoint of this program; ignored (never pruned)\n", dir.c_str(),
                   file.c_str());
  }
  std::sort(steps.begin(), steps.end());
  const long excess = long(steps.size()) - keep;
  for (long i = 0; i < excess; ++i) {
    const std::string base = dir + "/" + checkpoint_file_name(steps[std::size_t(i)]);
    std::error_code ec;
    fs::remove(base.substr(0, base.size() - 3) + ".xmf", ec);
    fs::remove(base, ec);
  }
}

}  // namespace gs
