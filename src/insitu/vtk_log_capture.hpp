// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// VTK's log (ERR| and WARN| lines: writer failures, pipeline warnings) held
// back during each in-situ call and printed after it as plain lines, so that
// a failure the program explains in one line (a file an extractor could not
// write) is not buried under the dozens of lines VTK prints for it, and no
// terminal colour codes reach a log file.
#include <mutex>
#include <string>
#include <vector>

namespace gs {

class VtkLogCapture {
 public:
  // Takes VTK's log off stderr and collects its messages (VTK's logger must
  // be initialised: after vtkCPProcessor::Initialize).
  VtkLogCapture();
  ~VtkLogCapture();
  VtkLogCapture(const VtkLogCapture&) = delete;
  VtkLogCapture& operator=(const VtkLogCapture&) = delete;

  // Writes the messages collected since the last call to stderr, one
  // "ERR| ..." or "WARN| ..." line each, or, with drop, only how many there
  // were; then forgets them.
  void flush(bool drop);

  void add(int verbosity, const char* text);  // the logger's callback

  // VTK's logger (loguru) prints what ParaView logs before a capture exists
  // (while it starts) to stderr itself, coloured whenever TERM names a colour
  // terminal, into a file too: colour only when stderr is a terminal.
  static void colour_only_on_a_terminal();

 private:
  std::mutex mutex_;
  std::vector<std::string> lines_;
};

}  // namespace gs
