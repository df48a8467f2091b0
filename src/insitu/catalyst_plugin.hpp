// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The boundary between the program and the Catalyst plugin
// (libgrayscott_catalyst.so, the only code linked against ParaView). The
// program dlopen()s the plugin at the first in-situ call, so a run without
// in-situ output never loads ParaView's ~400 shared libraries (about a second
// of dynamic linking per process). Plain types only, in a namespace of their
// own: the plugin needs no symbol of the program, and runs of either state
// precision hand it the same double arrays.
#include <mpi.h>

#include <string>

namespace gs_plugin {

// One rank's block of points, x fastest, in host memory (insitu_block.hpp),
// in double whatever the state's precision.
struct CatalystBlock {
  const double* u = nullptr;
  const double* v = nullptr;
  // 3D: (x, y, z) per point, the isosurface normals of one species (minus its
  // gradient on the global field), named normals_name; nullptr in 2D.
  const double* normals = nullptr;
  const char* normals_name = nullptr;
  long first[3] = {0, 0, 0};   // global index of the block's first point
  long points[3] = {1, 1, 1};  // points per dimension
};

class CatalystSession {
 public:
  virtual ~CatalystSession() = default;
  // Collective over the communicator given at creation. Returns "" when the
  // scripts ran cleanly on this rank, else this rank's error (one line).
  virtual std::string execute(long step, double time, const CatalystBlock& block, bool last) = 0;
  // Collective: runs the scripts' catalyst_finalize and stops Catalyst; no
  // execute() after it. Returns "" or this rank's error, like execute(). A
  // session destroyed without it finalizes then, reporting nothing.
  virtual std::string finalize() = 0;
};

// The plugin's one entry point: starts Catalyst with the scripts of
// config_json (the run's configuration as config_to_json writes it), handing
// them settings_json (config/insitu_view.hpp's insitu_settings); the scripts
// write under out_dir. Load errors are reported by the first execute().
using CreateCatalystSession = CatalystSession* (*)(const char* config_json, const char* settings_json, MPI_Comm comm,
                                                   const char* out_dir);
constexpr const char* kCreateCatalystSession = "gs_create_catalyst_session";

}  // namespace gs_plugin
