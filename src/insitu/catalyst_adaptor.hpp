// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// ParaView Catalyst (legacy vtkCPProcessor API, as ParaView 5.11 ships it)
// running the newer-style Python scripts of inputs/catalyst/. Each rank hands
// its block over as vtkImageData with the global whole extent and physical
// coordinates: point (i, j, k) is the centre of cell (i, j, k), at
// ((i + 1/2) h, ...) with h = L/n, where the field files put that cell's value.
//
// Built into the plugin only (catalyst_plugin.hpp); VTK headers stay in the .cpp.
#include <memory>
#include <string>

#include "core/json.hpp"
#include "insitu/catalyst_plugin.hpp"

namespace gs {

using gs_plugin::CatalystBlock;

class CatalystAdaptor : public gs_plugin::CatalystSession {
 public:
  // Collective: loads the scripts of `cfg` (the run's configuration JSON).
  // Scripts learn the iso values, the output folder, the grid and the view
  // settings (`settings_json`, GS_INSITU_SETTINGS) through GS_INSITU_*
  // environment variables (docs/insitu.md).
  CatalystAdaptor(const Json& cfg, const std::string& settings_json, MPI_Comm comm, const std::string& out_dir);
  ~CatalystAdaptor() override;
  CatalystAdaptor(const CatalystAdaptor&) = delete;
  CatalystAdaptor& operator=(const CatalystAdaptor&) = delete;

  // Collective: runs the scripts on the block at (step, time). Returns this
  // rank's error as one line (which script, load or step N, the exception),
  // or "" when it had none; after a failure on any rank no rank went on to
  // ParaView's collective work (script_guard.hpp).
  std::string execute(long step, double time, const CatalystBlock& block, bool last) override;
  // Collective: catalyst_finalize of every script (agreed like a call), then Catalyst stops.
  std::string finalize() override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gs
