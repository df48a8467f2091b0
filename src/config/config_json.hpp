// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// A configuration shown through the key table: as JSON (summary.json, --check,
// the checkpoint's `config` attribute) and as the key list of --help.
#include <string>

#include "config/config.hpp"
#include "core/json.hpp"

namespace gs {

// The effective configuration, nested by section, keys in key-table order.
Json config_json(const SimConfig& cfg);

// The same as text: pretty-printed with 2 spaces per level, every line after
// the first shifted right by `indent` spaces (to sit inside another document).
std::string config_to_json(const SimConfig& cfg, int indent);

// A value as --help and error messages print it: on one line, lists as
// [a, b], numbers as the shortest text that reads back (256, not 256.0).
std::string display_value(const Json& v);

// Every key with type, default, unit and meaning, for --help and the docs.
std::string config_help();

}  // namespace gs
