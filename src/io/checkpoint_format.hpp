#pragma once
// What a checkpoint file says about itself, shared by the writer and the
// reader: the format name and version, and the seal that binds the attributes
// a restart trusts to the data digest, and the lineage (run id) a fresh run starts.
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

}  // namespace gs
