#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The class gs_post.py pattern gives each preset whose name says what it shows
# (docs/patterns.md) is what the name says. Each runs as shipped (its grid,
# steps and seeds: a few seconds each) with field outputs every tenth of its
# steps and no images; the class comes from the last output (docs/patterns.md, "The classes"). Each also writes
# a pattern.csv row every fiftieth of its steps with output.dynamics_window = 10, and gs_post.py pattern gives
# the dynamics verdict (--dynamics required); CLASS/VERDICT also requires the verdict: the presets that were
# "changing" (still moving at their end) say how they move. The verdicts of the settled ones are listed, not
# required (dots is evolving, not steady: its spots still adjust at 1e-6 per time unit and more; dots-3d reads
# oscillating with a period that depends on the row interval, 396 at steps/50 and 192 at steps/100).
# Besides the presets, a member of an (F, k) sweep whose picture shows worms
# 2-3 times longer than wide, smaller than wavelength^2 (F = 0.05, k = 0.065 of
# slurm/sweep.sh ... inputs/default.toml grid.n=64 ...), measured as the
# sweep's montage does (--threshold mid): not spots.
# Presets named for their start (perlin-*, diamond-square-*, seed002) or that
# hold many patterns at once (parameter-map*) are not checked.
# usage: presets.sh GRAYSCOTT_BINARY OUTDIR
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
[[ $# -eq 2 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR"
bin=$1
out=$2
root=$(cd "$(dirname "$0")/../../.." && pwd)
study_start "$bin" "$out"
"$PY" -c 'import scipy' 2>/dev/null || fail "$PY lacks scipy (apt-get install python3-scipy)"

# preset: the class its name says [/ the dynamics verdict]
expected=(
  dots:spots dots-3d:spots
  holes:holes
  worms:worms worms-3d:worms default:stripes default-3d:stripes coral-3d:stripes
  # wiggles: 65% of the on cells in worms, the rest spots; its mean v repeats (about every 1380) but 49 on sets
  # are replaced per period: chaotic. ripples: spots 58%, worms 42%. dividing-dots: 76% spots, dividing (chaotic:
  # the on set keeps being replaced). coral: a growing maze.
  wiggles:worms/chaotic ripples:mixed/chaotic dividing-dots:spots/chaotic coral:stripes/chaotic
  # NAME:CLASS:PRESET:OVERRIDES:PATTERN OPTIONS (a run that is not a preset as shipped)
  "sweep-worms:worms:default:grid.n=64 grid.L=64 time.steps=3000 init.count=8 init.size=0.15 physics.F=0.05 physics.k=0.065:--threshold mid"
)
wrong=()
printf '%-14s %-9s %-9s %-11s %8s %10s %6s %10s %10s %7s %s\n' preset expected class dynamics run_s wavelength chi components \
  speed on shares >"$out/classes.txt"
for entry in "${expected[@]}"; do
  IFS=: read -r name want preset overrides options <<<"$entry"
  input=$root/inputs/${preset:-$name}.toml
  read -r -a overrides <<<"${overrides:-}"
  read -r -a options <<<"${options:-}"
  steps=$(sed -n 's/^steps *= *\([0-9]*\).*/\1/p' "$input" | head -n 1)
  for o in "${overrides[@]}"; do [[ $o == time.steps=* ]] && steps=${o#time.steps=}; done
  [[ -n $steps && $((steps % 10)) == 0 ]] || fail "$input: time.steps '$steps' is not a multiple of 10"
  start=$(date +%s.%N)
  "$bin" "$input" "${overrides[@]}" output.fields_every=$((steps / 10)) output.every=0 \
    output.pattern_every=$((steps / 50)) output.dynamics_window=10 "output.dir=$out/$name" >"$out/$name.log" 2>&1 ||
    fail "$name: the run failed: $(tail -n 3 "$out/$name.log")"
  end=$(date +%s.%N)
  "$PY" "$root/postprocess/gs_post.py" pattern "$out/$name" --dynamics required "${options[@]}" >"$out/$name.pattern.txt" 2>&1 ||
    fail "$name: gs_post.py pattern failed: $(tail -n 3 "$out/$name.pattern.txt")"
  got=$(json_field "$out/$name/pattern.json" class)
  [[ $want != */* ]] || got=$got/$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["dynamics"]["verdict"])' \
    "$out/$name/pattern.json")
  "$PY" - "$out/$name/pattern.json" "$name" "$want" "$got" "$(echo "$end - $start" | bc)" >>"$out/classes.txt" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c = r["change"] or {}
d = r["dynamics"]
verdict = (d["verdict"] or "-") + ("(%.4g)" % d["period"] if d["period"] is not None else "")
shares = " ".join("%s=%.2f" % (k[:2], v) for k, v in (r["shares"] or {}).items())
print("%-14s %-9s %-9s %-11s %8.1f %10.3g %6d %10d %10.3g %7.3f %s" % (sys.argv[2], sys.argv[3], sys.argv[4], verdict,
      float(sys.argv[5]), r["wavelength"] or 0, r["euler"], r["components"], c.get("boundary_speed", 0), r["on_fraction"],
      shares))
PY
  [[ $got == "$want" ]] || wrong+=("$name: $got, not $want ($(head -n 1 "$out/$name.pattern.txt"))")
  # The program judged the same rows by the same rules (src/physics/dynamics.cpp): the same verdict and period.
  same=$("$PY" - "$out/$name/pattern.json" "$out/$name/summary.json" <<'PY'
import json, math, sys
post = json.load(open(sys.argv[1]))["dynamics"]
run = json.load(open(sys.argv[2])).get("dynamics") or {}
ok = post["verdict"] == run.get("verdict") and post["rows"] == run.get("rows") and (
    (post["period"] is None and run.get("period") is None) or
    (post["period"] is not None and run.get("period") is not None and math.isclose(post["period"], run["period"], rel_tol=1e-9)))
print("same" if ok else "gs_post.py pattern %s (period %s, %s rows), summary.json %s (period %s, %s rows)" % (
    post["verdict"], post["period"], post["rows"], run.get("verdict"), run.get("period"), run.get("rows")))
PY
)
  [[ $same == same ]] || wrong+=("$name: dynamics: $same")
done
# A box output of dots.toml (x 0-64, y 0-32 of 256 x 256) is a cut of the domain, not a periodic box: with its
# run's summary.json (grid and lengths of the whole domain) it is refused in one line, not measured as the
# whole domain joined across its cut edges (it gave a wavelength of 58 where the field's is 16).
"$bin" "$root/inputs/dots.toml" time.steps=100 output.every=0 output.fields_every=0 "output.box=[[0, 64, 0, 32]]" \
  output.box_every=100 "output.dir=$out/box" >"$out/box.log" 2>&1 || fail "the box run failed: $(tail -n 3 "$out/box.log")"
rc=0
"$PY" "$root/postprocess/gs_post.py" pattern "$out/box/fields_box_00000100.h5" >"$out/box.out" 2>"$out/box.err" || rc=$?
[[ $rc == 1 && $(wc -l <"$out/box.err") == 1 && -n $(grep '64 x 32 cells, not the run.s whole grid 256 x 256' "$out/box.err") ]] ||
  fail "pattern on a box file: exit $rc, stderr $(cat "$out/box.err"), stdout $(head -n 3 "$out/box.out")"
cat "$out/classes.txt"
((${#wrong[@]} == 0)) || fail "$(printf '%s; ' "${wrong[@]}")"
echo "PASS: ${#expected[@]} presets and runs classified as their names say (and the moving ones' dynamics)"
