#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The restart reproduction from a user's report, through the program: a
# parameter-map run checkpoints, then restarts that change the map (its ranges
# or its type) are refused with exit 2 and one line naming the key, while a
# change to the uniform physics.F (unused under a map) and to start-only keys
# is accepted, and allow_physics_change lets a range change through.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
common=(grid.n=64 grid.L=64.0 time.steps=20 output.every=0 output.image_scale=1)

"$GRAYSCOTT" "$INPUT" "${common[@]}" checkpoint.every=10 "output.dir=$OUT/run" >"$OUT/run.log" 2>&1 || fail "first run failed"
ck="$OUT/run/checkpoints/ckpt_00000010.h5"
[[ -f $ck ]] || fail "no checkpoint at step 10"

# refused KEY NAME OVERRIDE...: exit 2, one error line naming KEY; the run's folder untouched.
refused() {
  local key=$1 name=$2
  shift 2
  local before after rc=0
  before=$(ls -l --time-style=+%s.%N "$OUT/run" "$OUT/run/checkpoints" | md5sum)
  "$GRAYSCOTT" "$INPUT" "${common[@]}" time.steps=30 "output.dir=$OUT/run" "$@" "restart=$ck" >"$OUT/$name.out" 2>"$OUT/$name.log" || rc=$?
  [[ $rc == 2 ]] || fail "$name: exit $rc, expected 2: $(tail -n 2 "$OUT/$name.log")"
  [[ $(grep -c . "$OUT/$name.log") == 1 ]] || fail "$name: expected one line, got: $(cat "$OUT/$name.log")"
  grep -q "written with $key = " "$OUT/$name.log" || fail "$name: message does not name $key: $(cat "$OUT/$name.log")"
  after=$(ls -l --time-style=+%s.%N "$OUT/run" "$OUT/run/checkpoints" | md5sum)
  [[ $before == "$after" ]] || fail "$name: the refused restart changed the output folder"
  echo "ok refused $name: $(cat "$OUT/$name.log")"
}
accepted() {
  local name=$1
  shift
  "$GRAYSCOTT" "$INPUT" "${common[@]}" time.steps=30 "output.dir=$OUT/$name" "$@" "restart=$ck" >"$OUT/$name.log" 2>&1 \
    || fail "$name: refused: $(tail -n 2 "$OUT/$name.log")"
  echo "ok accepted $name"
}

refused physics.F_range F_range 'physics.F_range=[0.0, 0.06]'
refused physics.k_range k_range 'physics.k_range=[0.04, 0.068]'
refused physics.map map_none physics.map=none
accepted uniform_F physics.F=0.05
accepted init_seed init.seed=7
accepted allowed 'physics.F_range=[0.0, 0.06]' checkpoint.allow_physics_change=true
echo "PASS"
