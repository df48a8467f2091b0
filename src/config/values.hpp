// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Typed reading of single TOML values with one-line errors, and the number
// format messages share.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <toml.hpp>
#include <vector>

namespace gs {

struct Setting {
  std::string key;
  toml::value value;
  std::string source;  // input file path or kCommandLine (config.hpp)
  std::string entry = "";  // "" or which entry of a list this value is ("entry 2"), named in messages after the key
};

[[noreturn]] void throw_setting(const Setting& s, const std::string& what);

long read_int(const Setting& s, long lo, long hi);
double read_real(const Setting& s, double lo, bool lo_inclusive);
double read_real_range(const Setting& s, double lo, bool lo_inclusive, double hi);
bool read_bool(const Setting& s);
std::string read_choice(const Setting& s, const std::vector<const char*>& allowed);
long read_choice_int(const Setting& s, std::initializer_list<long> allowed);
std::string read_nonempty_string(const Setting& s);
std::vector<long> read_int_list(const Setting& s, long lo, long hi);
std::vector<double> read_real_list(const Setting& s, double lo, bool lo_inclusive);

std::size_t edit_distance(const std::string& a, const std::string& b);
std::string condense_toml_error(const std::string& what);

// The shortest text that reads back to the same double ("null" if not finite),
// for messages and XML attributes; JSON documents go through core/json.hpp.
std::string json_number(double x);

}  // namespace gs
