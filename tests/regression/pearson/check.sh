#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Pearson's map, small: the study (slurm/pearson.sh --local) on three of his types at his cell size over half
# his box (128^2 over 1.25, 60000 steps: about 4 s each), which still tell the three dynamics apart:
# alpha chaotic, gamma oscillating with its period of about 200 time units, iota steady; the shape classes
# with their shares (worms, stripes, holes); the same verdict in summary.json (the program) and in
# gs_post.py pattern's JSON (pattern.csv); result.txt counting 3 agreements; gamma on 2 ranks with the same
# digest and verdict as on 1; bad study options refused in one line. The folder (with a space in its name)
# is this invocation's own and is removed at the end.
# usage: check.sh GRAYSCOTT OUTDIR
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
bin=$1
root=$(cd "$(dirname "$0")/../../.." && pwd)
own_folder "$2"
study_start "$bin" "$work/study dir"
out="$work/study dir"
small=(grid.n=128 grid.L=1.25 time.steps=60000 output.fields_every=60000)
GS_BIN=$bin bash "$root/slurm/pearson.sh" --local --types alpha,gamma,iota --out "$out" "${small[@]}" >"$work/study.log" 2>&1 ||
  { tail -20 "$work/study.log" >&2; fail "the study failed"; }
grep -qx "agreement: 3 of 3 types agree with the published descriptions" "$out/result.txt" ||
  fail "result.txt does not count 3 agreements: $(cat "$out/result.txt")"
for f in pearson.csv pearson.md pearson.png; do [[ -s $out/$f ]] || fail "the study wrote no $f"; done

# type VERDICT CLASS KIND MIN_SHARE: the program's verdict, gs_post.py pattern's class and the share of its kind.
expect() {
  local t=$1 verdict=$2 cls=$3 kind=$4 least=$5 got
  got=$(json_field "$out/$t/summary.json" dynamics.verdict)
  [[ $got == "$verdict" ]] || fail "$t: summary.json's dynamics verdict is '$got', expected $verdict ($(json_field "$out/$t/summary.json" dynamics.reason))"
  "$PY" "$root/postprocess/gs_post.py" pattern "$out/$t" --threshold mid -o "$work/$t.json" >/dev/null
  "$PY" - "$work/$t.json" "$verdict" "$cls" "$kind" "$least" <<'PY' || fail "$t: gs_post.py pattern (above)"
import json, sys
r = json.load(open(sys.argv[1]))
verdict, cls, kind, least = sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5])
assert r["dynamics"]["verdict"] == verdict, "dynamics %s, expected %s" % (r["dynamics"]["verdict"], verdict)
assert r["class"] == cls, "class %s (%s), expected %s" % (r["class"], r["reason"], cls)
assert r["shares"][kind] >= least, "share of %s %.3f < %g" % (kind, r["shares"][kind], least)
PY
  echo "ok $t: $verdict, $cls ($kind share >= $least)"
}
expect alpha chaotic worms worms 0.6
expect gamma oscillating stripes stripes 0.9
expect iota steady holes holes 0.9
period=$(json_field "$out/gamma/summary.json" dynamics.period)
awk -v p="$period" 'BEGIN { exit !(p >= 190 && p <= 215) }' || fail "gamma's period $period is not about 200 time units"
echo "ok gamma's period $period"

# The same run on 2 ranks: the same bits (the start's noise is a hash of the global index) and verdict.
GRAYSCOTT=$bin run_ranks 2 "$work/gamma2" "$root/inputs/pearson.toml" physics.F=0.022 physics.k=0.051 "${small[@]}" \
  "parallel.layout=[1,2]" || fail "gamma on 2 ranks: $(tail -n 3 "$work/gamma2.log")"
[[ $(json_field "$work/gamma2/summary.json" digest) == "$(json_field "$out/gamma/summary.json" digest)" ]] ||
  fail "gamma on 2 ranks: digest differs from 1 rank"
[[ $(json_field "$work/gamma2/summary.json" dynamics.verdict) == oscillating ]] || fail "gamma on 2 ranks: not oscillating"
echo "ok gamma on 2 ranks: same digest, oscillating"

# Bad study options: one line, exit 2, nothing written.
for bad in "--types alpha,nosuch" "--dominant-share 0.4" "--jobs 0"; do
  rc=0
  # shellcheck disable=SC2086
  GS_BIN=$bin bash "$root/slurm/pearson.sh" --local $bad --out "$work/bad" >"$work/bad.out" 2>"$work/bad.err" || rc=$?
  [[ $rc == 2 && $(grep -c . "$work/bad.err") == 1 && ! -e $work/bad ]] ||
    fail "pearson.sh $bad: exit $rc, stderr: $(cat "$work/bad.err")"
  echo "ok refused: $(cat "$work/bad.err")"
done
echo "PASS: Pearson's map, small: 3 of 3 types agree; verdicts, classes and shares as published; 2 ranks alike"
