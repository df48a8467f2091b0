#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# slurm/convergence.sh --local --pattern: spots (inputs/dots.toml on a 64 x 64
# box from six seeds) at h = 2, 1, 0.5 settle into arrangements that differ
# point by point (the pointwise L2 error does not fall with h), while their
# statistics converge: the same number of spots (components = Euler
# characteristic) on the two finest levels, wavelength, on fraction and
# boundary per area within 5 %. A tolerance no study can meet gives "not
# converged"; --pattern with --expect-order is refused with one line. For
# each statistic the study names the coarsest h from which it and every
# finer level lie within 2.5 % (--pattern-within) of the finest level's
# value, as the levels' own values give it.
# usage: convergence.sh GRAYSCOTT_BINARY OUTDIR
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
[[ $# -eq 2 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR"
bin=$1
out=$2
root=$(cd "$(dirname "$0")/../../.." && pwd)
study_start "$bin" "$out"
export GS_BIN=$bin
study=(--n0 32 --levels 3 --dt0 1 --steps0 3000 "$root/inputs/dots.toml" grid.L=64 init.count=6 init.size=0.15)
"$root/slurm/convergence.sh" --local --pattern --out "$out/conv" "${study[@]}" >"$out/conv.log" 2>&1 ||
  { cat "$out/conv.log" >&2; fail "the --pattern study failed"; }
cat "$out/conv/convergence.md"
grep -q '^result: ok' "$out/conv/result.txt" || fail "result.txt: $(cat "$out/conv/result.txt")"
levels=("$out"/conv/n0032 "$out"/conv/n0064 "$out"/conv/n0128)
"$PY" "$root/postprocess/gs_post.py" convergence "${levels[@]}" --out "$out/pointwise" >"$out/pointwise.log" 2>&1 ||
  fail "the pointwise comparison failed: $(tail -n 2 "$out/pointwise.log")"
"$PY" - "$out/conv/convergence.json" "$out/pointwise/convergence.json" <<'PY' || fail "convergence.json (above)"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["pattern"] and r["converged"] and r["status"] == "ok", r
levels = r["levels"]
assert [l["n"] for l in levels] == [32, 64, 128], levels
for l in levels:
    assert l["components"] == l["euler"] > 5, l  # separate spots: chi = their number
    assert 14 < l["wavelength"] < 18, l
assert levels[1]["components"] == levels[2]["components"], levels
last = r["relative_change"][-1]
for key in ("wavelength", "on_fraction", "boundary_per_volume", "euler_per_volume"):
    assert last[key] <= 0.05, (key, last)
# Within 2.5 % of the finest from h: recomputed from the levels' values, coarse to fine.
assert r["pattern_within"] == 0.025, r["pattern_within"]
keys = ("components", "euler", "wavelength", "on_fraction", "boundary_per_volume", "euler_per_volume",
        "components_per_volume")
for key in keys:
    values = [l[key] for l in levels]
    want = levels[-1]["h"]
    for l in reversed(levels[:-1]):
        if abs(l[key] - values[-1]) > 0.025 * abs(values[-1]):
            break
        want = l["h"]
    assert r["within_from_h"][key] == want, (key, values, r["within_from_h"][key], want)
    for l, d in zip(levels, r["relative_to_finest"]):
        assert abs(d[key] - abs(l[key] - values[-1]) / abs(values[-1])) < 1e-12, (key, l, d)
print("within 2.5 %% of the finest from h: %s" % r["within_from_h"])
p = json.load(open(sys.argv[2]))
errors = [l["l2"] for l in p["levels"]]
assert errors[1] > 0.5 * errors[0] and errors[1] > 0.05, ("pointwise L2 errors fell with h: not the case this test shows", errors)
print("pattern statistics converged; pointwise L2 errors %s do not fall with h" % errors)
PY
# A tolerance no level meets: not converged, a warning, still exit 0 and a result file.
"$PY" "$root/postprocess/gs_post.py" convergence --pattern "${levels[@]}" --pattern-tolerance 1e-9 --out "$out/tight" \
  >"$out/tight.log" 2>&1 || fail "--pattern-tolerance 1e-9 exited non-zero"
[[ $(json_field "$out/tight/convergence.json" converged) == false && $(json_field "$out/tight/convergence.json" status) == warning ]] ||
  fail "--pattern-tolerance 1e-9: $(cat "$out/tight/convergence.json")"
grep -q 'not converged' "$out/tight.log" || fail "--pattern-tolerance 1e-9 printed no warning"
# --pattern with an order: one line, exit 2, from the postprocess and from the study command.
rc=0
"$PY" "$root/postprocess/gs_post.py" convergence --pattern --expect-order 2 "${levels[@]}" --out "$out/x" 2>"$out/x.err" || rc=$?
[[ $rc == 2 && $(wc -l <"$out/x.err") == 1 ]] && grep -q -- '--pattern' "$out/x.err" || fail "convergence --pattern --expect-order: exit $rc, $(cat "$out/x.err")"
rc=0
"$root/slurm/convergence.sh" --local --pattern --expect-order 2 --out "$out/y" "${study[@]}" 2>"$out/y.err" || rc=$?
[[ $rc == 2 && $(wc -l <"$out/y.err") == 1 && ! -e $out/y ]] && grep -q -- '--pattern' "$out/y.err" ||
  fail "convergence.sh --pattern --expect-order: exit $rc, $(cat "$out/y.err")"
echo "PASS: the pattern statistics of spots converge in h where pointwise errors do not"
