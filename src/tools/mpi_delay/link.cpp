// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "link.hpp"

// The C API only: without these the C++ bindings come along (and their warnings).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace gs_delay {

namespace {

// A finite number >= 0 from the environment; unset or empty gives `absent`.
double env_number(const char* name, double absent) {
  const char* text = std::getenv(name);
  if (!text || !*text) return absent;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text, &end);
  if (errno || *end || !std::isfinite(v) || v < 0)
    die(std::string(name) + "='" + text + "': expected a finite number >= 0");
  return v;
}

struct Settings {
  double alpha_ns = 0;     // per message
  double ns_per_byte = 0;  // 1e9 / beta; 0: infinite bandwidth
  bool verbose = false;
};

const Settings& settings() {
  static const Settings s = [] {
    Settings r;
    r.alpha_ns = env_number("GS_DELAY_ALPHA_US", 0) * 1e3;
    const double beta = env_number("GS_DELAY_BETA", 0);
    r.ns_per_byte = beta > 0 ? 1e9 / beta : 0;
    const char* v = std::getenv("GS_DELAY_VERBOSE");
    r.verbose = v && *v && std::strcmp(v, "0") != 0;
    return r;
  }();
  return s;
}

// Read the settings when the library loads, so a bad value stops every rank
// before it starts rather than at its first message.
__attribute__((constructor)) void load_settings() { settings(); }

struct Counters {
  long sends = 0, receives = 0, sleeps = 0;
  long long payload_bytes = 0;
  Nanos slept = 0, late = 0;  // total sleep, and total wake-up after the target
};

std::mutex g_mutex;  // the link and the counters
Nanos g_link_free = 0;
Counters g_counters;

}  // namespace

Nanos now_ns() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return Nanos(t.tv_sec) * 1000000000 + t.tv_nsec;
}

void die(const std::string& message) {
  std::fprintf(stderr, "mpi_delay: error: %s\n", message.c_str());
  std::fflush(stderr);
  int up = 0;
  MPI_Initialized(&up);
  if (up) PMPI_Abort(MPI_COMM_WORLD, 2);
  std::_Exit(2);
}

Nanos book_send(std::size_t bytes) {
  const Settings& s = settings();
  std::lock_guard<std::mutex> lock(g_mutex);
  const Nanos start = std::max(now_ns(), g_link_free);
  g_link_free = start + Nanos(std::llround(s.alpha_ns + double(bytes) * s.ns_per_byte));
  ++g_counters.sends;
  g_counters.payload_bytes += (long long)bytes;
  return g_link_free;
}

void count_receive() {
  std::lock_guard<std::mutex> lock(g_mutex);
  ++g_counters.receives;
}

void sleep_until(Nanos target) {
  const Nanos start = now_ns();
  if (target <= start) return;
  // The slack is per thread. Without it the kernel may wake a sleeper up to
  // 50 us late, more than the smaller latencies being modelled.
  static thread_local bool tight = prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL) == 0;
  (void)tight;
  timespec t;
  t.tv_sec = time_t(target / 1000000000);
  t.tv_nsec = long(target % 1000000000);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, nullptr) == EINTR) {
  }
  const Nanos woke = now_ns();
  std::lock_guard<std::mutex> lock(g_mutex);
  ++g_counters.sleeps;
  g_counters.slept += woke - start;
  g_counters.late += woke - target;
}

void report(int rank) {
  const Settings& s = settings();
  if (!s.verbose) return;
  rusage u;
  getrusage(RUSAGE_SELF, &u);
  const double cpu = double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + 1e-6 * double(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
  std::lock_guard<std::mutex> lock(g_mutex);
  const Counters& c = g_counters;
  std::fprintf(stderr,
               "mpi_delay: rank %d: alpha %.6g us, beta %.6g B/s: %ld sends (%lld bytes), %ld receives; "
               "slept %.6f s in %ld sleeps, woke %.2f us late on average; cpu %.3f s\n",
               rank, s.alpha_ns * 1e-3, s.ns_per_byte > 0 ? 1e9 / s.ns_per_byte : INFINITY, c.sends, c.payload_bytes,
               c.receives, double(c.slept) * 1e-9, c.sleeps, c.sleeps ? double(c.late) * 1e-3 / double(c.sleeps) : 0.0,
               cpu);
  std::fflush(stderr);
}

}  // namespace gs_delay
