#pragma once
// Error reporting: exceptions carry a one-line message; the macros add file:line
// for internal failures, never for user input errors (those name the key/file).
#include <mpi.h>

#include <sstream>
#include <stdexcept>
#include <string>

namespace gs {

// Bad user input (config file, command line, restart file): exit code 2.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Bad input about one config key, found outside the loader (the rank layout,
// the grid against the ranks): what() is "key 'K': reason", and whoever holds
// the config prefixes where K was set (SimConfig::source_of), so the message
// names the file or the command line as the loader's own do.
class KeyError : public InputError {
 public:
  KeyError(const std::string& key, const std::string& reason) : InputError("key '" + key + "': " + reason), key_(key) {}
  const std::string& key() const { return key_; }

 private:
  std::string key_;
};

// Failure detected while running (NaN, I/O): exit code 1.
class RunError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] inline void fail_at(const char* file, int line, const std::string& what) {
  std::ostringstream os;
  os << what << " (" << file << ":" << line << ")";
  throw RunError(os.str());
}

}  // namespace gs

#define GS_REQUIRE(cond, msg)                                                    \
  do {                                                                           \
    if (!(cond)) {                                                               \
      std::ostringstream gs_require_os_;                                         \
      gs_require_os_ << "requirement failed: " #cond ": " << msg;                \
      ::gs::fail_at(__FILE__, __LINE__, gs_require_os_.str());                   \
    }                                                                            \
  } while (0)

#define GS_MPI_CHECK(call)                                                       \
  do {                                                                           \
    int gs_mpi_rc_ = (call);                                                     \
    if (gs_mpi_rc_ != MPI_SUCCESS) {                                             \
      char gs_mpi_msg_[MPI_MAX_ERROR_STRING];                                    \
      int gs_mpi_len_ = 0;                                                       \
      MPI_Error_string(gs_mpi_rc_, gs_mpi_msg_, &gs_mpi_len_);                   \
      ::gs::fail_at(__FILE__, __LINE__,                                          \
                    std::string("MPI call failed: " #call ": ") + gs_mpi_msg_);  \
    }                                                                            \
  } while (0)
