// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "driver/run_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "comm/reduce.hpp"
#include "core/error.hpp"

namespace gs {

RunLock::RunLock(const std::string& dir, MPI_Comm comm, const std::function<std::string()>& refuse) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::string err;
  if (rank == 0) {
    const std::string path = dir + "/.lock";
    // Whether this run made the file: a refused run removes only a file it made.
    bool created = true;
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd_ < 0 && errno == EEXIST) {
      created = false;
      fd_ = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    }
    if (fd_ < 0) {
      err = "key 'output.dir': cannot create " + path + " (" + std::strerror(errno) + ")";
    } else if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      char holder[256] = {0};
      const ssize_t n = ::pread(fd_, holder, sizeof holder - 1, 0);
      std::string who = n > 0 ? std::string(holder, std::size_t(n)) : std::string("unknown");
      while (!who.empty() && (who.back() == '\n' || who.back() == ' ')) who.pop_back();
      for (auto& c : who)
        if (c < 0x20) c = ' ';
      err = "key 'output.dir': " + dir + " is in use by another run (" + who + ", lock " + path +
            "); wait for it or choose another output.dir";
      ::close(fd_);
      fd_ = -1;
    } else if (refuse && !(err = refuse()).empty()) {
      // Refused with the lock held, so no other run is writing here: leave
      // the folder as found (exit 2 writes nothing). A run that opened the
      // file just before the unlink then locks a file no longer in the
      // folder; it is refused by the same check unless it restarts this
      // folder's run or overwrites, which a concurrent run may not do anyway.
      if (created) ::unlink(path.c_str());
      ::close(fd_);
      fd_ = -1;
    } else {
      // The lock is the flock, not the file: a stale file from a killed run is simply reused.
      char host[200] = {0};
      ::gethostname(host, sizeof host - 1);
      const std::string text = "host " + std::string(host) + " pid " + std::to_string(::getpid()) + "\n";
      if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, text.data(), text.size(), 0) != ssize_t(text.size()))
        err = "key 'output.dir': cannot write " + path + " (" + std::strerror(errno) + ")";
    }
  }
  err = first_error(err, comm);
  if (!err.empty()) {
    if (fd_ >= 0) ::close(fd_);
    throw InputError(err);
  }
}

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace gs
