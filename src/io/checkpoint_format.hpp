// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What a checkpoint file says about itself, shared by the writer and the
// reader: the format name and version, and the seal that binds the attributes
// a restart trusts to the data digest, and the lineage (run id) a fresh run
// starts; and where a restarted run begins, as its checkpoint said.
#include <mpi.h>

#include <cstdint>
#include <string>

namespace gs {

constexpr const char* kCheckpointFormatName = "grayscott-checkpoint";
// 2: a lineage (run id) and a seal over step, time, config, lineage and the digest.
constexpr long long kCheckpointFormatVersion = 2;

// Editing step, time, the config or the lineage breaks the seal, as editing
// the data breaks the digest.
std::uint64_t checkpoint_seal(std::uint64_t digest, long long step, double time, const std::string& config,
                              const std::string& lineage);

// Collective: a new run id (16 hex digits from host, PID and clock), the same on every rank.
std::string new_checkpoint_lineage(MPI_Comm comm);

// Where a restarted run begins: the checkpoint it was verified against,
// resolved and read once at start-up and handed to whoever needs it (the
// driver's first step, the outputs' cadence, the checkpoint writer's lineage).
struct RestartPoint {
  std::string path;        // the checkpoint file, as resolved from restart=
  long step = 0;
  double time = 0;
  std::uint64_t digest = 0;  // verified against the data read
  std::string lineage;     // run id that the checkpoints written from here continue
};

}  // namespace gs
