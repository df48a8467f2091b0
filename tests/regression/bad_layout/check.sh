#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A parallel.layout whose product is not the rank count, or a parallel.halo_depth
# that is no depth or too deep for the ranks' boxes, is exit 2 with one line
# naming where the key was set (the command line or the input file), never an
# MPI abort.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
# expect NAME TEXT RANKS ARGS...
expect() {
  local name=$1 text=$2 ranks=$3 rc=0
  shift 3
  timeout 120 "$MPIEXEC" -n "$ranks" "$GRAYSCOTT" "$@" "output.dir=$OUT/$name" >"$OUT/$name.out" 2>"$OUT/$name.err" || rc=$?
  [[ $rc == 2 ]] || fail "$name: exit code $rc, expected 2: $(cat "$OUT/$name.err")"
  [[ $(grep -c "grayscott:" "$OUT/$name.err") == 1 ]] || fail "$name: expected one line: $(cat "$OUT/$name.err")"
  ! grep -qiE "MPI_ABORT|MPI_Dims_create|signal" "$OUT/$name.err" || fail "$name: aborted: $(cat "$OUT/$name.err")"
  grep -qF -- "$text" "$OUT/$name.err" || fail "$name: message lacks '$text': $(cat "$OUT/$name.err")"
  [[ ! -e $OUT/$name ]] || fail "$name: the refused run created its output folder"
  echo "ok $name: $(grep grayscott: "$OUT/$name.err")"
}
expect cli_product "command line: key 'parallel.layout': [1, 1]" 2 "$INPUT" "parallel.layout=[1,1]"
expect cli_too_many "command line: key 'parallel.layout': [4, 1]" 2 "$INPUT" "parallel.layout=[4,1]"
expect cli_huge "command line: key 'parallel.layout'" 2 "$INPUT" "parallel.layout=[1048576,1048576]"
sed 's/^\[time\]/[parallel]\nlayout = [3, 1]\n\n[time]/' "$INPUT" >"$OUT/layout.toml"
expect file_product "$OUT/layout.toml: key 'parallel.layout': [3, 1]" 2 "$OUT/layout.toml"
expect cli_grid "command line: key 'grid.n'" 2 "$INPUT" "grid.n=[1,74]" "grid.L=[1.0,74.0]" "parallel.layout=[2,1]"
# parallel.halo_depth: not a depth, or ghosts wider than a rank's cells (the largest that fits is named).
expect halo_zero "command line: key 'parallel.halo_depth': value 0 is out of range; allowed: 1 to 16" 2 "$INPUT" "parallel.halo_depth=0"
expect halo_negative "command line: key 'parallel.halo_depth': value -1 is out of range" 2 "$INPUT" "parallel.halo_depth=-1"
expect halo_text "command line: key 'parallel.halo_depth': expected an integer from 1 to 16 or \"auto\", got \"x\"" 2 "$INPUT" 'parallel.halo_depth="x"'
expect halo_too_deep "the largest halo_depth that fits is 4" 3 "$INPUT" "grid.n=[24,12]" "grid.L=[24.0,12.0]" "parallel.halo_depth=5"
expect halo_too_deep_rk2 "needs 6 ghost cells (3 steps x 2 stages), more than the 4 cells a rank owns along y" 3 "$INPUT" \
  "grid.n=[24,12]" "grid.L=[24.0,12.0]" "time.integrator=rk2" "parallel.halo_depth=3"
echo "bad layout: exit 2, one line, named source"
