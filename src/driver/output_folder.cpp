// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "driver/output_folder.hpp"

#include <sys/stat.h>

#include <filesystem>

#include "comm/reduce.hpp"
#include "core/error.hpp"

namespace gs {

OutputFolder::OutputFolder(const std::string& dir, MPI_Comm comm) : dir_(dir), comm_(comm) {
  MPI_Comm_rank(comm, &rank_);
  std::string message;
  if (rank_ == 0) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    struct stat st;
    if (ec || ::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
      message = "key 'output.dir': cannot create folder '" + dir + "' (" +
                (ec ? ec.message() : std::string("a file of that name exists")) + ")";
    } else {
      dev_ = st.st_dev;
      ino_ = st.st_ino;
    }
  }
  message = first_error(message, comm);
  if (!message.empty()) throw InputError(message);
}

void OutputFolder::check(long step) {
  std::string message;
  if (rank_ == 0) {
    struct stat st;
    if (::stat(dir_.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_dev != dev_ || st.st_ino != ino_)
      message = "key 'output.dir': folder '" + dir_ + "' was removed or replaced while the run was writing to it (found at step " +
                std::to_string(step) + "); it is not recreated";
  }
  message = first_error(message, comm_);
  if (message.empty()) return;
  gone_ = true;
  throw RunError(message);
}

}  // namespace gs
