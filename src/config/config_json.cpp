// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The configuration shown through the key table (config_json.hpp): each key's
// show() gives its JSON value, so the effective configuration, the help's
// defaults and the restart check all print a value the same way.
#include "config/config_json.hpp"

#include <sstream>

#include "config/key_table.hpp"
#include "config/values.hpp"

namespace gs {

Json config_json(const SimConfig& cfg) {
  Json out = Json::object();
  for (const auto& k : key_table()) {
    const std::string name = k.name;
    const auto dot = name.find('.');
    out[name.substr(0, dot)][name.substr(dot + 1)] = k.show(cfg);
  }
  return out;
}

std::string config_to_json(const SimConfig& cfg, int indent) {
  const std::string text = dump_json(config_json(cfg), 2);
  // JSON strings hold no raw newline, so every newline starts a line of the layout.
  std::string out;
  const std::string pad(indent > 0 ? indent : 0, ' ');
  for (char c : text) {
    out += c;
    if (c == '\n') out += pad;
  }
  return out;
}

std::string display_value(const Json& v) {
  if (v.is_number_float()) return json_number(v.get<double>());
  if (!v.is_array()) return dump_json(v, -1);
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + display_value(v[i]);
  return out + "]";
}

std::string config_help() {
  std::ostringstream os;
  const SimConfig defaults;
  os << "Keys (set in the input file under [section], or on the command line as section.key=value):\n";
  for (const auto& k : key_table()) {
    os << "  " << k.name << "  (" << k.type << ", unit: " << k.unit << ", default: " << display_value(k.show(defaults)) << ")\n";
    os << "      " << k.help << "\n";
  }
  return os.str();
}

}  // namespace gs
