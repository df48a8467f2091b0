// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Writing u and v into a new parallel HDF5 file so that a full disk fails it
// cleanly on every rank alike: rank 0 reserves the file's space before HDF5
// creates it and tops the reservation up once HDF5 has laid the file out, so
// no write inside can run out of space (HDF5 1.10 does not agree on a failed
// collective metadata write across ranks: the ranks would wait in different
// collectives). Checkpoints and field files both write through here.
#include <hdf5.h>

#include <functional>
#include <string>

#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "io/field_layout.hpp"

namespace gs {

struct StateFileWrite {
  std::string tmp;          // the file to write; the caller renames it into place
  std::string noun;         // "checkpoint", "field output": names the file in messages
  std::string space_error;  // prefix of a failed reservation, e.g. "DIR: cannot write the checkpoint of step 10: "
  std::function<void(hid_t)> attributes;  // writes the file's attributes; throws RunError
  bool reserve = true;                    // false: write unguarded (a test hook)
  std::function<void()> after_data;       // called on every rank once the data is written (a test hook)
  // A field output's cells, precision and compression; null: the state as it is (a checkpoint).
  const FieldLayout* layout = nullptr;
};

// Collective. Writes and closes w.tmp, then gives back the reservation beyond
// the file's end. Returns "" or why it failed, the same text on every rank;
// on failure w.tmp is removed (rank 0) and nothing else is touched.
template <class Real>
std::string write_state_file(const StateFileWrite& w, const Decomposition& dec, const State<Real>& f);

}  // namespace gs
