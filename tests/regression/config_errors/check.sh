#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Each class of bad input: exit code 2, one line on stderr naming the file or
# key, and nothing written (no output folder; an existing one left untouched).
# usage: check.sh GRAYSCOTT OUTDIR VALID_INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 GOOD=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"

printf '[grid]\nnn = 64\n' >"$OUT/unknown.toml"
printf '[grid]\ndims = 2\nn = [64,\n' >"$OUT/syntax.toml"
printf '[physics]\nF = "fast"\n' >"$OUT/type.toml"

# expect NAME RANKS EXPECTED_TEXT... -- ARGS...
expect() {
  local name=$1 ranks=$2
  shift 2
  local texts=()
  while [[ $1 != -- ]]; do texts+=("$1"); shift; done
  shift
  local dir="$OUT/run_$name" rc=0
  if [[ $ranks == 1 ]]; then
    "$GRAYSCOTT" "$@" "output.dir=$dir" >"$OUT/$name.out" 2>"$OUT/$name.err" || rc=$?
  else  # mpiexec adds its own report; count only the program's lines
    "$MPIEXEC" -n "$ranks" "$GRAYSCOTT" "$@" "output.dir=$dir" >"$OUT/$name.out" 2>"$OUT/$name.all" || rc=$?
    grep '^grayscott' "$OUT/$name.all" >"$OUT/$name.err" || true
  fi
  [[ $rc == 2 ]] || fail "$name: exit code $rc, expected 2 ($(cat "$OUT/$name.err"))"
  local lines
  lines=$(grep -c . "$OUT/$name.err" || true)
  [[ $lines == 1 ]] || fail "$name: expected one line on stderr, got $lines: $(cat "$OUT/$name.err")"
  for t in "${texts[@]}"; do
    grep -qF -- "$t" "$OUT/$name.err" || fail "$name: message lacks '$t': $(cat "$OUT/$name.err")"
  done
  [[ ! -e $dir ]] || fail "$name: output folder $dir was created"
  echo "ok $name: $(cat "$OUT/$name.err")"
}

expect missing_file 1 "/no/such/input.toml" "cannot open" -- /no/such/input.toml
expect unknown_key_file 1 "$OUT/unknown.toml" "grid.nn" "did you mean 'grid.n'" -- "$OUT/unknown.toml"
expect unknown_key_cli 1 "command line" "physics.Fd" "did you mean 'physics.F'" -- "$GOOD" physics.Fd=0.1
expect syntax 1 "$OUT/syntax.toml" "line" -- "$OUT/syntax.toml"
expect wrong_type_file 1 "$OUT/type.toml" "physics.F" "expected a number" -- "$OUT/type.toml"
expect wrong_type_cli 1 "grid.n" "expected an integer" -- "$GOOD" grid.n=abc
expect out_of_range 1 "physics.k" ">= 0" -- "$GOOD" physics.k=-0.5
expect bad_choice 1 "time.integrator" '"euler", "rk2"' -- "$GOOD" time.integrator=rk3
expect stencil_dims 1 "grid.stencil" "allowed: 7, 19, 27" -- "$GOOD" grid.dims=3 grid.stencil=9
expect unstable_dt 1 "time.dt" "largest stable dt" -- "$GOOD" time.dt=5.0
expect bad_override 1 "not of the form section.key=value" -- "$GOOD" steps
expect fill_and_threshold 1 "init.fill" "init.threshold" -- "$GOOD" init.type=diamond_square init.fill=0.2 init.threshold=0.1
expect fill_range 1 "init.fill" "< 1" -- "$GOOD" init.type=perlin init.fill=1.0
expect layout_mismatch 2 "parallel.layout" "rank count" -- "$GOOD" "parallel.layout=[3,1]"
expect too_many_ranks 3 "grid.n" "cannot be shared by 3 ranks" -- "$GOOD" "grid.n=[2,64]" "grid.L=[2.0,64.0]" "parallel.layout=[3,1]"
expect subsample_too_wide 1 "output.subsample_stride" "4096 keeps one cell along every axis" "at most 15" -- "$GOOD" grid.n=16 grid.L=16 output.subsample_every=5 output.subsample_stride=4096
expect same_box_twice 1 "output.box" "entry 2: covers the same cells as entry 1" -- "$GOOD" grid.n=16 grid.L=16 output.box_every=5 "output.box=[[2,9,3,12],[2.2,9,3.1,12]]"
expect pattern_threshold_negative 1 "output.pattern_threshold" "above 0 and below 1" -- "$GOOD" output.pattern_threshold=-1
expect pattern_threshold_above_one 1 "output.pattern_threshold" "above 0 and below 1" -- "$GOOD" output.pattern_threshold=2
expect pattern_threshold_subnormal 1 "output.pattern_threshold" "subnormal" "a finite number >= 2.2e-308" -- "$GOOD" output.pattern_threshold=1e-320
expect rkl2_even_stages 1 "time.stages" "4 is even" "use 5" -- "$GOOD" time.integrator=rkl2 time.stages=4
expect rkl2_two_stages 1 "time.stages" "2 is even" "use 3" -- "$GOOD" time.integrator=rkl2 time.stages=2
# The dynamics measure (output.dynamics_window): a window that is not whole steps, one longer than the rows'
# interval, a run too short for the verdict, the measure with the pattern off.
expect dynamics_window_not_steps 1 "output.dynamics_window" "not a whole number of steps" -- "$GOOD" time.dt=0.5 output.dynamics_window=0.75
expect dynamics_window_longer 1 "output.dynamics_window" "longer than the 10 steps between rows" "at most 10" -- "$GOOD" output.pattern_every=10 output.dynamics_window=20
expect dynamics_run_too_short 1 "time.steps" "needs 16" "output.pattern_every at most 25" -- "$GOOD" time.steps=800 output.pattern_every=100 output.dynamics_window=10
expect dynamics_without_pattern 1 "output.dynamics_window" "output.pattern_threshold is \"off\"" -- "$GOOD" output.pattern_threshold=off output.dynamics_window=10

