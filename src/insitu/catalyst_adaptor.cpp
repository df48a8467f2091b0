// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "insitu/catalyst_adaptor.hpp"

#include <vtkCPDataDescription.h>
#include <vtkMPI.h>
#include <vtkCPInputDataDescription.h>
#include <vtkCPProcessor.h>
#include <vtkCPPythonPipeline.h>
#include <vtkDoubleArray.h>
#include <vtkImageData.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPythonInterpreter.h>
#include <vtkSmartPointer.h>

#include <cstdlib>
#include <sstream>

#include "comm/reduce.hpp"
#include "core/error.hpp"
#include "core/test_hooks.hpp"
#include "insitu/script_guard.hpp"
#include "insitu/vtk_log_capture.hpp"

namespace gs {

namespace {

std::string join(const std::vector<double>& values) {
  std::ostringstream os;
  os.precision(17);
  for (std::size_t i = 0; i < values.size(); ++i) os << (i ? "," : "") << values[i];
  return os.str();
}

// A configuration value that is a list, or one value standing for a list of one.
template <class T>
std::vector<T> list_of(const Json& value) {
  return value.is_array() ? value.get<std::vector<T>>() : std::vector<T>{value.get<T>()};
}

// What the adaptor needs of the run's configuration (config_to_json's form:
// per-dimension lists hold grid.dims entries).
struct GridFacts {
  int dims = 2;
  long n[3] = {1, 1, 1};
  double L[3] = {1, 1, 1};
  double h(int d) const { return L[d] / double(n[d]); }
};

GridFacts grid_facts(const Json& cfg) {
  GridFacts g;
  g.dims = cfg.at("grid").at("dims").get<int>();
  const auto n = list_of<long>(cfg.at("grid").at("n"));
  const auto L = list_of<double>(cfg.at("grid").at("L"));
  for (int d = 0; d < g.dims && d < int(n.size()) && d < int(L.size()); ++d) g.n[d] = n[d], g.L[d] = L[d];
  return g;
}

}  // namespace

struct CatalystAdaptor::Impl {
  vtkNew<vtkCPProcessor> processor;
  vtkNew<vtkCPDataDescription> description;
  vtkNew<vtkImageData> image;
  vtkNew<vtkDoubleArray> u, v, normals;
  MPI_Comm comm = MPI_COMM_NULL;  // the simulation's; Catalyst's controller wraps it
  int rank = 0;
  std::unique_ptr<VtkLogCapture> log;  // VTK's log, printed after each call
  std::string setup_error;        // why Catalyst could not start (reported by the first execute)
  bool finalized = false;
};

CatalystAdaptor::CatalystAdaptor(const Json& cfg, const std::string& settings_json, MPI_Comm comm,
                                 const std::string& out_dir)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  const GridFacts grid = grid_facts(cfg);
  // Read by the scripts at import, before any data exists.
  setenv("GS_INSITU_DIR", out_dir.c_str(), 1);
  setenv("GS_INSITU_ISO", join(list_of<double>(cfg.at("insitu").at("iso"))).c_str(), 1);
  setenv("GS_INSITU_DIMS", std::to_string(grid.dims).c_str(), 1);
  setenv("GS_INSITU_LENGTH", join({grid.L[0], grid.L[1], grid.L[2]}).c_str(), 1);
  // The view settings of the ready scripts (insitu.* keys, camera resolved), as one JSON text.
  setenv("GS_INSITU_SETTINGS", settings_json.c_str(), 1);

  // Catalyst runs on the simulation's communicator, so the program can share
  // one MPI job with other codes. The global VTK controller ParaView then uses
  // (renders, Live, the script guard's agreement) spans the same ranks.
  m.comm = comm;
  // The program's stop handlers (TERM, USR1: a checkpoint and a summary) must
  // stay in force on every rank. ParaView starts VTK's logger in Initialize,
  // which installs handlers that print a stack trace and kill the process (the
  // trace is turned off here; the handlers stay until the call returns), and
  // Catalyst starts Python with its own SIGINT handler unless Python already
  // runs (turned off here, before it starts). The program holds these signals
  // back during every call into this plugin and restores its handlers after
  // it (core/signal_guard.hpp).
  vtkLogger::EnableUnsafeSignalHandler = false;
  vtkPythonInterpreter::Initialize(0);
  vtkMPICommunicatorOpaqueComm opaque(&m.comm);
  VtkLogCapture::colour_only_on_a_terminal();  // before ParaView starts and logs
  GS_REQUIRE(m.processor->Initialize(opaque) == 1, "vtkCPProcessor::Initialize failed");
  test_hook_insitu_started();
  MPI_Comm_rank(m.comm, &m.rank);
  m.log = std::make_unique<VtkLogCapture>();
  // Every rank skips the calls if any rank could not start (no collective
  // half done), and each reports the lowest failing rank's own message. The
  // guard's load check (an unfit ParaView) is agreed on before any rank
  // registers a script, so that all ranks register them or none does.
  m.setup_error = first_error_of([] { return install_script_guard(); }, m.comm);
  if (m.setup_error.empty()) {
    m.setup_error = first_error_of(
        [&]() -> std::string {
          for (const auto& script : list_of<std::string>(cfg.at("insitu").at("script"))) {
            // Scripts without a "# script-version: N" line are taken as the
            // newer style (version 2); old exported scripts name their
            // ParaView version and stay 1. This only registers the script: it
            // is imported at the first call, so load errors surface there.
            auto pipeline = vtkCPPythonPipeline::CreateAndInitializePipeline(script.c_str(), 2);
            if (!pipeline) return "insitu.script '" + script + "' could not be registered with Catalyst";
            m.processor->AddPipeline(pipeline);
          }
          return "";
        },
        m.comm);
  }

