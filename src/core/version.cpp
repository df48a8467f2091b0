// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The line `grayscott --version` prints: the version project() gives and the
// source commit of the build (core/source_info.hpp).
#include <string>

#include "core/build_info.hpp"
#include "core/source_info.hpp"

namespace gs {

std::string version_line() {
  const SourceInfo& s = source_info();
  std::string line = std::string("grayscott ") + GS_VERSION + " (commit " + s.commit;
  if (std::string(s.commit) == "unknown")
    line += ": not built from a git checkout";
  else if (s.modified == 1)
    line += ", modified: built with uncommitted changes";
  else if (s.modified < 0)
    line += ", modified or not: unknown";
  return line + ")";
}

}  // namespace gs