# Bad input aimed at an existing output folder leaves its files as they were.
mkdir -p "$OUT/existing"
echo '{"status": "ok", "keep": true}' >"$OUT/existing/summary.json"
before=$(md5sum <"$OUT/existing/summary.json")
rc=0
"$GRAYSCOTT" "$GOOD" time.dt=5.0 "output.dir=$OUT/existing" >/dev/null 2>&1 || rc=$?
[[ $rc == 2 ]] || fail "existing: exit code $rc"
[[ $(md5sum <"$OUT/existing/summary.json") == "$before" ]] || fail "existing: summary.json was modified"
[[ $(ls "$OUT/existing") == summary.json ]] || fail "existing: new files appeared: $(ls "$OUT/existing")"

# Keys that have no effect in the run: accepted, one warning line each (by --check as by the run).
# warned NAME TEXT ARGS...: exit 0, exactly one line on stderr, a warning holding TEXT.
warned() {
  local name=$1 text=$2 rc=0
  shift 2
  "$GRAYSCOTT" --check "$GOOD" grid.n=16 grid.L=16 "$@" >/dev/null 2>"$OUT/$name.err" || rc=$?
  [[ $rc == 0 && $(grep -c . "$OUT/$name.err") == 1 ]] || fail "$name: expected exit 0 and one warning line, got exit $rc: $(cat "$OUT/$name.err")"
  grep -qF -- "grayscott: warning: command line: $text" "$OUT/$name.err" || fail "$name: the warning lacks '$text': $(cat "$OUT/$name.err")"
  echo "ok $name: $(cat "$OUT/$name.err")"
}
warned deflate_level_alone "key 'output.fields_deflate_level' has no effect: output.fields_compression is \"none\"" output.fields_every=5 output.fields_deflate_level=9
warned box_unused "key 'output.box' has no effect: output.box_every is 0" "output.box=[2,9,3,12]"
warned stride_unused "key 'output.subsample_stride' has no effect: output.subsample_every is 0" output.subsample_stride=4
warned compression_unused "key 'output.fields_compression' has no effect: no field output is on" output.fields_compression=deflate
# A key that does act warns of nothing.
"$GRAYSCOTT" --check "$GOOD" grid.n=16 grid.L=16 output.fields_every=5 output.fields_compression=deflate output.fields_deflate_level=9 >/dev/null 2>"$OUT/acting.err"
[[ ! -s $OUT/acting.err ]] || fail "keys that act were warned about: $(cat "$OUT/acting.err")"

# And a good run through the same path works, so the cases above failed for their stated reason.
"$MPIEXEC" -n 1 "$GRAYSCOTT" "$GOOD" time.steps=2 grid.n=16 grid.L=16.0 "output.dir=$OUT/good" >/dev/null || fail "valid input failed"
echo "PASS: every bad input refused with exit code 2 and one clear line"
