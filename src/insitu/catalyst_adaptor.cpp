#include "insitu/catalyst_adaptor.hpp"

#include <vtkCPDataDescription.h>
#include <vtkCPInputDataDescription.h>
#include <vtkCPProcessor.h>
#include <vtkCPPythonPipeline.h>
#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkDoubleArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPythonInterpreter.h>
#include <vtkSmartPointer.h>

#include <cstdlib>
#include <sstream>

#include "core/error.hpp"

namespace gs {

namespace {

std::string join(const std::vector<double>& values) {
  std::ostringstream os;
  os.precision(17);
  for (std::size_t i = 0; i < values.size(); ++i) os << (i ? "," : "") << values[i];
  return os.str();
}

// The last non-empty line of a traceback ("NameError: name 'x' is not defined").
std::string last_line(const std::string& text) {
  std::string line, last;
  std::istringstream in(text);
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  return last;
}

}  // namespace

struct CatalystAdaptor::Impl {
  vtkNew<vtkCPProcessor> processor;
  vtkNew<vtkCPDataDescription> description;
  vtkNew<vtkImageData> image;
  vtkNew<vtkDoubleArray> u, v;
  // Legacy Catalyst only prints a Python traceback (through the interpreter's
  // stderr redirection) and carries on; this observer keeps what it printed.
  vtkNew<vtkPythonInterpreter> interpreter;
  vtkNew<vtkCallbackCommand> on_python_error;
  std::string python_errors;
  std::vector<std::string> load_errors;

};

CatalystAdaptor::CatalystAdaptor(const SimConfig& cfg, MPI_Comm comm, const std::string& out_dir)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  // Read by the scripts at import, before any data exists.
  setenv("GS_INSITU_DIR", out_dir.c_str(), 1);
  setenv("GS_INSITU_ISO", join(cfg.insitu.iso).c_str(), 1);
  setenv("GS_INSITU_DIMS", std::to_string(cfg.grid.dims).c_str(), 1);
  setenv("GS_INSITU_LENGTH", join({cfg.grid.L[0], cfg.grid.L[1], cfg.grid.L[2]}).c_str(), 1);

  m.on_python_error->SetClientData(&m);
  m.on_python_error->SetCallback([](vtkObject*, unsigned long, void* client, void* call) {
    auto* self = static_cast<Impl*>(client);
    if (call) self->python_errors += static_cast<const char*>(call);
  });
  m.interpreter->AddObserver(vtkCommand::ErrorEvent, m.on_python_error);

  // Catalyst joins the MPI job already started on MPI_COMM_WORLD, whose ranks
  // are the decomposition's. Not on `comm` itself: with the (Cartesian)
  // simulation communicator handed over, Catalyst Live's first connection
  // attempt deadlocked here (parts of ParaView keep using the world controller).
  (void)comm;
  GS_REQUIRE(m.processor->Initialize() == 1, "vtkCPProcessor::Initialize failed");
  for (const auto& script : cfg.insitu.scripts) {
    m.python_errors.clear();
    // Scripts without a "# script-version: N" line are taken as the newer
    // style (version 2); old exported scripts name their ParaView version and stay 1.
    auto pipeline = vtkCPPythonPipeline::CreateAndInitializePipeline(script.c_str(), 2);
    if (!pipeline || m.python_errors.find("Traceback (most recent call last)") != std::string::npos) {
      const std::string why = last_line(m.python_errors);
      m.load_errors.push_back("insitu.script '" + script + "' failed to load" + (why.empty() ? "" : ": " + why));
      continue;
    }
    m.processor->AddPipeline(pipeline);
  }

  m.description->AddInput("grid");
  int whole[6] = {0, 0, 0, 0, 0, 0};
  for (int d = 0; d < cfg.grid.dims; ++d) whole[2 * d + 1] = int(cfg.grid.n[d]);  // n + 1 points: the periodic image of point 0 closes the domain
  m.description->GetInputDescriptionByName("grid")->SetWholeExtent(whole);

  for (auto* a : {m.u.Get(), m.v.Get()}) a->SetNumberOfComponents(1);
  m.u->SetName("u");
  m.v->SetName("v");
  m.image->GetPointData()->AddArray(m.u);
  m.image->GetPointData()->AddArray(m.v);
  m.image->GetPointData()->SetActiveScalars("v");  // image representations expect active scalars
  m.image->SetSpacing(cfg.grid.h(0), cfg.grid.h(1), cfg.grid.dims == 3 ? cfg.grid.h(2) : cfg.grid.h(0));
  m.image->SetOrigin(0.5 * cfg.grid.h(0), 0.5 * cfg.grid.h(1), cfg.grid.dims == 3 ? 0.5 * cfg.grid.h(2) : 0.0);
}

CatalystAdaptor::~CatalystAdaptor() { impl_->processor->Finalize(); }

std::string CatalystAdaptor::execute(long step, double time, const CatalystBlock& block, bool last) {
  Impl& m = *impl_;
  std::string error;
  if (!m.load_errors.empty()) error = m.load_errors.front();
  m.python_errors.clear();
  if (error.empty()) {
    const long* p = block.points;
    const long* f = block.first;
    const vtkIdType count = vtkIdType(p[0]) * p[1] * p[2];
    m.image->SetExtent(int(f[0]), int(f[0] + p[0] - 1), int(f[1]), int(f[1] + p[1] - 1), int(f[2]), int(f[2] + p[2] - 1));
    // Zero-copy views of the block's host buffer (save = 1: VTK never frees it).
    // VTK's array API is not const; it only reads these.
    m.u->SetArray(const_cast<double*>(block.u), count, 1);
    m.v->SetArray(const_cast<double*>(block.v), count, 1);
    m.image->Modified();
    m.description->SetTimeData(time, step);
    m.description->SetForceOutput(last);
    int ran = 1;
    if (m.processor->RequestDataDescription(m.description)) {
      m.description->GetInputDescriptionByName("grid")->SetGrid(m.image);
      ran = m.processor->CoProcess(m.description);
    }
    // Python warnings also reach stderr; only a traceback is a failure.
    if (m.python_errors.find("Traceback (most recent call last)") != std::string::npos)
      error = "Catalyst script error at step " + std::to_string(step) + ": " + last_line(m.python_errors);
    else if (!ran)
      error = "Catalyst CoProcess failed at step " + std::to_string(step);
  }
  return error;
}

}  // namespace gs

// The plugin's entry point (catalyst_plugin.hpp).
extern "C" __attribute__((visibility("default"))) gs::CatalystSession* gs_create_catalyst_session(const gs::SimConfig& cfg,
                                                                                                 MPI_Comm comm,
                                                                                                 const char* out_dir) {
  return new gs::CatalystAdaptor(cfg, comm, out_dir);
}
