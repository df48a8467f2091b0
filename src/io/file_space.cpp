// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// reserve_file_space: fallocate where the filesystem supports it, a free-space
// comparison where it does not; release_file_space_beyond_end gives back the rest.
#include "io/file_space.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace gs {

namespace {

double free_bytes(int fd) {
  struct statvfs vfs;
  return ::fstatvfs(fd, &vfs) == 0 ? double(vfs.f_bavail) * double(vfs.f_frsize) : -1.0;
}

std::string no_space(double needed, double free) {
  char text[128];
  std::snprintf(text, sizeof text, "not enough free space (%.0f bytes needed, %.0f free)", needed, free);
  return text;
}

std::string system_error(const char* what) { return std::string(what) + " (" + std::strerror(errno) + ")"; }

// What the file holds already: a reservation being topped up counts as free for it.
double held_bytes(int fd) {
  struct stat st;
  return ::fstat(fd, &st) == 0 ? double(st.st_blocks) * 512.0 : 0.0;
}

// Without fallocate: what the file still needs beyond the blocks it has, against the free space.
std::string compare_free_space(int fd, long long bytes) {
  const double held = held_bytes(fd), free = free_bytes(fd);
  return free >= 0 && double(bytes) - held > free ? no_space(double(bytes), free + held) : "";
}

}  // namespace

std::string reserve_file_space(const std::string& path, long long bytes, bool& held) {
  held = false;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0644);
  if (fd < 0) return system_error("cannot create it to reserve space");
  std::string why;
#if defined(__linux__)
  // Not posix_fallocate: where the filesystem lacks fallocate, glibc emulates
  // it by writing every block, serially from one rank, which on a parallel
  // filesystem can take longer than the write it guards (and it changes the size).
  const int rc = bytes > 0 ? ::fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, off_t(bytes)) : 0;
  const int err = rc == 0 ? 0 : errno;
  held = rc == 0;
  if (err == ENOSPC || err == EDQUOT) {
    why = no_space(double(bytes), free_bytes(fd) + held_bytes(fd));
  } else if (err == EOPNOTSUPP || err == ENOSYS) {
    why = compare_free_space(fd, bytes);
  } else if (err != 0) {
    errno = err;
    why = system_error("cannot reserve its space");
  }
#else
  why = compare_free_space(fd, bytes);
#endif
  if (::close(fd) != 0 && why.empty()) why = system_error("cannot close it after reserving space");
  return why;
}

std::string release_file_space_beyond_end(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return system_error("cannot read its size");
  const double blk = st.st_blksize > 0 ? double(st.st_blksize) : 4096.0;
  if (double(st.st_blocks) * 512.0 <= blk * std::ceil(double(st.st_size) / blk)) return "";
  // Shrinking a file frees every block past its new end on every filesystem
  // (a hole punched past the end is ignored by some), so grow by one byte, then shrink back.
  if (::truncate(path.c_str(), st.st_size + 1) != 0 || ::truncate(path.c_str(), st.st_size) != 0)
    return system_error("cannot give back the unused reserved space");
  return "";
}

}  // namespace gs
