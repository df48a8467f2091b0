// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// A failure on some ranks only reaches every rank before the next collective
// call. The state read of a checkpoint: with GS_TEST_READ_FAIL_RANK (which CTest
// sets for mpi.state_read.*) that rank's read of 'u' fails; every rank must
// return, with the same one-line error, instead of the others going on alone
// into the collective read of 'v' and waiting there forever (the test's
// CTest timeout ends such a hang).
#include <gtest/gtest.h>
#include <mpi.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "../common/test_support.hpp"
#include "comm/reduce.hpp"
#include "core/error.hpp"
#include "core/test_hooks.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "io/h5.hpp"

namespace gs {
namespace {

using test::Real;
using test::world_rank;
using test::world_size;

// Rank 0's text, on every rank.
std::string rank0_text(const std::string& text) {
  long long length = (long long)text.size();
  MPI_Bcast(&length, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  std::string out = world_rank() == 0 ? text : std::string(std::size_t(length), '\0');
  if (length > 0) MPI_Bcast(&out[0], int(length), MPI_CHAR, 0, MPI_COMM_WORLD);
  return out;
}

TEST(StateRead, FirstErrorOfTakesThrowsAndReturnsFromAnyRank) {
  const int last = world_size() - 1;
  // Only the last rank fails, by throwing: every rank gets its message.
  EXPECT_EQ(first_error_of([&] { if (world_rank() == last) throw RunError("disk gone"); }, MPI_COMM_WORLD), "disk gone");
  // A returned reason counts as well, and the lowest failing rank's wins.
  const std::string both = first_error_of(
      [&]() -> std::string {
        if (world_rank() == last) throw std::runtime_error("thrown on the last rank");
        return world_rank() == 0 ? "returned on rank 0" : "";
      },
      MPI_COMM_WORLD);
  EXPECT_EQ(both, last == 0 ? "thrown on the last rank" : "returned on rank 0");
  EXPECT_EQ(first_error_of([] { return std::string(); }, MPI_COMM_WORLD), "");
}

TEST(StateRead, ReadFailingOnOneRankFailsOnEveryRankAlike) {
  const int failing = test_hooks().read_fail_rank;
  ASSERT_GE(world_size(), 2) << "a failure on one rank of one needs no agreement: run on 2 ranks or more";
  ASSERT_TRUE(failing >= 0 && failing < world_size())
      << "GS_TEST_READ_FAIL_RANK must name a rank of this run (CTest sets it); without it nothing fails";

  GridConfig grid;
  grid.dims = 2;
  grid.n = {12, 10, 1};
  const Decomposition dec(grid, ParallelConfig{}, MPI_COMM_WORLD, Integrator::Euler);
  Fields<Real> written(dec);
  Kokkos::deep_copy(written.u, Real(0.75));
  Kokkos::deep_copy(written.v, Real(0.25));
  // One file for all ranks, named after rank 0's process.
  const std::string path =
      rank0_text((std::filesystem::temp_directory_path() / ("gs_state_read_" + std::to_string(::getpid()) + ".h5")).string());
  {
    H5Handle file = h5_create(path, MPI_COMM_WORLD);
    ASSERT_FALSE(allreduce_any(!file.valid(), MPI_COMM_WORLD)) << path << ": cannot create";
    h5_write_state(file.get(), h5_create_state<Real>(file.get(), dec), dec, written);
    ASSERT_FALSE(allreduce_any(!file.close(), MPI_COMM_WORLD));
  }

  Fields<Real> read(dec);
  std::string err;
  {
    H5Handle file = h5_open_read(path, MPI_COMM_WORLD);
    ASSERT_FALSE(allreduce_any(!file.valid(), MPI_COMM_WORLD)) << path << ": cannot open";
    err = h5_read_state(file.get(), dec, read);
  }
  // Reached only when no rank went on into the read of 'v' alone.
  MPI_Barrier(MPI_COMM_WORLD);
  if (world_rank() == 0) std::filesystem::remove(path);

  const std::string expected = "dataset 'u' cannot be read on rank " + std::to_string(failing) + " (test hook GS_TEST_READ_FAIL_RANK)";
  EXPECT_EQ(err, expected) << "on rank " << world_rank();
  EXPECT_EQ(err, rank0_text(err)) << "rank " << world_rank() << " has another error than rank 0";
  EXPECT_EQ(err.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace gs
