// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "config/values.hpp"

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <regex>
#include <sstream>

#include "core/error.hpp"

namespace gs {

namespace {

std::string describe(const toml::value& v) {
  std::ostringstream os;
  switch (v.type()) {
    case toml::value_t::boolean: return v.as_boolean() ? "true" : "false";
    case toml::value_t::integer: return std::to_string(v.as_integer());
    case toml::value_t::floating: os << v.as_floating() << " (a floating-point number)"; return os.str();
    case toml::value_t::string: return "\"" + v.as_string().str + "\"";
    case toml::value_t::array: return "a list";
    case toml::value_t::table: return "a table";
    default: return "a date/time";
  }
}

// From the bits, not by comparing: with denormals-are-zero on (core/float_env.hpp)
// a subnormal compares equal to 0.
bool is_subnormal(double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return ((bits >> 52) & 0x7ff) == 0 && (bits & ((std::uint64_t(1) << 52) - 1)) != 0;
}

bool is_number(const toml::value& v) { return v.is_integer() || v.is_floating(); }
double as_number(const toml::value& v) { return v.is_integer() ? double(v.as_integer()) : v.as_floating(); }

std::string bound_text(double lo, bool inclusive) {
  std::ostringstream os;
  os << (inclusive ? ">= " : "> ") << lo;
  return os.str();
}

}  // namespace

void throw_setting(const Setting& s, const std::string& what) {
  const bool defaulted = s.value.is_uninitialized();
  throw InputError(s.source + ": key '" + s.key + "'" + (defaulted ? " (default value)" : "") + ": " +
                   (s.entry.empty() ? "" : s.entry + ": ") + what);
}

long read_int(const Setting& s, long lo, long hi) {
  if (!s.value.is_integer()) throw_setting(s, "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " + describe(s.value));
  const long v = (long)s.value.as_integer();
  // The TOML reader clamps integers beyond 64 bits to the extremes instead of failing.
  if (v == LONG_MAX || v == LONG_MIN) throw_setting(s, "value is beyond the 64-bit integer range; allowed: " + std::to_string(lo) + " to " + std::to_string(hi));
  if (v < lo || v > hi) throw_setting(s, "value " + std::to_string(v) + " is out of range; allowed: " + std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

double read_real(const Setting& s, double lo, bool lo_inclusive) {
  if (!is_number(s.value)) throw_setting(s, "expected a number " + bound_text(lo, lo_inclusive) + ", got " + describe(s.value));
  const double v = as_number(s.value);
  // The TOML reader turns 1e400 into the largest double instead of failing.
  if (std::fabs(v) == DBL_MAX) throw_setting(s, "value is beyond the double-precision range (about 1.8e308)");
  if (is_subnormal(v))
    throw_setting(s, "value " + describe(s.value) +
                         " is subnormal (nonzero but below 2.2e-308, the smallest normal double); the program computes with "
                         "subnormals flushed to zero, as GPUs do, so it would act as 0; allowed: " +
                         (lo > 0 || (lo == 0 && !lo_inclusive) ? std::string("a finite number >= 2.2e-308")
                                                              : "a finite number " + bound_text(lo, lo_inclusive) +
                                                                    " that is 0 or at least 2.2e-308 in magnitude"));
  if (!std::isfinite(v) || v < lo || (!lo_inclusive && v == lo))
    throw_setting(s, "value " + describe(s.value) + " is out of range; allowed: a finite number " + bound_text(lo, lo_inclusive));
  return v;
}

double read_real_range(const Setting& s, double lo, bool lo_inclusive, double hi) {
  const double v = read_real(s, lo, lo_inclusive);
  if (v > hi) {
    std::ostringstream os;
    os << "value " << describe(s.value) << " is out of range; allowed: " << bound_text(lo, lo_inclusive) << " and <= " << hi;
    throw_setting(s, os.str());
  }
  return v;
}

bool read_bool(const Setting& s) {
  if (!s.value.is_boolean()) throw_setting(s, "expected true or false, got " + describe(s.value));
  return s.value.as_boolean();
}

std::string read_choice(const Setting& s, const std::vector<const char*>& allowed) {
  std::string list;
  for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + "\"" + a + "\"";
  if (!s.value.is_string()) throw_setting(s, "expected one of " + list + ", got " + describe(s.value));
  const std::string v = s.value.as_string().str;
  for (const char* a : allowed)
    if (v == a) return v;
  throw_setting(s, "unknown value \"" + v + "\"; allowed: " + list);
}

long read_choice_int(const Setting& s, std::initializer_list<long> allowed) {
  std::string list;
  for (long a : allowed) list += (list.empty() ? "" : ", ") + std::to_string(a);
  if (!s.value.is_integer()) throw_setting(s, "expected one of " + list + ", got " + describe(s.value));
  const long v = (long)s.value.as_integer();
  for (long a : allowed)
    if (v == a) return v;
  throw_setting(s, "value " + std::to_string(v) + " is not allowed; allowed: " + list);
}

std::string read_nonempty_string(const Setting& s) {
  if (!s.value.is_string() || s.value.as_string().str.empty()) throw_setting(s, "expected a non-empty string, got " + describe(s.value));
  return s.value.as_string().str;
}

std::vector<long> read_int_list(const Setting& s, long lo, long hi) {
  std::vector<long> out;
  if (s.value.is_array()) {
    for (const auto& item : s.value.as_array()) out.push_back(read_int(Setting{s.key, item, s.source, s.entry}, lo, hi));
    if (out.empty()) throw_setting(s, "the list is empty");
  } else {
    out.push_back(read_int(s, lo, hi));
  }
  return out;
}

std::vector<double> read_real_list(const Setting& s, double lo, bool lo_inclusive) {
  std::vector<double> out;
  if (s.value.is_array()) {
    for (const auto& item : s.value.as_array()) out.push_back(read_real(Setting{s.key, item, s.source, s.entry}, lo, lo_inclusive));
    if (out.empty()) throw_setting(s, "the list is empty");
  } else {
    out.push_back(read_real(s, lo, lo_inclusive));
  }
  return out;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t sub = prev[j - 1] + (std::tolower(a[i - 1]) == std::tolower(b[j - 1]) ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string condense_toml_error(const std::string& what) {
  // toml11 reports over several lines; keep the reason and the line number.
  std::string first = what.substr(0, what.find('\n'));
  const std::string tag = "[error] ";
  if (first.rfind(tag, 0) == 0) first = first.substr(tag.size());
  std::smatch m;
  static const std::regex line_re(R"(\n\s*(\d+)\s*\|)");
  std::string line;
  if (std::regex_search(what, m, line_re)) line = " at line " + m[1].str();
  return "TOML syntax error" + line + ": " + first;
}

std::string json_number(double x) {
  if (!std::isfinite(x)) return "null";
  char buf[32];
  if (x == std::floor(x) && std::fabs(x) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  std::snprintf(buf, sizeof buf, "%.17g", x);
  std::string s = buf;
  // Prefer the shortest text that reads back to the same double.
  for (int prec = 1; prec < 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, x);
    if (std::strtod(buf, nullptr) == x) {
      s = buf;
      break;
    }
  }
  return s;
}

}  // namespace gs
