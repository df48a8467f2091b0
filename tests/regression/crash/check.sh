#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A run killed (SIGKILL) in the middle of writing a checkpoint leaves the
# previous checkpoint intact and "latest" pointing at it; restarting from it
# reaches the uninterrupted run's digest, opening the checkpoint once per rank.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"

run_ranks 1 "$OUT/straight" "$INPUT" time.steps=300 || fail "uninterrupted run failed"
ref=$(digest_of "$OUT/straight/summary.json")

rc=0
GS_TEST_KILL_IN_CHECKPOINT=200 run_ranks 3 "$OUT/crashed" "$INPUT" time.steps=300 checkpoint.every=100 checkpoint.keep=1 || rc=$?
[[ $rc != 0 ]] || fail "the run was supposed to die while writing step 200's checkpoint"
grep -q "killing rank 0 while writing the checkpoint of step 200" "$OUT/crashed.log" || fail "fault injection did not fire"
ck="$OUT/crashed/checkpoints"
[[ $(cat "$ck/latest") == ckpt_00000100.h5 ]] || fail "latest is $(cat "$ck/latest"), expected ckpt_00000100.h5"
[[ -f $ck/ckpt_00000100.h5 ]] || fail "the previous checkpoint was removed"
[[ ! -e $ck/ckpt_00000200.h5 ]] || fail "a half-written checkpoint has its final name"
echo "after the kill: $(ls "$ck" | tr '\n' ' ')"

# The restart reads its checkpoint through one open per rank (resolved and
# read once, the lineage taken from what was read); strace counts the opens.
trace=()
command -v strace >/dev/null && trace=(strace -f -e trace=open,openat -o "$OUT/restart.trace")
"${trace[@]}" "$MPIEXEC" -n 2 "$GRAYSCOTT" "$INPUT" time.steps=300 restart=latest "output.dir=$OUT/crashed" >"$OUT/crashed.log" 2>&1 ||
  fail "restart after the crash failed: $(tail -n 3 "$OUT/crashed.log")"
got=$(digest_of "$OUT/crashed/summary.json")
[[ $got == "$ref" ]] || fail "digest after crash + restart $got, uninterrupted $ref"
if [[ ${#trace[@]} -gt 0 ]]; then
  opens=$(grep 'ckpt_00000100\.h5"' "$OUT/restart.trace" | grep -vc ENOENT || true)
  [[ $opens == 2 ]] || fail "the restart opened its checkpoint $opens times on 2 ranks, expected once per rank: $(grep ckpt_00000100 "$OUT/restart.trace")"
  echo "the restart opened ckpt_00000100.h5 once per rank"
else
  echo "(no strace: the count of checkpoint opens is not checked)"
fi
echo "PASS: restart from the surviving checkpoint gives $got"
