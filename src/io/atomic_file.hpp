// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Small files replaced atomically: written under "<path>.tmp", synced, then
// renamed, so a reader or a crash never sees a half-written file.
#include <string>

namespace gs {

// Flushes a file or folder to disk (best effort).
void fsync_path(const std::string& path);

// Replaces `path` with `text`; `what` names the file in errors (RunError).
void write_file_atomically(const std::string& path, const std::string& text, const std::string& what);

}  // namespace gs
