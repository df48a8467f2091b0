// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The restart check (restart_rules.hpp): the configuration a checkpoint stores
// is parsed as JSON and compared value by value with this run's, key by key
// from the key table's restart roles.
#include "config/restart_rules.hpp"

#include <stdexcept>

#include "config/config_json.hpp"
#include "config/key_table.hpp"
#include "numerics/integrator.hpp"

namespace gs {

namespace {

// "section.key" -> value of a configuration JSON (an object of section
// objects). Throws std::runtime_error with the reason it is not one.
std::map<std::string, Json> read_config_json(const std::string& text) {
  Json root;
  try {
    root = Json::parse(text);
  } catch (const Json::parse_error& e) {
    // nlohmann reports the byte where it stopped: at the end, the text was cut short.
    if (e.byte >= text.size()) throw std::runtime_error("the stored configuration ends early");
    // Where the parser names the one structural character it wanted, say so as the hand-written reader did.
    const std::string what = e.what();
    const auto expected = what.find("; expected '");
    if (expected != std::string::npos && expected + 13 < what.size() && what[expected + 13] == '\'' &&
        std::string("{}[]:,\"").find(what[expected + 12]) != std::string::npos)
      throw std::runtime_error("the stored configuration is not valid JSON (expected '" + what.substr(expected + 12, 1) + "')");
    throw std::runtime_error("the stored configuration is not valid JSON");
  }
  const auto not_object = std::runtime_error("the stored configuration is not valid JSON (expected '{')");
  if (!root.is_object()) throw not_object;
  std::map<std::string, Json> out;
  for (const auto& [section, body] : root.items()) {
    if (!body.is_object()) throw not_object;
    for (const auto& [key, value] : body.items()) out[section + "." + key] = value;
  }
  return out;
}

}  // namespace

std::map<std::string, std::string> flatten_config_json(const std::string& json) {
  std::map<std::string, std::string> out;
  for (const auto& [key, value] : read_config_json(json)) out[key] = dump_json(value, -1);
  return out;
}

std::string restart_conflict(const SimConfig& run, const std::string& stored_json) {
  std::map<std::string, Json> stored;
  try {
    stored = read_config_json(stored_json);
  } catch (const std::exception& e) {
    return std::string("attribute 'config': ") + e.what();
  }
  const SimConfig defaults;
  for (const KeySpec& key : key_table()) {
    if (key.role == RestartRole::Free) continue;
    if (key.role == RestartRole::Physics && run.checkpoint.allow_physics_change) continue;
    if (key.affects_run && !key.affects_run(run)) continue;
    const auto it = stored.find(key.name);
    // A key the checkpoint does not know was added later, with a default that keeps the old behaviour.
    Json was = it != stored.end() ? it->second : key.show(defaults);
    Json now = key.show(run);
    if (key.name == std::string("time.stages")) {
      // The scheme is the count "auto" resolves to: the checkpoint's "auto"
      // took the count this run's "auto" takes (time.dt, the grid and the
      // physics, compared before this key, are the same), so "auto" and
      // that number restart each other.
      const Json auto_count(auto_stage_count(run.time.integrator, run.time.dt / run.time.dt_limit, TimeConfig::kMaxStages));
      if (was == Json("auto")) was = auto_count;
      now = Json(run.time.resolved_stages);
    }
    // Values compare as JSON values: 256 and 256.0 (older files wrote whole numbers without a point) are equal.
    if (was == now) continue;
    std::string why = std::string("written with ") + key.name + " = " + display_value(was) + ", this run has " + key.name +
                      " = " + display_value(now);
    if (key.role == RestartRole::Physics) why += " (set checkpoint.allow_physics_change = true to change it on restart)";
    else why += " (a checkpoint restarts only on the grid it was written for)";
    return why;
  }
  return "";
}

}  // namespace gs
