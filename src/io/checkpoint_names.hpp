// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The checkpoints folder and its names: ckpt_<step>.h5 files, the 'latest'
// pointer, what restart= resolves to, whose checkpoints a folder holds, and
// pruning to checkpoint.keep.
#include <set>
#include <string>

#include "config/config.hpp"

namespace gs {

// The checkpoints folder of a run's output folder.
std::string checkpoint_dir(const std::string& output_dir);

// "ckpt_<step>.h5", the step zero-padded to 8 digits.
std::string checkpoint_file_name(long step);

// Step number of a "ckpt_<step>.h5" file name, or -1.
long checkpoint_step_of(const std::string& name);

// restart=latest (this run's output folder), a checkpoint folder or output
// folder (its latest), or a checkpoint file. Throws InputError if none is
// found. When 'latest' names a file that is gone, the newest checkpoint of
// the folder is taken and *note (if given) says so, in one line. Any rank,
// no communication: every rank sees the same files.
std::string resolve_restart(const std::string& arg, const SimConfig& cfg, std::string* note = nullptr);

// Rank 0: "" or why a fresh run must not write into cfg's checkpoint folder
// (it holds checkpoints, so they are another run's).
std::string foreign_checkpoints(const SimConfig& cfg);

// Rank 0: deletes this lineage's checkpoints in dir beyond the newest `keep`
// (another run's checkpoints are never deleted); files that are not ours are
// reported once each (`warned` remembers them across calls).
void prune_checkpoints(const std::string& dir, const std::string& lineage, long keep, std::set<std::string>& warned);

}  // namespace gs
