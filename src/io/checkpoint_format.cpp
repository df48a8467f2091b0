// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The checkpoint seal (a hash over the digest and the attributes a restart
// trusts) and new lineages.
#include "io/checkpoint_format.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>

#include "core/error.hpp"
#include "core/hash.hpp"

namespace gs {

namespace {

std::uint64_t hash_text(const std::string& text) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a, then a full mix
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return mix64(h);
}

}  // namespace

std::uint64_t checkpoint_seal(std::uint64_t digest, long long step, double time, const std::string& config,
                              const std::string& lineage) {
  std::uint64_t time_bits = 0;
  std::memcpy(&time_bits, &time, sizeof time_bits);
  std::uint64_t h = hash_combine(mix64(digest), std::uint64_t(step));
  h = hash_combine(h, time_bits);
  h = hash_combine(h, hash_text(config));
  return hash_combine(h, hash_text(lineage));
}

std::string new_checkpoint_lineage(MPI_Comm comm) {
  char buf[32] = {0};
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    char host[256] = {0};
    ::gethostname(host, sizeof host - 1);
    const auto now = std::chrono::system_clock::now().time_since_epoch().count();
    const std::uint64_t id = hash_combine(hash_combine(hash_text(host), std::uint64_t(::getpid())), std::uint64_t(now));
    std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)id);
  }
  GS_MPI_CHECK(MPI_Bcast(buf, sizeof buf, MPI_CHAR, 0, comm));
  return buf;
}

}  // namespace gs