  m.description->AddInput("grid");
  int whole[6] = {0, 0, 0, 0, 0, 0};
  for (int d = 0; d < grid.dims; ++d) whole[2 * d + 1] = int(grid.n[d]);  // n + 1 points: the periodic image of point 0 closes the domain
  m.description->GetInputDescriptionByName("grid")->SetWholeExtent(whole);

  for (auto* a : {m.u.Get(), m.v.Get()}) a->SetNumberOfComponents(1);
  m.u->SetName("u");
  m.v->SetName("v");
  m.image->GetPointData()->AddArray(m.u);
  m.image->GetPointData()->AddArray(m.v);
  m.normals->SetNumberOfComponents(3);  // named and added at the first call that has them
  m.image->GetPointData()->SetActiveScalars("v");  // image representations expect active scalars
  m.image->SetSpacing(grid.h(0), grid.h(1), grid.dims == 3 ? grid.h(2) : grid.h(0));
  m.image->SetOrigin(0.5 * grid.h(0), 0.5 * grid.h(1), grid.dims == 3 ? 0.5 * grid.h(2) : 0.0);
}

CatalystAdaptor::~CatalystAdaptor() {
  if (!impl_->finalized) impl_->processor->Finalize();
}

std::string CatalystAdaptor::finalize() {
  Impl& m = *impl_;
  if (m.finalized) return "";
  m.finalized = true;
  m.processor->Finalize();  // each script's catalyst_finalize, through the script guard
  m.log->flush(false);
  if (!m.setup_error.empty()) return "";  // reported by the first execute()
  const ScriptFailure failed = take_script_failure();
  if (!failed.message.empty()) return "script failed at the end of the run (in " + failed.stage + "): " + failed.message;
  return "";
}

std::string CatalystAdaptor::execute(long step, double time, const CatalystBlock& block, bool last) {
  Impl& m = *impl_;
  if (!m.setup_error.empty()) return m.setup_error;
  const long* p = block.points;
  const long* f = block.first;
  const vtkIdType count = vtkIdType(p[0]) * p[1] * p[2];
  m.image->SetExtent(int(f[0]), int(f[0] + p[0] - 1), int(f[1]), int(f[1] + p[1] - 1), int(f[2]), int(f[2] + p[2] - 1));
  // Zero-copy views of the block's host buffer (save = 1: VTK never frees it).
  // VTK's array API is not const; it only reads these.
  m.u->SetArray(const_cast<double*>(block.u), count, 1);
  m.v->SetArray(const_cast<double*>(block.v), count, 1);
  if (block.normals) {
    // Only a point array, not the image's active normals: slices of the grid
    // would otherwise be shaded by it. Scripts select it for the isosurface.
    m.normals->SetName(block.normals_name);
    m.normals->SetArray(const_cast<double*>(block.normals), 3 * count, 1);
    if (!m.image->GetPointData()->HasArray(block.normals_name)) m.image->GetPointData()->AddArray(m.normals);
  }
  m.image->Modified();
  m.description->SetTimeData(time, step);
  m.description->SetForceOutput(last);
  // What the extractors' files are before the call: the call wrote what differs after it.
  const std::string unseen = m.rank == 0 ? begin_extract_check(step, time) : "";
  int ran = 1;
  bool processed = false;
  if (m.processor->RequestDataDescription(m.description)) {
    m.description->GetInputDescriptionByName("grid")->SetGrid(m.image);
    ran = m.processor->CoProcess(m.description);
    processed = true;
  }
  // The Python calls' own results (script_guard.hpp), not their printed text.
  const ScriptFailure failed = take_script_failure();
  std::string error;
  bool explained = false;  // this rank's error line says what VTK's log would
  if (!failed.message.empty()) {
    error = failed.stage == "load" ? "a script failed to load: " + failed.message
                                   : "script failed at step " + std::to_string(step) + " (in " + failed.stage + "): " + failed.message;
    explained = true;  // with the traceback the guard printed
  } else if (failed.any_rank) {
    // another rank has the message
  } else if (!ran) {
    error = "Catalyst CoProcess failed at step " + std::to_string(step);
  } else if (processed && m.rank == 0) {
    // ParaView only logs an extractor's failed write: check its files.
    error = unseen.empty() ? missing_extract(step, time) : unseen;
    explained = !error.empty();
  }
  m.log->flush(explained);
  return error;
}

}  // namespace gs

// The plugin's entry point (catalyst_plugin.hpp).
extern "C" __attribute__((visibility("default"))) gs_plugin::CatalystSession* gs_create_catalyst_session(
    const char* config_json, const char* settings_json, MPI_Comm comm, const char* out_dir) {
  return new gs::CatalystAdaptor(gs::Json::parse(config_json), settings_json, comm, out_dir);
}
