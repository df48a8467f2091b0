// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Error reporting: exceptions carry a one-line message; the macros add file:line
// for internal failures, never for user input errors (those name the key/file).
#include <mpi.h>

#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>

namespace gs {

// A message as one printable line: newlines, tabs and other control bytes (a
// NUL from a "\u0000" in a value among them) become visible escapes, so that
// nothing after them is lost when the message is printed as a C string.
inline std::string escape_controls(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", unsigned(c));
      out += hex;
    } else {
      out += char(c);
    }
  }
  return out;
}

// The line every error is printed as: escaped as above, and a long message
// loses its middle (the value), never its start (file, key) or its end (the
// reason, such as "(File name too long)").
inline std::string one_line(const std::string& text) {
  std::string out = escape_controls(text);
  const std::size_t keep = 240;
  if (out.size() > 2 * keep + 40)
    out = out.substr(0, keep) + " [... " + std::to_string(out.size() - 2 * keep) + " characters cut ...] " +
          out.substr(out.size() - keep);
  return out;
}

// Bad user input (config file, command line, restart file): exit code 2.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(escape_controls(what)) {}
};

// Bad input about one config key, found outside the loader (the rank layout,
// the grid against the ranks): what() is "key 'K': reason", and whoever holds
// the config prefixes where K was set (SimConfig::source_of), so the message
// names the file or the command line as the loader's own do.
class KeyError : public InputError {
 public:
  KeyError(const std::string& key, const std::string& reason) : InputError("key '" + key + "': " + reason), key_(key) {}
  const std::string& key() const { return key_; }

 private:
  std::string key_;
};

// Failure detected while running (NaN, I/O): exit code 1.
class RunError : public std::runtime_error {
 public:
  explicit RunError(const std::string& what) : std::runtime_error(escape_controls(what)) {}
};

[[noreturn]] inline void fail_at(const char* file, int line, const std::string& what) {
  std::ostringstream os;
  os << what << " (" << file << ":" << line << ")";
  throw RunError(os.str());
}

}  // namespace gs

#define GS_REQUIRE(cond, msg)                                                    \
  do {                                                                           \
    if (!(cond)) {                                                               \
      std::ostringstream gs_require_os_;                                         \
      gs_require_os_ << "requirement failed: " #cond ": " << msg;                \
      ::gs::fail_at(__FILE__, __LINE__, gs_require_os_.str());                   \
    }                                                                            \
  } while (0)

#define GS_MPI_CHECK(call)                                                       \
  do {                                                                           \
    int gs_mpi_rc_ = (call);                                                     \
    if (gs_mpi_rc_ != MPI_SUCCESS) {                                             \
      char gs_mpi_msg_[MPI_MAX_ERROR_STRING];                                    \
      int gs_mpi_len_ = 0;                                                       \
      MPI_Error_string(gs_mpi_rc_, gs_mpi_msg_, &gs_mpi_len_);                   \
      ::gs::fail_at(__FILE__, __LINE__,                                          \
                    std::string("MPI call failed: " #call ": ") + gs_mpi_msg_);  \
    }                                                                            \
  } while (0)
