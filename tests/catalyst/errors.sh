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

# summary.json's in-situ figures against what the run did (docs/insitu.md):
# a script that fails at its 3rd call (steps 0, 10, 20; a PNG at the first
# two) makes 3 calls under either policy, bytes counts those 3 calls, files
# the 2 PNGs, seconds includes startup_s, MBps is the later calls' rate; a
# script that fails to load (insitu.fail = error) still counts its start-up in seconds.
for policy in error warn; do
  set +e
  GS_TEST_BREAK=third run_gs 2 300 "$in" "${small[@]}" insitu.fail=$policy output.dir="$WORK/third-$policy" \
    >"$WORK/third-$policy.log" 2>"$WORK/third-$policy.err"
  set -e
done
set +e
GS_TEST_BREAK=import run_gs 2 300 "$in" "${small[@]}" output.dir="$WORK/load" >"$WORK/load.log" 2>&1
set -e
$PY - "$WORK" <<'PYEOF'
import json, os, sys
work = sys.argv[1]
o = {name: json.load(open(os.path.join(work, name, "summary.json")))["outputs"]["insitu"] for name in ("third-error", "third-warn", "load")}
for name in ("third-error", "third-warn", "load"):
    e = o[name]
    print("%s: calls %d, bytes %d, files %d, seconds %.3f, startup_s %.3f, seconds_per_call %s, MBps %s" % (
        name, e["calls"], e["bytes"], e["files"], e["seconds"], e["startup_s"], e["seconds_per_call"], e["MBps"]))
    assert e["startup_s"] > 0 and e["seconds"] >= e["startup_s"], "%s: seconds %.3f does not include startup_s %.3f" % (name, e["seconds"], e["startup_s"])
err, warn = o["third-error"], o["third-warn"]
assert err["calls"] == warn["calls"] == 3, "calls: %d with insitu.fail=error, %d with warn, expected 3" % (err["calls"], warn["calls"])
assert err["bytes"] == warn["bytes"] and err["bytes"] % 3 == 0 and err["bytes"] > 0, "bytes %d and %d: not 3 equal calls" % (err["bytes"], warn["bytes"])
assert err["files"] == warn["files"] == 2, "files: %d and %d, expected the 2 PNGs of steps 0 and 10" % (err["files"], warn["files"])
for e in (err, warn):
    steady = e["seconds"] - e["startup_s"]
    assert abs(e["seconds_per_call"] * 2 - steady) <= 1e-9 + 1e-9 * steady, e
    want = (e["bytes"] * 2 / 3) / steady / 1e6
    assert abs(e["MBps"] - want) <= 1e-9 * want, "MBps %s, expected the 2 later calls' %g" % (e["MBps"], want)
load = o["load"]
assert load["calls"] == 1 and load["files"] == 0 and load["MBps"] is None and load["seconds_per_call"] is None, load
PYEOF

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
