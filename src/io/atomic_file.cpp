#include "io/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

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
  const std::string tmp = path + ".tmp";
  {
    std::ofstream os(tmp);
    if (!os) throw RunError(tmp + ": cannot write " + what);
    os << text;
    if (!os) throw RunError(tmp + ": error while writing " + what);
  }
  fsync_path(tmp);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw RunError(path + ": cannot move " + what + " into place");
}

}  // namespace gs
