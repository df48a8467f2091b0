// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Which settings a restart may change, decided key by key from the restart
// role in the key table (key_table.hpp) against the configuration the
// checkpoint stores, so no list of "keys that must match" exists anywhere else.
#include <map>
#include <string>

#include "config/config.hpp"

namespace gs {

// The leaf values of a configuration JSON written by config_to_json, as
// "section.key" -> value text. Throws std::runtime_error if it is not such a JSON.
std::map<std::string, std::string> flatten_config_json(const std::string& json);

// "" when `run` may continue from a checkpoint written with `stored_json`;
// otherwise why not, naming the first conflicting key and both values.
std::string restart_conflict(const SimConfig& run, const std::string& stored_json);

}  // namespace gs
