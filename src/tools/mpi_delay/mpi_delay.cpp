// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// libgs_mpi_delay.so: a PMPI layer that gives point-to-point messages the
// cost of a modelled network link, so that the halo cost model
// (docs/scaling.md, gs_post.py model) can be checked at cluster latencies on
// one machine. Preload it (LD_PRELOAD, or mpiexec -x LD_PRELOAD=...) and set
//   GS_DELAY_ALPHA_US  latency per message, microseconds (default 0)
//   GS_DELAY_BETA      link bandwidth, bytes/s (default: infinite)
//   GS_DELAY_VERBOSE   1: one line per rank at MPI_Finalize (counts, sleeps, CPU time)
// Design (docs/scaling.md, "Deep halos at injected latencies"):
// - All ranks run on one machine, so CLOCK_MONOTONIC is one clock for all.
// - MPI_Isend stamps each message with its modelled arrival time: the messages
//   of one rank share one link, one after another, as the model sums them:
//   start = max(now, link_free); arrival = start + alpha + bytes / beta;
//   link_free = arrival. The stamp travels in front of the payload (MPI_BYTE
//   from a temporary buffer), and MPI_Irecv receives into payload + 8 bytes.
// - The completion calls (MPI_Wait, MPI_Waitall, MPI_Test, MPI_Testall) complete
//   the real requests, copy the payloads out, then sleep until the latest
//   arrival among the receives they completed. Until then the messages stay
//   asynchronous, so the program's overlap of compute with messages still
//   works. Sleeping rather than spinning leaves the cores to other ranks when
//   ranks outnumber cores; PR_SET_TIMERSLACK 1 keeps short sleeps short.
// - Requests the wrappers did not create pass through untouched (collectives,
//   the program's stop-request all-reduce, MPI-IO).
// This file keeps the table of wrapped requests and the MPI entry points;
// link.cpp the link model, the settings, the sleep and the counts.
// The arrival stamp is an absolute time, so a sender's clock and a receiver's
// clock must be the same: nothing stops a run over several nodes, but its
// delays would mean nothing. Buffers must be host memory (the payload is
// copied with memcpy: parallel.gpu_aware_mpi = false).
//
// The C API only: without these the C++ bindings come along (and their warnings).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "link.hpp"

namespace {

using gs_delay::die;
using gs_delay::Nanos;
constexpr int kStampBytes = sizeof(Nanos);

struct Wrapped {
  char* staging;           // [arrival stamp | payload]
  void* user;              // the receive's buffer (null for a send)
  int count;               // elements the receive was posted for
  MPI_Datatype type;
  int type_size;
};

std::mutex g_mutex;  // the table of wrapped requests
std::unordered_map<MPI_Request, Wrapped> g_wrapped;

int checked_type_size(MPI_Datatype type, const char* call) {
  int n_int = 0, n_addr = 0, n_types = 0, combiner = 0;
  PMPI_Type_get_envelope(type, &n_int, &n_addr, &n_types, &combiner);
  int size = 0;
  MPI_Aint lb = 0, extent = 0;
  PMPI_Type_size(type, &size);
  PMPI_Type_get_extent(type, &lb, &extent);
  if (combiner != MPI_COMBINER_NAMED || lb != 0 || extent != size) {
    char name[MPI_MAX_OBJECT_NAME] = "";
    int len = 0;
    PMPI_Type_get_name(type, name, &len);
    die(std::string(call) + ": datatype '" + (len ? name : "unnamed") +
        "' is not a predefined contiguous type; the injector carries only those (MPI_DOUBLE, MPI_FLOAT, ...)");
  }
  return size;
}

bool any_wrapped(int n, const MPI_Request* requests) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_wrapped.empty()) return false;
  for (int i = 0; i < n; ++i)
    if (requests[i] != MPI_REQUEST_NULL && g_wrapped.count(requests[i])) return true;
  return false;
}

// After the real request `key` completed with `status`: the receive's payload
// goes to the user's buffer and the status shows the user's datatype. Returns
// the message's arrival time (0 for a send).
Nanos finish(MPI_Request key, MPI_Status* status) {
  Wrapped w;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto it = g_wrapped.find(key);
    w = it->second;
    g_wrapped.erase(it);
  }
  Nanos arrival = 0;
  if (w.user) {
    int bytes = 0;
    PMPI_Get_count(status, MPI_BYTE, &bytes);
    if (bytes < kStampBytes) die("a message without an arrival stamp reached a wrapped receive (was it sent "
                                 "by a call the injector does not wrap, such as MPI_Send?)");
    std::memcpy(&arrival, w.staging, kStampBytes);
    const int payload = bytes - kStampBytes;
    std::memcpy(w.user, w.staging + kStampBytes, std::size_t(payload));
    PMPI_Status_set_elements(status, w.type, payload / w.type_size);
  }
  std::free(w.staging);
  return arrival;
}

// The completion calls below share one shape: remember which requests are
// wrapped (the real call overwrites the handles), complete them for real, then
// finish the wrapped ones and sleep until the latest arrival.
int complete_all(int n, MPI_Request* requests, MPI_Status* statuses, int* flag,
                 int (*real)(int, MPI_Request*, int*, MPI_Status*)) {
  std::vector<MPI_Request> keys(requests, requests + n);
  std::vector<MPI_Status> own;
  if (statuses == MPI_STATUSES_IGNORE) {
    own.resize(std::size_t(n));
    statuses = own.data();
  }
  int done = 1;
  const int rc = real(n, requests, flag ? &done : nullptr, statuses);
  if (flag) *flag = done;
  if (rc != MPI_SUCCESS || !done) return rc;
  Nanos latest = 0;
  for (int i = 0; i < n; ++i) {
    if (keys[i] == MPI_REQUEST_NULL) continue;
    bool mine;
    {
      std::lock_guard<std::mutex> lock(g_mutex);
      mine = g_wrapped.count(keys[i]) != 0;
    }
    if (mine) latest = std::max(latest, finish(keys[i], &statuses[i]));
  }
  gs_delay::sleep_until(latest);
  return rc;
}

