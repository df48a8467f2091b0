#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Pearson's map at his set-up: the shipped study (slurm/pearson.sh --local, all twelve types at 256^2,
# 200000 steps, two runs at a time) agrees with the published descriptions in at least 10 of 12 types, and
# every type's program verdict equals gs_post.py's. Label pearson (configure with -DGS_STUDY_TESTS=ON).
# usage: full.sh GRAYSCOTT OUTDIR
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
bin=$1
root=$(cd "$(dirname "$0")/../../.." && pwd)
own_folder "$2"
study_start "$bin" "$work/study"
GS_BIN=$bin bash "$root/slurm/pearson.sh" --local --out "$work/study" >"$work/study.log" 2>&1 ||
  { tail -20 "$work/study.log" >&2; fail "the study failed"; }
line=$(grep '^agreement: ' "$work/study/result.txt") || fail "result.txt has no agreement line: $(cat "$work/study/result.txt")"
agree=$(sed -E 's/^agreement: ([0-9]+) of ([0-9]+).*/\1/' <<<"$line")
((agree >= 10)) || fail "$line (at least 10 expected)"
! grep -q 'warning' "$work/study/result.txt" || fail "the program's and gs_post.py's verdicts differ: $(grep warning "$work/study/result.txt")"
cat "$work/study/pearson.md"
echo "PASS: $line"
