// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Where this build came from (cmake/GrayScottSourceInfo.cmake writes the
// definition at build time): `grayscott --version` prints it and summary.json
// records it under "build", so a result says exactly which source made it.
#include <string>

namespace gs {

struct SourceInfo {
  const char* commit;    // 40 hex digits (git rev-parse HEAD), or "unknown" outside a git checkout
  const char* describe;  // git describe --always, with "-dirty" when modified; "unknown" without git
  int modified;          // 1: tracked files changed since the commit, 0: none, -1: unknown
};

const SourceInfo& source_info();

// "grayscott 0.1.0 (commit 0123...cdef)", with ", modified" or "commit unknown".
std::string version_line();

}  // namespace gs
