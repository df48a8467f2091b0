// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "insitu/vtk_log_capture.hpp"

#include <unistd.h>
#include <vtkLogger.h>
#include <vtk_loguru.h>

#include <cstdio>

namespace gs {

namespace {

constexpr const char* kCallbackId = "grayscott-insitu";

void on_message(void* self, const vtkLogger::Message& m) {
  static_cast<VtkLogCapture*>(self)->add(m.verbosity, m.message);
}

}  // namespace

VtkLogCapture::VtkLogCapture() {
  vtkLogger::SetStderrVerbosity(vtkLogger::VERBOSITY_OFF);
  // Everything the stderr sink printed by default (INFO and above).
  vtkLogger::AddCallback(kCallbackId, on_message, this, vtkLogger::VERBOSITY_INFO);
}

void VtkLogCapture::colour_only_on_a_terminal() { vtkloguru::g_colorlogtostderr = isatty(STDERR_FILENO) == 1; }

VtkLogCapture::~VtkLogCapture() {
  vtkLogger::RemoveCallback(kCallbackId);
  flush(false);
}

void VtkLogCapture::add(int verbosity, const char* text) {
  const char* kind = verbosity <= vtkLogger::VERBOSITY_ERROR     ? "ERR"
                     : verbosity == vtkLogger::VERBOSITY_WARNING ? "WARN"
                                                                 : "INFO";
  std::lock_guard<std::mutex> lock(mutex_);
  lines_.push_back(std::string(kind) + "| " + (text ? text : ""));
}

void VtkLogCapture::flush(bool drop) {
  std::vector<std::string> lines;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    lines.swap(lines_);
  }
  if (lines.empty()) return;
  if (drop) {
    std::fprintf(stderr, "(%zu lines of VTK's log about it not shown)\n", lines.size());
  } else {
    for (const auto& line : lines) std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
}

}  // namespace gs
