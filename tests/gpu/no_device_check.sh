#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# no_device_check.sh BINARY cuda|hip: a GPU build started where no rank has a
# usable GPU stops before Kokkos starts, with one line from rank 0 that names
# the backend, exit 2 on every rank, and no output folder. Skipped (exit 77,
# CTest's and .ci/run's code for "skipped", not a pass) where a GPU is usable. For CUDA without a driver, the toolkit's stub
# libcuda stands in for one: every driver call then fails, as on a node
# without a GPU.
set -uo pipefail
binary=$1 backend=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
[[ -x $binary ]] || fail "no program at $binary"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case $backend in
  cuda)
    if nvidia-smi -L >/dev/null 2>&1; then echo "SKIP: a CUDA GPU is usable here"; exit 77; fi
    if ldd "$binary" | grep -q 'libcuda.so.1 => not found'; then
      stub=$(find "${GS_CUDA_HOME:-/usr/local/cuda}/" -path '*stubs/libcuda.so' 2>/dev/null | head -n 1)
      [[ -n $stub ]] || fail "no libcuda.so.1 and no stub libcuda.so under ${GS_CUDA_HOME:-/usr/local/cuda}"
      ln -s "$stub" "$work/libcuda.so.1"
      export LD_LIBRARY_PATH=$work${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    fi
    word=CUDA ;;
  hip)
    if [[ -e /dev/kfd ]]; then echo "SKIP: /dev/kfd exists (an AMD GPU may be usable)"; exit 77; fi
    word=HIP ;;
  *) fail "backend must be cuda or hip, got '$backend'" ;;
esac
mpiexec -n 2 "$binary" "$root/inputs/default.toml" "output.dir=$work/out" >"$work/stdout" 2>"$work/stderr"
rc=$?
[[ $rc == 2 ]] || fail "exit $rc, expected 2; stderr: $(head -c 2000 "$work/stderr")"
# mpiexec adds its own report of the non-zero exit; the program's lines are ours.
ours=$(grep -c '^grayscott: ' "$work/stderr")
[[ $ours == 1 ]] || fail "$ours lines from grayscott on stderr, expected 1: $(head -c 2000 "$work/stderr")"
grep -q "^grayscott: error: no $word GPU on this node (.*); this build runs on $word GPUs only" "$work/stderr" ||
  fail "unexpected message: $(grep '^grayscott: ' "$work/stderr")"
! grep -qi 'kokkos' "$work/stderr" || fail "Kokkos started: $(head -c 2000 "$work/stderr")"
[[ ! -s $work/stdout ]] || fail "the program printed: $(head -c 500 "$work/stdout")"
[[ ! -e $work/out ]] || fail "an output folder was created"
echo "PASS: $(grep '^grayscott: ' "$work/stderr")"
