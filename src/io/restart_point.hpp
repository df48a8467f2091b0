#pragma once
// Where a restarted run begins: the checkpoint it was verified against,
// resolved and read once at start-up and handed to whoever needs it (the
// driver's first step, the outputs' cadence, the checkpoint writer's lineage).
#include <cstdint>
#include <string>

namespace gs {

struct RestartPoint {
  std::string path;        // the checkpoint file, as resolved from restart=
  long step = 0;
  double time = 0;
  std::uint64_t digest = 0;  // verified against the data read
  std::string lineage;     // run id that the checkpoints written from here continue
};

}  // namespace gs
