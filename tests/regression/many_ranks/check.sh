#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Same bits on many ranks: 16 ranks in 2D (4x4) or 27 in 3D (3x3x3), far more
# than this machine's cores (oversubscribed), where every rank has neighbours
# on all sides and its ghosts come from 8 or 26 other ranks. Odd, unequal box
# sizes, a parameter map, both integrators, and parallel.halo_depth 1, 2 and
# "auto": each final digest equals the 1-rank run's of the same integrator.
# Tiny grids and few steps keep it short.
# usage: check.sh GRAYSCOTT OUTDIR INPUT RANKS LAYOUT [section.key=value ...]
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3 RANKS=$4 LAYOUT=$5
shift 5
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"

common=(physics.map=gradient "physics.F_range=[0.025,0.04]" "physics.k_range=[0.055,0.063]" "$@")
for integrator in euler rk2; do
  run_ranks 1 "$OUT/${integrator}_r1" "$INPUT" time.integrator=$integrator "${common[@]}" ||
    fail "1-rank $integrator run failed: $(tail -n 3 "$OUT/${integrator}_r1.log")"
  ref=$(digest_of "$OUT/${integrator}_r1/summary.json")
  echo "$integrator, 1 rank: digest $ref"
  for depth in 1 2 auto; do
    name=${integrator}_r${RANKS}_T$depth
    run_ranks "$RANKS" "$OUT/$name" "$INPUT" time.integrator=$integrator "${common[@]}" "parallel.layout=$LAYOUT" \
      parallel.halo_depth=$depth || fail "$name failed: $(tail -n 3 "$OUT/$name.log")"
    got=$(digest_of "$OUT/$name/summary.json")
    layout=$(json_field "$OUT/$name/summary.json" layout | tr -d ' ')
    used=$(grep -o 'halo_depth=[0-9]*' "$OUT/$name.log" | head -n 1)
    echo "$integrator, $RANKS ranks (layout $layout), halo_depth $depth (ran ${used#*=}): digest $got"
    [[ $layout == "$(tr -d ' ' <<<"$LAYOUT")" ]] || fail "$name ran on layout $layout, asked for $LAYOUT"
    [[ $got == "$ref" ]] || fail "$name: digest $got, 1 rank gave $ref"
  done
done
echo "PASS: $RANKS ranks give the 1-rank digests for both integrators at halo_depth 1, 2 and auto"
