// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The modelled network link of the latency injector (mpi_delay.cpp): its
// settings from the environment, the one clock of all ranks, the arrival
// time of each message, the sleep until an arrival, and the counts that
// GS_DELAY_VERBOSE reports. No MPI requests in here.
#include <cstddef>
#include <cstdint>
#include <string>

namespace gs_delay {

using Nanos = std::int64_t;  // CLOCK_MONOTONIC, shared by the ranks of one machine

Nanos now_ns();

// One line on stderr, then the job ends (MPI_Abort once MPI is up, else exit 2).
[[noreturn]] void die(const std::string& message);

// The arrival time of a message of `bytes` this rank sends now: its messages
// share one link, one after another (start = max(now, link free), arrival =
// start + alpha + bytes / beta, link free = arrival).
Nanos book_send(std::size_t bytes);

void count_receive();

// Sleeps until `target` (nothing if it has passed) and counts how late it woke.
void sleep_until(Nanos target);

// GS_DELAY_VERBOSE's line for this rank, if asked for.
void report(int rank);

}  // namespace gs_delay
