#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Which images a run writes and how they are named (docs/io.md): step 0 of a
# fresh run, every output.every steps and the last step (output.every = 0:
# step 0 and the last only); a restart does not write its first step again;
# the step in the name has 6 digits, more when time.steps has more, the same
# for every image of the run.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
images() { (cd "$1" && ls v_*.png | tr '\n' ' '); }

run_ranks 2 "$OUT/zero" "$INPUT" time.steps=12 output.every=0 checkpoint.every=6 ||
  fail "output.every=0 run failed: $(tail -3 "$OUT/zero.log")"
[[ $(images "$OUT/zero") == "v_000000.png v_000012.png " ]] ||
  fail "output.every=0 wrote $(images "$OUT/zero"), expected step 0 and the last (12)"
rm "$OUT/zero/checkpoints/ckpt_00000012.h5" && echo ckpt_00000006.h5 >"$OUT/zero/checkpoints/latest"
run_ranks 1 "$OUT/zero" "$INPUT" time.steps=18 output.every=0 restart=latest ||
  fail "restart from step 6 failed: $(tail -3 "$OUT/zero.log")"
[[ $(images "$OUT/zero") == "v_000000.png v_000012.png v_000018.png " ]] ||
  fail "the restart from step 6 left $(images "$OUT/zero"), expected only its last step (18) added"

run_ranks 1 "$OUT/every" "$INPUT" time.steps=10 output.every=4 || fail "output.every=4 run failed"
[[ $(images "$OUT/every") == "v_000000.png v_000004.png v_000008.png v_000010.png " ]] ||
  fail "output.every=4 wrote $(images "$OUT/every"), expected 0, 4, 8 and the last (10)"

# time.steps = 1000000 names with 7 digits from step 0 on; a stop at once
# (checkpoint.walltime) keeps the run short.
run_ranks 1 "$OUT/wide" "$INPUT" time.steps=1000000 output.every=0 checkpoint.walltime=1e-9 ||
  fail "time.steps=1000000 run (stopped at once) failed: $(tail -3 "$OUT/wide.log")"
[[ $(images "$OUT/wide") == "v_0000000.png " ]] ||
  fail "with time.steps=1000000 step 0 is named $(images "$OUT/wide"), expected v_0000000.png"
echo "image names: step 0, every N and the last; none again at a restart; 7 digits for time.steps=1000000"
