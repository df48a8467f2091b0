// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Reserving a file's disk space before a parallel write fills it: once the
// blocks are allocated, no write inside them can fail for lack of space, so a
// full disk is found by one process, in one place, before any collective
// write can fail on some ranks only.
#include <string>

namespace gs {

// Serial (one rank). Allocates the first `bytes` bytes of `path` (created
// empty if missing) without changing its size, so a program that then opens
// it and truncates an empty file keeps the blocks. Returns "" on success,
// otherwise why not, in words: "not enough free space (N bytes needed, M
// free)" or the system's reason. Where the filesystem cannot reserve space
// (no fallocate) it compares the free space with what is needed instead,
// which a concurrent writer can still defeat; `held` says which it did.
std::string reserve_file_space(const std::string& path, long long bytes, bool& held);

// Serial. Gives back what a reservation holds beyond the file's end; "" or why not.
std::string release_file_space_beyond_end(const std::string& path);

}  // namespace gs
