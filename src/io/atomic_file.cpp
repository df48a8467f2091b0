// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "io/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/error.hpp"

namespace gs {

void fsync_path(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

void write_file_atomically(const std::string& path, const std::string& text, const std::string& what) {
  // A full disk often shows only at fsync or close (write() may succeed into
  // the page cache), so every step is checked; the old file stays in place
  // until the new one is complete.
  const std::string tmp = path + ".tmp";
  const auto fail = [&](const std::string& step, int err, int fd) {
    if (fd >= 0) ::close(fd);
    ::unlink(tmp.c_str());
    throw RunError(path + ": cannot write " + what + " (" + step + ": " + std::strerror(err) + "); the previous file is kept");
  };
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("open", errno, -1);
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail("write", n < 0 ? errno : ENOSPC, fd);
    done += std::size_t(n);
  }
  if (::fsync(fd) != 0) fail("fsync", errno, fd);
  if (::close(fd) != 0) fail("close", errno, -1);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) fail("rename", errno, -1);
}

}  // namespace gs
