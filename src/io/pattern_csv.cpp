// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "io/pattern_csv.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

#include "comm/reduce.hpp"
#include "core/error.hpp"
#include "io/atomic_file.hpp"

namespace gs {

namespace {

// The shortest text that reads back as the same double (what Python's repr
// and the summary's JSON write), so a row and summary.json agree to the bit.
std::string shortest(double x) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, r.ptr);
}

PatternColumn count(const char* name, long long n) { return {name, true, n, 0.0}; }
PatternColumn real(const char* name, double x) { return {name, false, 0, x}; }

}  // namespace

std::vector<PatternColumn> pattern_columns(long step, double t, const PatternMeasures& m, const DynamicsSample* dynamics) {
  const PatternCounts& c = m.counts;
  std::vector<PatternColumn> out = {count("step", step), real("t", t), real("theta", m.theta),
                                    count("euler_characteristic", m.euler)};
  if (m.dims == 2) {
    out.insert(out.end(), {real("area_fraction", m.fraction), real("boundary_length_per_area", m.boundary_density),
                           count("boundary_edges", m.boundary), count("on_cells", c.cells), count("edges_x", c.edges[0]),
                           count("edges_y", c.edges[1]), count("vertices", c.vertices)});
  } else {
    out.insert(out.end(), {real("volume_fraction", m.fraction), real("surface_area_per_volume", m.boundary_density),
                           real("mean_curvature_per_volume", m.curvature_density), count("boundary_faces", m.boundary),
                           count("on_cells", c.cells), count("faces_x", c.faces[0]), count("faces_y", c.faces[1]),
                           count("faces_z", c.faces[2]), count("edges_x", c.edges[0]), count("edges_y", c.edges[1]),
                           count("edges_z", c.edges[2]), count("vertices", c.vertices)});
  }
  if (dynamics) {
    const DynamicsSample& d = *dynamics;
    const double none = std::numeric_limits<double>::quiet_NaN();
    out.insert(out.end(), {real("v_mean", d.v_mean), real("change_window", d.measured() ? d.window : none),
                           real("v_change_rate", d.measured() ? d.rate : none), count("cells_gained", d.measured() ? d.gained : -1),
                           count("cells_lost", d.measured() ? d.lost : -1)});
  }
  return out;
}

std::string pattern_csv_header(int dims, bool dynamics) {
  PatternMeasures m;
  m.dims = dims;
  const DynamicsSample none;
  std::string line;
  for (const PatternColumn& col : pattern_columns(0, 0, m, dynamics ? &none : nullptr)) line += (line.empty() ? "" : ",") + col.name;
  return line + "\n";
}

std::string pattern_csv_row(const std::vector<PatternColumn>& columns) {
  std::string line;
  for (const PatternColumn& col : columns) {
    if (!line.empty()) line += ',';
    line += col.integer ? std::to_string(col.count) : shortest(col.value);
  }
  return line + "\n";
}

Json pattern_json(const std::vector<PatternColumn>& columns) {
  Json j = Json::object();
  for (const PatternColumn& col : columns) j[col.name] = col.integer ? Json(col.count) : json_finite(col.value);
  return j;
}

PatternCsv::PatternCsv(const std::string& dir, int dims, bool dynamics, long first_step, MPI_Comm comm)
    : path_(dir + "/pattern.csv"), dims_(dims), dynamics_(dynamics), first_step_(first_step), comm_(comm) {
  MPI_Comm_rank(comm, &rank_);
}

void PatternCsv::start() {
  const std::string header = pattern_csv_header(dims_, dynamics_);
  std::string text = header;
  std::ifstream in(path_);
  if (first_step_ > 0 && in) {
    // Complete lines only (a crash may have cut the last one short), of the
    // steps before the restart's.
    std::stringstream all;
    all << in.rdbuf();
    const std::string old = all.str();
    if (old.compare(0, header.size(), header) != 0) {
      const std::string aside = path_ + ".replaced";
      std::rename(path_.c_str(), aside.c_str());
      std::fprintf(stderr, "grayscott: warning: %s has other columns than this run writes; moved to %s, a new series starts\n",
                   path_.c_str(), aside.c_str());
    } else {
      std::size_t at = header.size();
      for (std::size_t end; (end = old.find('\n', at)) != std::string::npos; at = end + 1) {
        const std::string line = old.substr(at, end - at);
        long step = -1;
        const auto r = std::from_chars(line.data(), line.data() + line.size(), step);
        if (r.ec != std::errc() || r.ptr == line.data() + line.size() || *r.ptr != ',' || step >= first_step_) continue;
        text += line + "\n";
      }
    }
  }
  write_file_atomically(path_, text, "the pattern series");
}

long long PatternCsv::append(const std::vector<PatternColumn>& columns) {
  const std::string row = pattern_csv_row(columns);
  const std::string err = first_error_of(
      [&] {
        if (rank_ != 0) return;
        if (!started_) start();
        const int fd = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
        if (fd < 0) throw RunError(path_ + ": cannot append to the pattern series (open: " + std::strerror(errno) + ")");
        std::size_t done = 0;
        while (done < row.size()) {
          const ssize_t n = ::write(fd, row.data() + done, row.size() - done);
          if (n < 0 && errno == EINTR) continue;
          if (n <= 0) {
            const int e = n < 0 ? errno : ENOSPC;
            ::close(fd);
            throw RunError(path_ + ": cannot append to the pattern series (write: " + std::strerror(e) + ")");
          }
          done += std::size_t(n);
        }
        if (::close(fd) != 0) throw RunError(path_ + ": cannot append to the pattern series (close: " + std::strerror(errno) + ")");
      },
      comm_);
  if (!err.empty()) throw RunError(err);
  started_ = true;
  return rank_ == 0 ? (long long)row.size() : 0;
}

}  // namespace gs