int real_waitall(int n, MPI_Request* r, int*, MPI_Status* s) { return PMPI_Waitall(n, r, s); }
int real_testall(int n, MPI_Request* r, int* flag, MPI_Status* s) { return PMPI_Testall(n, r, flag, s); }
int real_wait(int, MPI_Request* r, int*, MPI_Status* s) { return PMPI_Wait(r, s); }
int real_test(int, MPI_Request* r, int* flag, MPI_Status* s) { return PMPI_Test(r, flag, s); }

void refuse_wrapped(const char* call, int n, const MPI_Request* requests) {
  if (any_wrapped(n, requests))
    die(std::string(call) + " on a request of a wrapped MPI_Isend/MPI_Irecv: only MPI_Wait, MPI_Waitall, "
        "MPI_Test and MPI_Testall complete those");
}

}  // namespace

extern "C" {

int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request) {
  const int size = checked_type_size(type, "MPI_Isend");
  const std::size_t bytes = std::size_t(count) * std::size_t(size);
  if (bytes > std::size_t(INT_MAX - kStampBytes)) die("MPI_Isend: a " + std::to_string(bytes) + "-byte message is too large to carry with its stamp");
  char* staging = static_cast<char*>(std::malloc(bytes + kStampBytes));
  if (!staging) die("MPI_Isend: out of memory for a " + std::to_string(bytes) + "-byte message");
  const Nanos arrival = gs_delay::book_send(bytes);
  std::memcpy(staging, &arrival, kStampBytes);
  if (bytes) std::memcpy(staging + kStampBytes, buf, bytes);
  const int rc = PMPI_Isend(staging, int(bytes + kStampBytes), MPI_BYTE, dest, tag, comm, request);
  if (rc != MPI_SUCCESS) {
    std::free(staging);
    return rc;
  }
  std::lock_guard<std::mutex> lock(g_mutex);
  g_wrapped[*request] = {staging, nullptr, count, type, size};
  return rc;
}

int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* request) {
  const int size = checked_type_size(type, "MPI_Irecv");
  const std::size_t bytes = std::size_t(count) * std::size_t(size);
  if (bytes > std::size_t(INT_MAX - kStampBytes)) die("MPI_Irecv: a " + std::to_string(bytes) + "-byte message is too large to carry with its stamp");
  char* staging = static_cast<char*>(std::malloc(bytes + kStampBytes));
  if (!staging) die("MPI_Irecv: out of memory for a " + std::to_string(bytes) + "-byte message");
  const int rc = PMPI_Irecv(staging, int(bytes + kStampBytes), MPI_BYTE, source, tag, comm, request);
  if (rc != MPI_SUCCESS) {
    std::free(staging);
    return rc;
  }
  gs_delay::count_receive();
  std::lock_guard<std::mutex> lock(g_mutex);
  g_wrapped[*request] = {staging, buf, count, type, size};
  return rc;
}

int MPI_Wait(MPI_Request* request, MPI_Status* status) {
  if (!any_wrapped(1, request)) return PMPI_Wait(request, status);
  return complete_all(1, request, status == MPI_STATUS_IGNORE ? MPI_STATUSES_IGNORE : status, nullptr, real_wait);
}

int MPI_Waitall(int n, MPI_Request requests[], MPI_Status statuses[]) {
  if (!any_wrapped(n, requests)) return PMPI_Waitall(n, requests, statuses);
  return complete_all(n, requests, statuses, nullptr, real_waitall);
}

// A test that finds the message there completes it, then sleeps out the rest
// of its modelled flight: the wrapper cannot keep a completed request pending.
int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  if (!any_wrapped(1, request)) return PMPI_Test(request, flag, status);
  return complete_all(1, request, status == MPI_STATUS_IGNORE ? MPI_STATUSES_IGNORE : status, flag, real_test);
}

int MPI_Testall(int n, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
  if (!any_wrapped(n, requests)) return PMPI_Testall(n, requests, flag, statuses);
  return complete_all(n, requests, statuses, flag, real_testall);
}

// The partial completions would need a request kept pending after its real
// completion; nothing here uses them with halo messages, so they refuse.
int MPI_Waitany(int n, MPI_Request requests[], int* index, MPI_Status* status) {
  refuse_wrapped("MPI_Waitany", n, requests);
  return PMPI_Waitany(n, requests, index, status);
}

int MPI_Waitsome(int n, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  refuse_wrapped("MPI_Waitsome", n, requests);
  return PMPI_Waitsome(n, requests, outcount, indices, statuses);
}

int MPI_Testany(int n, MPI_Request requests[], int* index, int* flag, MPI_Status* status) {
  refuse_wrapped("MPI_Testany", n, requests);
  return PMPI_Testany(n, requests, index, flag, status);
}

int MPI_Testsome(int n, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  refuse_wrapped("MPI_Testsome", n, requests);
  return PMPI_Testsome(n, requests, outcount, indices, statuses);
}

int MPI_Request_free(MPI_Request* request) {
  refuse_wrapped("MPI_Request_free", 1, request);
  return PMPI_Request_free(request);
}

int MPI_Cancel(MPI_Request* request) {
  refuse_wrapped("MPI_Cancel", 1, request);
  return PMPI_Cancel(request);
}

int MPI_Finalize(void) {
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  gs_delay::report(rank);
  return PMPI_Finalize();
}

}  // extern "C"
