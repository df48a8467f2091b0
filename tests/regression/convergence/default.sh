#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# What a user reads at the end of a convergence study run with the defaults
# (slurm/convergence.sh --local, no --reference):
# - a well-converged ladder (2D, 16 to 128) reports ok, in convergence.json and
#   result.txt, with every observed L2 order within 2 +- 0.1 (the default
#   reference's orders are unbiased), and so does --reference finest, whose
#   orders take the finest run's own error into account;
# - a ladder that starts too coarse (n0 = 2) still warns, and every warning of
#   convergence.json reaches result.txt ("result: warning", exit status 0);
# - a level that --check refuses is named by its n;
# - the plot names dimensions, integrator, stages, dt scaling and reference.
# usage: default.sh GRAYSCOTT_BINARY OUTDIR INPUT_2D
set -euo pipefail

source "$(dirname "$0")/../lib.sh"
[[ $# -eq 3 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR INPUT_2D"
bin=$1 outdir=$2 input=$3
root=$(cd "$(dirname "$0")/../../.." && pwd)
study_start "$bin" "$outdir"
conv=$root/slurm/convergence.sh

# check_result DIR STATUS: convergence.json says STATUS, and result.txt carries it and every warning, exit code 0.
check_result() {
  "$PY" - "$1" "$2" <<'PY'
import json, os, sys
folder, want = sys.argv[1], sys.argv[2]
res = json.load(open(os.path.join(folder, "convergence.json")))
text = open(os.path.join(folder, "result.txt")).read().splitlines()
problems = []
if res["status"] != want:
    problems.append("convergence.json says %s (warnings %s), not %s" % (res["status"], res["warnings"], want))
result = [l for l in text if l.startswith("result: ")]
if result != ["result: " + want]:
    problems.append("result.txt says %s, convergence.json %s" % (result, res["status"]))
listed = [l[len("warning: "):] for l in text if l.startswith("warning: ")]
if listed != res["warnings"]:
    problems.append("result.txt lists the warnings %s, convergence.json %s" % (listed, res["warnings"]))
exit_line = [l for l in text if l.startswith("exit code: ")]
if exit_line != ["exit code: 0"]:
    problems.append("result.txt: %s, not exit code 0 (the documented status of ok and warning)" % exit_line)
for p in problems:
    print("FAIL: %s: %s" % (folder, p))
sys.exit(1 if problems else 0)
PY
}

# 1. The default study of a well-converged ladder.
rc=0
GS_BIN=$bin "$conv" --local --n0 16 --levels 4 --out "$outdir/default" "$input" >"$outdir/default.txt" 2>&1 || rc=$?
((rc == 0)) || fail "the default study exited $rc: $(tail -n 5 "$outdir/default.txt")"
check_result "$outdir/default" ok || fail "the default study of 16..128 does not say ok everywhere"
"$PY" - "$outdir/default" <<'PY' || fail "the default study's orders or plot are wrong (above)"
import json, os, struct, sys
folder = sys.argv[1]
res = json.load(open(os.path.join(folder, "convergence.json")))
orders = [l["order_l2"] for l in res["levels"][1:]]
problems = []
if len(orders) < 2 or any(o is None or abs(o - 2) > 0.1 for o in orders):
    problems.append("default reference (%s): orders %s, not 2 +- 0.1" % (res["reference"], orders))
# The PNG's own Title (tEXt chunk) and convergence.json's title name what was run.
data = open(os.path.join(folder, "convergence.png"), "rb").read()
pos, title = 8, None
while pos < len(data):
    size, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + size]
    if kind == b"tEXt" and body.split(b"\0", 1)[0] == b"Title":
        title = body.split(b"\0", 1)[1].decode("latin-1")
    pos += 12 + size
for t, where in ((title, "convergence.png"), (res.get("title"), "convergence.json")):
    want = ["2D", "rk2", "2 stages per step", "dt ~ h^2", "next finer run", "n = 16 to 128"]
    if t is None or any(w not in t for w in want):
        problems.append("%s title %r does not name all of %s" % (where, t, want))
for p in problems:
    print("FAIL: " + p)
sys.exit(1 if problems else 0)
PY
echo "ok: the default study says ok, orders 2 +- 0.1, title names the study"

# 2. Against the finest run: the same verdict (its own error taken into account).
runs=("$outdir"/default/n0*)
"$PY" "$root/postprocess/gs_post.py" convergence "${runs[@]}" --reference finest --out "$outdir/finest" \
  >"$outdir/finest.txt" 2>&1 || fail "--reference finest failed: $(tail -n 3 "$outdir/finest.txt")"
"$PY" - "$outdir/finest/convergence.json" <<'PY' || fail "--reference finest: orders biased (above)"
import json, sys
res = json.load(open(sys.argv[1]))
orders = [l["order_l2"] for l in res["levels"][1:]]
if res["status"] != "ok" or len(orders) != 2 or any(o is None or abs(o - 2) > 0.1 for o in orders):
    print("FAIL: --reference finest: status %s, orders %s (warnings %s)" % (res["status"], orders, res["warnings"]))
    sys.exit(1)
PY
echo "ok: --reference finest gives orders 2 +- 0.1"

# 3. A ladder that starts too coarse warns, in result.txt too, and the study still exits 0.
rc=0
GS_BIN=$bin "$conv" --local --n0 2 --levels 4 --out "$outdir/coarse" "$input" >"$outdir/coarse.txt" 2>&1 || rc=$?
((rc == 0)) || fail "the coarse study exited $rc (a warning's documented status is 0): $(tail -n 3 "$outdir/coarse.txt")"
check_result "$outdir/coarse" warning || fail "the coarse ladder's warning does not reach result.txt"
echo "ok: a ladder from n0 = 2 warns in convergence.json and result.txt"

# 4. A level the program refuses is named by its n (rk2 with dt ~ h: past the explicit limit at n = 64).
rc=0
GS_BIN=$bin "$conv" --local --n0 16 --levels 4 --dt-scaling h --out "$outdir/refused" "$input" \
  >"$outdir/refused.out" 2>"$outdir/refused.err" || rc=$?
[[ $rc == 2 && $(wc -l <"$outdir/refused.err") == 1 ]] || fail "refused level: exit $rc, stderr $(cat "$outdir/refused.err")"
grep -q 'level n = 64 (dt = 0.05' "$outdir/refused.err" || fail "the refusal does not name the level n = 64: $(cat "$outdir/refused.err")"
[[ ! -e $outdir/refused ]] || fail "the refused study wrote $outdir/refused"
echo "PASS: default convergence verdicts tell the truth"
