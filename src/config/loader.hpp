// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Builds a validated SimConfig from an input file plus "section.key=value"
// overrides. Every problem raises gs::InputError with one line naming the
// file (or "command line"), the key and what is allowed.
#include <string>
#include <vector>

#include "config/config.hpp"
#include "config/config_json.hpp"  // config_to_json and config_help, for the callers of load_config

namespace gs {

SimConfig load_config(const std::string& input_file, const std::vector<std::string>& overrides);

// Same, from TOML text already in memory (tests); `source` names it in messages.
SimConfig load_config_text(const std::string& toml_text, const std::string& source,
                           const std::vector<std::string>& overrides);

}  // namespace gs
