#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Odd names in checkpoints/: stray files (huge step numbers, other files) are
# ignored with a warning and never pruned; a 'latest' that does not name a
# checkpoint is exit 2 with one line.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT/run/checkpoints"
ck=$OUT/run/checkpoints
huge=ckpt_99999999999999999999999999.h5
echo stray >"$ck/$huge"
echo stray >"$ck/notes.txt"
run_ranks 2 "$OUT/run" "$INPUT" time.steps=30 checkpoint.every=10 checkpoint.keep=1 ||
  fail "a run with stray files in checkpoints/ failed: $(tail -3 "$OUT/run.log")"
grep -q "warning: .*$huge.*ignored" "$OUT/run.log" || fail "no warning about $huge: $(cat "$OUT/run.log")"
grep -q "warning: .*notes.txt.*ignored" "$OUT/run.log" || fail "no warning about notes.txt"
[[ $(grep -c "warning: .*notes.txt" "$OUT/run.log") == 1 ]] || fail "the warning is repeated at every checkpoint"
[[ -f $ck/$huge && -f $ck/notes.txt ]] || fail "stray files were deleted"
[[ $(cat "$ck/latest") == ckpt_00000030.h5 ]] || fail "latest is $(cat "$ck/latest")"

# expect NAME TEXT: restart=latest must fail with exit 2 and one line containing TEXT.
expect() {
  local rc=0
  "$GRAYSCOTT" "$INPUT" time.steps=40 "output.dir=$OUT/run" restart=latest >"$OUT/$1.out" 2>"$OUT/$1.err" || rc=$?
  [[ $rc == 2 ]] || fail "$1: exit code $rc, expected 2: $(cat "$OUT/$1.err")"
  [[ $(grep -c . "$OUT/$1.err") == 1 ]] || fail "$1: expected one line: $(cat -A "$OUT/$1.err")"
  grep -qF -- "$2" "$OUT/$1.err" || fail "$1: message lacks '$2': $(cat "$OUT/$1.err")"
  echo "ok $1: $(cat "$OUT/$1.err")"
}
echo "$huge" >"$ck/latest"
expect huge_latest "does not name a checkpoint"
printf 'ckpt_\n\n%s' "$(head -c 300 /dev/zero | tr '\0' x)" >"$ck/latest"
expect garbage_latest "does not name a checkpoint"
printf 'x%.0s' $(seq 1 500) >"$ck/latest"
expect long_latest "expected ckpt_<step>.h5"
echo "checkpoint names: strays ignored with a warning, a bad latest refused"
