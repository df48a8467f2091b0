#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A run that blows up (dt far above the stability limit, explicitly allowed)
# stops with a message naming the step and field, writes a failed summary and
# exits non-zero, on one rank and on several.
# usage: check.sh GRAYSCOTT OUTDIR VALID_INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 GOOD=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
for ranks in 1 3; do
  dir="$OUT/r$ranks"
  rc=0
  "$MPIEXEC" -n "$ranks" "$GRAYSCOTT" "$GOOD" grid.n=40 grid.L=40.0 time.dt=4.0 time.allow_unstable=true \
    time.steps=2000 output.log_every=1 output.every=0 "output.dir=$dir" >"$dir.log" 2>&1 || rc=$?
  [[ $rc == 1 ]] || fail "$ranks ranks: exit code $rc, expected 1"
  grep -q "non-finite value (NaN or Inf) in field [uv] at step [0-9]" "$dir.log" || fail "no clear message: $(tail -n 2 "$dir.log")"
  [[ $(json_field "$dir/summary.json" status) == failed ]] || fail "summary.json does not record the failure"
  step=$(json_field "$dir/summary.json" steps)
  [[ $step -gt 0 && $step -lt 2000 ]] || fail "summary steps $step"
  [[ $(json_field "$dir/summary.json" error) == "non-finite value"* ]] || fail "summary lacks the error text"
  echo "ok $ranks ranks: stopped at step $step: $(grep -o 'non-finite[^"]*' "$dir.log" | head -n 1)"
done
echo "PASS"
