// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The one table of input keys: name, restart role, type, unit, help, how to
// read a value into SimConfig and how to show it (as a JSON value). Parsing, --help, the
// effective-config JSON, did-you-mean, the docs check and the restart check
// all read this table, so a key is declared in one place only.
#include <functional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "config/values.hpp"
#include "core/json.hpp"

namespace gs {

// What a restart may do with a key (checked against the config a checkpoint stores).
enum class RestartRole {
  Free,     // may change: outputs, run length, parallel layout, start-only settings
  Grid,     // must match: the checkpoint's data are laid out on this grid
  Physics,  // must match unless checkpoint.allow_physics_change = true
};

// Values that need the whole config before they can be resolved (list lengths
// depend on grid.dims).
struct Pending {
  std::vector<long> n = {256};
  std::vector<double> L = {256.0};
};

struct KeySpec {
  const char* name;
  RestartRole role;  // no default: a key cannot be added without deciding it
  const char* type;
  const char* unit;
  const char* help;
  std::function<void(const Setting&, SimConfig&, Pending&)> apply;
  std::function<Json(const SimConfig&)> show;  // the value as config_json writes it
  // Whether the key's value affects this run at all (e.g. physics.F is unused
  // while a parameter map sets F per cell); empty: always. A restart does not
  // compare a key that does not affect the run.
  std::function<bool(const SimConfig&)> affects_run = {};
};

const std::vector<KeySpec>& key_table();
const KeySpec* find_key(const std::string& name);

}  // namespace gs
