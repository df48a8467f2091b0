#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A Python error in a script (at load, in a call, in catalyst_finalize, also
# when a stop ends the run) fails the run (exit 1, summary "failed" with the
# error) or, with insitu.fail = "warn", is reported on stderr and in the
# summary while the run goes on (exit 0). A missing script is exit 2 with a
# one-line error before any step: nothing is written.
source "$(dirname "$0")/common.sh"
in=$SRC/inputs/default-3d.toml
small=(grid.n=16 grid.L=16 time.steps=20 insitu.every=10 insitu.script="$SRC/tests/catalyst/broken_script.py")
summary_field() { $PY -c 'import json,sys; s=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }

for where in execute import finalize; do
  set +e
  GS_TEST_BREAK=$where run_gs 2 300 "$in" "${small[@]}" output.dir="$WORK/$where" >"$WORK/$where.log" 2>"$WORK/$where.err"
  rc=$?
  set -e
  status=$(summary_field "$WORK/$where/summary.json" 's["status"]')
  failure=$(summary_field "$WORK/$where/summary.json" 's["outputs"]["insitu"]["failure"]')
  echo "error in $where: exit $rc, status $status, failure: $failure"
  [[ $rc == 1 && $status == failed ]] || { cat "$WORK/$where.err"; echo "FAIL: expected exit 1 and status failed"; exit 1; }
  grep -q "Error" <<<"$failure" || { echo "FAIL: the summary does not name the Python error"; exit 1; }
  grep -q "grayscott: error: insitu:" "$WORK/$where.err" || { echo "FAIL: no error line on stderr"; exit 1; }
done

# A stop at a step already handed to Catalyst (a stop file there from the
# start ends the run at step 1, in situ every step): the scripts are still
# finalized, their failure reported, and no call is counted twice.
: >"$WORK/early.stop"
set +e
GS_TEST_BREAK=finalize GS_STOP_FILE=$WORK/early.stop run_gs 2 300 "$in" "${small[@]}" insitu.every=1 output.dir="$WORK/stop" \
  >"$WORK/stop.log" 2>"$WORK/stop.err"
rc=$?
set -e
failure=$(summary_field "$WORK/stop/summary.json" 's["outputs"]["insitu"]["failure"]')
calls=$(summary_field "$WORK/stop/summary.json" 's["outputs"]["insitu"]["calls"]')
echo "error in catalyst_finalize at a stop: exit $rc, $calls calls, failure: $failure"
[[ $rc == 1 && $failure == *"(in catalyst_finalize)"* && $calls == 2 ]] \
  || { cat "$WORK/stop.err"; echo "FAIL: expected exit 1, the finalize failure and 2 calls (steps 0 and 1)"; exit 1; }

run_gs 2 300 "$in" "${small[@]}" insitu.fail=warn output.dir="$WORK/warn" >"$WORK/warn.log" 2>"$WORK/warn.err" \
  || { cat "$WORK/warn.err"; echo "FAIL: insitu.fail=warn should exit 0"; exit 1; }
status=$(summary_field "$WORK/warn/summary.json" 's["status"]')
failure=$(summary_field "$WORK/warn/summary.json" 's["outputs"]["insitu"]["failure"]')
steps=$(summary_field "$WORK/warn/summary.json" 's["steps"]')
echo "insitu.fail=warn: status $status, steps $steps, failure: $failure"
[[ $status == ok && $steps == 20 && $failure == *ValueError* ]] || { echo "FAIL: warn mode"; exit 1; }
grep -q "grayscott: warning: insitu:" "$WORK/warn.err" || { echo "FAIL: no warning on stderr"; exit 1; }

set +e
run_gs 2 120 "$in" "${small[@]}" insitu.script="$WORK/no-such-script.py" output.dir="$WORK/missing" >"$WORK/missing.log" 2>"$WORK/missing.err"
rc=$?
set -e
# mpiexec adds its own lines about the exit code; the program's are "grayscott: ...".
ours=$(grep '^grayscott:' "$WORK/missing.err" || true)
echo "missing script: exit $rc: $ours"
[[ $rc == 2 ]] || { echo "FAIL: expected exit 2"; exit 1; }
[[ $(wc -l <<<"$ours") == 1 && $ours == *insitu.script*no-such-script.py* ]] || { echo "FAIL: expected one error line naming insitu.script and the file"; exit 1; }
[[ ! -e $WORK/missing ]] || { echo "FAIL: output.dir was created"; exit 1; }
grep -q "^step" "$WORK/missing.log" && { echo "FAIL: a step ran"; exit 1; }
echo "all checks passed"
