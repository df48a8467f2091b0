// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// pattern.csv in output.dir: the measured pattern (physics/minkowski.hpp), one
// row per progress line, with a header row; summary.json's "pattern" is the
// last row as an object with the same names (docs/io.md).
#include <mpi.h>

#include <string>
#include <utility>
#include <vector>

#include "core/json.hpp"
#include "physics/dynamics.hpp"
#include "physics/minkowski.hpp"

namespace gs {

// A row's columns: name and value (an integer count or a real number).
struct PatternColumn {
  std::string name;
  bool integer;
  long long count;
  double value;
};
// With `dynamics` (output.dynamics_window > 0) the row ends with v_mean,
// change_window, v_change_rate, cells_gained and cells_lost; a row without a
// change measure (the first, or one at a stop) has NaN and -1 there.
std::vector<PatternColumn> pattern_columns(long step, double t, const PatternMeasures& m, const DynamicsSample* dynamics = nullptr);
std::string pattern_csv_header(int dims, bool dynamics = false);
std::string pattern_csv_row(const std::vector<PatternColumn>& columns);
Json pattern_json(const std::vector<PatternColumn>& columns);

// The file, written by rank 0. A fresh run starts it with its header; a
// restart from step S keeps the rows of the steps before S (a run that went
// past its checkpoint before it stopped or crashed wrote rows the restart
// writes again) and appends after them.
class PatternCsv {
 public:
  PatternCsv(const std::string& dir, int dims, bool dynamics, long first_step, MPI_Comm comm);
  // Collective. RunError on every rank if rank 0 cannot write the row. Returns the bytes written.
  long long append(const std::vector<PatternColumn>& columns);
  const std::string& path() const { return path_; }

 private:
  void start();  // rank 0: the header, or the kept rows of a restart
  std::string path_;
  int dims_;
  bool dynamics_;
  long first_step_;
  MPI_Comm comm_;
  int rank_ = 0;
  bool started_ = false;
};

}  // namespace gs
