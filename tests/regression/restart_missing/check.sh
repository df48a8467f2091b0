#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A restart file that is not there is refused by --check as by the run (a
# job script's submit-time check relies on --check): exit 2, one line. When
# checkpoints/latest names a checkpoint deleted by hand, restart=latest takes
# the newest checkpoint still there, says so in one warning line (and --check
# says which file it takes), and the run continues bitwise from it.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
small=(grid.n=32 grid.L=32 output.every=0)

run_ranks 1 "$OUT/straight" "$INPUT" "${small[@]}" time.steps=60 || fail "uninterrupted run failed"
run_ranks 2 "$OUT/run" "$INPUT" "${small[@]}" time.steps=60 checkpoint.every=20 checkpoint.keep=3 || fail "first run failed"
ck=$OUT/run/checkpoints
[[ $(cat "$ck/latest") == ckpt_00000060.h5 ]] || fail "latest names $(cat "$ck/latest")"

# check_refused NAME TEXT ARGS...: --check exits 2 with one line holding TEXT.
check_refused() {
  local name=$1 text=$2 rc=0
  shift 2
  "$GRAYSCOTT" --check "$INPUT" "${small[@]}" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" || rc=$?
  echo "$name: --check exit $rc: $(cat "$OUT/$name.err")"
  [[ $rc == 2 && $(grep -c . "$OUT/$name.err") == 1 ]] && grep -qF -- "$text" "$OUT/$name.err" ||
    fail "$name: expected exit 2 and one line with '$text'"
}
check_refused missing_file "restart=$OUT/no/such/ckpt.h5: checkpoint file does not exist" restart="$OUT/no/such/ckpt.h5" output.dir="$OUT/run"

# The newest checkpoint deleted by hand, its pointer left behind.
rm "$ck/ckpt_00000060.h5" "$ck/ckpt_00000060.xmf"
rc=0
"$GRAYSCOTT" --check "$INPUT" "${small[@]}" time.steps=60 restart=latest output.dir="$OUT/run" >"$OUT/latest.out" 2>"$OUT/latest.err" || rc=$?
echo "restart=latest with its file gone: --check exit $rc: $(tail -n 1 "$OUT/latest.out") / $(cat "$OUT/latest.err")"
[[ $rc == 0 ]] || fail "--check refused restart=latest although ckpt_00000040.h5 is there"
grep -qF "restart=latest takes $ck/ckpt_00000040.h5" "$OUT/latest.out" || fail "--check does not say which checkpoint restart=latest takes"
grep -qF "latest names ckpt_00000060.h5, which is gone; continuing from the newest checkpoint there, ckpt_00000040.h5" "$OUT/latest.err" ||
  fail "--check does not warn that latest's file is gone"

"$MPIEXEC" -n 3 "$GRAYSCOTT" "$INPUT" "${small[@]}" time.steps=60 restart=latest output.dir="$OUT/run" >"$OUT/resumed.log" 2>"$OUT/resumed.err" ||
  fail "the restart from the newest remaining checkpoint failed: $(tail -n 3 "$OUT/resumed.err")"
[[ $(grep -c "which is gone; continuing from the newest checkpoint there, ckpt_00000040.h5" "$OUT/resumed.err") == 1 ]] ||
  fail "the run does not say once which checkpoint it took: $(cat "$OUT/resumed.err")"
[[ $(digest_of "$OUT/run/summary.json") == $(digest_of "$OUT/straight/summary.json") ]] ||
  fail "the run resumed from step 40 does not end on the uninterrupted run's digest"

# No checkpoint left at all: refused in one line.
rm -f "$ck"/ckpt_*.h5
check_refused none_left "which is gone, and no other checkpoint is there" restart=latest output.dir="$OUT/run"
echo "PASS: missing restart files refused by --check; restart=latest falls back to the newest checkpoint and says so"
