#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Every shipped preset passes validation and the stability limit and runs.
# usage: check.sh GRAYSCOTT_BINARY OUTDIR INPUTS_DIR
# Runs each INPUTS_DIR/*.toml for 10 steps on one rank (time.steps=10
# output.every=0, output.dir under OUTDIR) and requires exit code 0 and a
# summary.json with "status": "ok" and "steps": 10.
set -euo pipefail

source "$(dirname "$0")/../lib.sh"
[[ $# -eq 3 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR INPUTS_DIR"
bin=$1
outdir=$2
inputs=$3

[[ -x $bin ]] || fail "$bin is not an executable"
[[ -d $inputs ]] || fail "$inputs is not a folder"
mkdir -p "$outdir"

shopt -s nullglob
presets=("$inputs"/*.toml)
if [[ ${#presets[@]} -eq 0 ]]; then
  echo "FAIL: no *.toml presets in $inputs" >&2
  exit 1
fi

failed=()
for preset in "${presets[@]}"; do
  name=$(basename "$preset" .toml)
  run_dir=$outdir/$name
  rm -rf "$run_dir"
  log=$outdir/$name.log
  rc=0
  "$bin" "$preset" time.steps=10 output.every=0 output.dynamics_window=0 "output.dir=$run_dir" >"$log" 2>&1 || rc=$?
  summary=$run_dir/summary.json
  problem=""
  if [[ $rc -ne 0 ]]; then
    problem="exit code $rc"
  elif [[ ! -f $summary ]]; then
    problem="no $summary"
  elif ! grep -Eq '^  "status": "ok",' "$summary"; then
    problem="status is not \"ok\": $(grep -E '^  "(status|error)":' "$summary" | tr -d '\n')"
  elif ! grep -Eq '^  "steps": 10,' "$summary"; then
    problem="steps is not 10: $(grep -E '^  "steps":' "$summary")"
  fi
  if [[ -n $problem ]]; then
    echo "FAIL: $preset: $problem" >&2
    echo "----- output of the run ($log) -----" >&2
    tail -n 20 "$log" >&2
    echo "------------------------------------" >&2
    failed+=("$name")
  else
    echo "ok: $preset"
  fi
done

if [[ ${#failed[@]} -ne 0 ]]; then
  echo "FAIL: ${#failed[@]} of ${#presets[@]} presets failed: ${failed[*]}" >&2
  exit 1
fi
echo "PASS: all ${#presets[@]} presets in $inputs ran 10 steps with status ok"
