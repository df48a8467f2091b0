#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Two runs into one output.dir: while the first runs, a second is refused with
# exit 2 and one line naming the holder's host and PID; the first is unharmed.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
"$GRAYSCOTT" "$INPUT" time.steps=100000000 "output.dir=$OUT/run" >"$OUT/first.log" 2>&1 &
first=$!
trap 'kill $first 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
  grep -q "pid $first" "$OUT/run/.lock" 2>/dev/null && break
  kill -0 $first 2>/dev/null || fail "the first run ended early: $(tail -3 "$OUT/first.log")"
  sleep 0.1
done
grep -q "pid $first" "$OUT/run/.lock" || fail "the first run did not take the lock"
rc=0
"$GRAYSCOTT" "$INPUT" time.steps=10 "output.dir=$OUT/run" checkpoint.overwrite=true >"$OUT/second.out" 2>"$OUT/second.err" || rc=$?
[[ $rc == 2 ]] || fail "the second run exited $rc, expected 2: $(cat "$OUT/second.err")"
[[ $(grep -c . "$OUT/second.err") == 1 ]] || fail "expected one line: $(cat "$OUT/second.err")"
grep -q "pid $first" "$OUT/second.err" || fail "the refusal does not name the holder's PID $first: $(cat "$OUT/second.err")"
grep -qF "host $(hostname)" "$OUT/second.err" || fail "the refusal does not name the host: $(cat "$OUT/second.err")"
echo "ok refused: $(cat "$OUT/second.err")"
kill -TERM $first
rc=0
wait $first || rc=$?
trap - EXIT
[[ $rc == 0 ]] || fail "the first run, stopped by SIGTERM, exited $rc: $(tail -3 "$OUT/first.log")"
[[ $(json_field "$OUT/run/summary.json" status) == stopped ]] || fail "the first run's summary is not its own"
# Released at exit: the folder is usable again.
"$GRAYSCOTT" "$INPUT" time.steps=10 "output.dir=$OUT/run" checkpoint.overwrite=true >"$OUT/third.log" 2>&1 ||
  fail "a run after the first ended was refused: $(tail -3 "$OUT/third.log")"
echo "concurrent run: refused while held, free after"
