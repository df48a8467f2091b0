#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# grid.order = 4 at the edges: a restart that changes grid.order is refused in
# one line naming it, nothing of the run damaged; the explicit limit is the
# stencil's own (3/4 of the 5-point one in 2D: --check takes dt just below it
# and refuses dt just above, naming the 4th-order stencil); parallel.halo_depth
# above 1 and grid.stencil values of order 2 are refused in one line; a rank
# must own at least the two cells the stencil reaches.
# usage: checks.sh GRAYSCOTT_BINARY OUTDIR INPUT_2D
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
[[ $# -eq 3 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR INPUT_2D"
bin=$1 out=$2 input=$3
rm -rf "$out" && mkdir -p "$out"

# expect_refused NAME PATTERN ARGS...: exit 2, one line on stderr matching PATTERN.
expect_refused() {
  local name=$1 pattern=$2 rc=0
  shift 2
  "$bin" "$@" >"$out/$name.out" 2>"$out/$name.err" || rc=$?
  cat "$out/$name.err"
  [[ $rc == 2 ]] || fail "$name: exit $rc, expected 2"
  [[ $(wc -l <"$out/$name.err") == 1 ]] || fail "$name: not one line on stderr"
  grep -qE -- "$pattern" "$out/$name.err" || fail "$name: stderr does not match '$pattern'"
}

# The restart: order 2 writes a checkpoint; order 4 from it is refused, the checkpoint unchanged.
"$bin" "$input" time.steps=10 checkpoint.every=10 output.every=0 output.dir="$out/run" >"$out/run.log" 2>&1 ||
  fail "the order-2 run failed: $(tail -n 3 "$out/run.log")"
ckpt=$out/run/checkpoints/ckpt_00000010.h5
before=$(sha256sum <"$ckpt")
expect_refused restart "written with grid.order = 2, this run has grid.order = 4" "$input" grid.order=4 time.dt=0.6 \
  time.steps=20 output.every=0 restart="$ckpt" output.dir="$out/run"
[[ $(sha256sum <"$ckpt") == "$before" ]] || fail "the refused restart changed the checkpoint"

# The limit of the 2D radius-2 cross with this input's physics (Du = 0.3, F = 0.0263, h = 1):
# 2 / (0.3 x 2 x 16/3 + 0.0263) = 0.619905...
"$bin" "$input" grid.order=4 time.dt=0.6199 --check >"$out/below.txt" 2>&1 || fail "dt just below the limit refused: $(tail -n 1 "$out/below.txt")"
expect_refused above "time.dt.*0\.62 is beyond the explicit stability limit of the 9-point 4th-order stencil .*largest stable dt = 0\.619905" \
  "$input" grid.order=4 time.dt=0.62 --check
expect_refused depth "parallel.halo_depth.*grid.order = 4.*allowed: 1 or \"auto\"" "$input" grid.order=4 time.dt=0.5 parallel.halo_depth=2 --check
expect_refused stencil "grid.stencil.*5-point with grid.order = 4; allowed: 9" "$input" grid.order=4 grid.stencil=5 time.dt=0.5 --check
expect_refused order "grid.order.*allowed: 2, 4" "$input" grid.order=3 --check
# 3 cells along x over 2 ranks leave a rank 1 cell: fewer than the 2 ghost cells the stencil reads.
rc=0
$MPIEXEC -n 2 "$bin" "$input" grid.order=4 time.dt=0.5 'grid.n=[3,40]' 'grid.L=[3.0,40.0]' 'parallel.layout=[2,1]' --check \
  >"$out/small.out" 2>"$out/small.err" || rc=$?
cat "$out/small.err"
[[ $rc == 2 ]] && grep -q "fewer than the 2 ghost cells the 9-point 4th-order stencil reads" "$out/small.err" ||
  fail "a rank of 1 cell with the radius-2 stencil: exit $rc"
echo "PASS: grid.order = 4: restart refused, limit of its own, depth and stencil refused, two cells per rank"
