// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Pre-flight and after-call checks of the in-situ output (insitu_checks.hpp).
#include "outputs/insitu_checks.hpp"

#include <dlfcn.h>
#include <sys/stat.h>

#include <filesystem>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <system_error>

namespace gs {

bool insitu_script_renders(const std::string& path) {
  if (path.size() < 3 || path.compare(path.size() - 3, 3, ".py") != 0) return true;
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  static const std::regex call(
      R"(\b(CreateView|CreateRenderView|GetActiveViewOrCreate|GetActiveView|GetRenderView|Show|Render|SaveScreenshot)\s*\()");
  return !in || std::regex_search(text.str(), call);
}

std::string insitu_script_dims_problem(const std::string& path, int dims) {
  std::ifstream in(path);
  static const std::regex line_re(R"(^#\s*grid\.dims\s*:\s*([23](?:\s*,\s*[23])*)(?:\s.*)?$)");
  std::string line;
  // The header: the comment lines and blank lines before the first statement.
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (line[0] != '#') break;
    std::smatch m;
    if (!std::regex_match(line, m, line_re)) continue;
    const std::string served = m[1].str();
    if (served.find(char('0' + dims)) != std::string::npos) return "";
    const std::string other = dims == 2 ? "2D runs, such as inputs/catalyst/slice.py" : "3D runs";
    return "script '" + path + "' serves only " + (dims == 2 ? "3D" : "2D") + " runs (its header line '# grid.dims: " + served +
           "'); this run is " + std::to_string(dims) + "D (grid.dims = " + std::to_string(dims) + "): use a script for " +
           other;
  }
  return "";
}

std::string insitu_display_problem() {
  const char* display = std::getenv("DISPLAY");
  const std::string how =
      "this ParaView renders only through X (no EGL or OSMesa build): run under xvfb-run -a -s '-screen 0 1024x768x24 "
      "-noreset' (the Slurm scripts do so on nodes without X), or set no insitu.script";
  if (!display || !*display) return "insitu.script needs an X display and DISPLAY is not set; " + how;
  void* x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL);
  if (!x11) return "insitu.script needs an X display and libX11.so.6 cannot be loaded (" + std::string(dlerror()) + ")";
  using Open = void* (*)(const char*);
  using Close = int (*)(void*);
  auto open = reinterpret_cast<Open>(dlsym(x11, "XOpenDisplay"));
  auto close = reinterpret_cast<Close>(dlsym(x11, "XCloseDisplay"));
  std::string problem;
  if (!open || !close) {
    problem = "libX11.so.6 has no XOpenDisplay";
  } else if (void* d = open(display)) {
    close(d);
  } else {
    problem = "insitu.script needs an X display and DISPLAY='" + std::string(display) + "' cannot be opened; " + how;
  }
  // libX11 stays loaded: ParaView loads it again later, and unloading X
  // libraries that registered handlers is unsafe.
  return problem;
}

std::string insitu_folder_problem(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (std::filesystem::is_directory(dir)) return "";
  return "output.dir/insitu '" + dir + "' is not a folder and cannot be made one" +
         (ec ? " (" + ec.message() + ")" : std::string(" (a file of that name exists)")) +
         ": remove it or choose another output.dir";
}

FolderSnapshot snapshot_folder(const std::string& dir) {
  FolderSnapshot files;
  std::error_code ec;
  for (std::filesystem::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    struct stat st {};
    if (::lstat(it->path().c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    files[it->path().string()] = {(unsigned long long)st.st_ino, (long long)st.st_size,
                                  (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec};
  }
  return files;
}

long files_changed(const FolderSnapshot& before, const FolderSnapshot& after) {
  long count = 0;
  for (const auto& [path, stamp] : after) {
    const auto was = before.find(path);
    if (was == before.end() || !(was->second == stamp)) ++count;
  }
  return count;
}

}  // namespace gs
