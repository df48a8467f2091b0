#pragma once
// ParaView Catalyst (legacy vtkCPProcessor API, as ParaView 5.11 ships it)
// running the newer-style Python scripts of inputs/catalyst/. Each rank hands
// its InsituBlock over as vtkImageData with the global whole extent and
// physical coordinates: point (i, j, k) is the centre of cell (i, j, k), at
// ((i + 1/2) h, ...) with h = L/n, where the field files put that cell's value.
//
// VTK headers stay in the .cpp: only this adaptor is compiled against ParaView.
#include <memory>
#include <string>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "insitu/insitu_block.hpp"

namespace gs {

class CatalystAdaptor {
 public:
  // Collective: loads the scripts (Python errors at import are reported by the
  // first execute()). Scripts learn the iso values, the output folder and the
  // grid through GS_INSITU_* environment variables (docs/insitu.md).
  CatalystAdaptor(const SimConfig& cfg, const Decomposition& dec, const std::string& out_dir);
  ~CatalystAdaptor();
  CatalystAdaptor(const CatalystAdaptor&) = delete;
  CatalystAdaptor& operator=(const CatalystAdaptor&) = delete;

  // Collective: runs the scripts on the block at (step, time). Returns "" when
  // every script ran cleanly on every rank, else the first error (the Python
  // traceback condensed to its last line) on every rank.
  std::string execute(long step, double time, const InsituBlock& block, bool last);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gs
