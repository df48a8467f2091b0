// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Error capture for Catalyst Python scripts, kept apart from the legacy
// Catalyst adaptor: it wraps paraview.catalyst.v2_internals, which both legacy
// Catalyst (newer-style scripts) and a Catalyst 2 plugin run scripts through.
// The Python side (script_guard.py.inc) catches every exception, SystemExit
// included, and has all ranks agree on failure before ParaView's collective
// work, so one rank's error cannot leave the others waiting in a render.
#include <string>

namespace gs {

struct ScriptFailure {
  bool any_rank = false;  // a script failed on some rank (the same on every rank)
  std::string stage;      // on the rank(s) that failed: "load", "catalyst_execute", ...
  std::string message;    // on the rank(s) that failed: "ValueError: ..."
};

// Collective-safe (no communication): installs the guard into the embedded
// interpreter. Call once, after the interpreter and the MPI controller are up
// and before any script is loaded. Returns "" or why it could not (one line:
// a ParaView whose private functions the guard wraps changed, say).
std::string install_script_guard();

// This rank's view of failures since the last call (then reset).
ScriptFailure take_script_failure();

// On the rank that writes the extractors' files (rank 0), before a call: the
// guard notes what the extractors' folders and due files hold. "" or why not.
std::string begin_extract_check(long step, double time);

// After that call: "" or which extractor due at this step left no non-empty
// file that differs from what begin_extract_check saw (new, or another inode,
// size or modification time: no clock is compared with a file's time), with
// the system's reason (one line).
std::string missing_extract(long step, double time);

}  // namespace gs
