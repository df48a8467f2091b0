#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The time integrators against an independent numpy model written from the
# published formulas (check_reference.py): each case runs 12 steps of a
# pattern-forming input on 1 and on 3 ranks, writing its fields at step 0 and
# step 12; the model steps the run's own step-0 field 12 times in float64 and
# must land on the run's step-12 u and v to 1e-12 (max abs difference).
# Every stencil appears (5 and 9 in 2D, 7, 19 and 27 in 3D, unequal h_d on
# the 5- and 7-point ones), and every scheme in 2D and 3D: euler and rk2 below
# their limit, rkl2 at a fixed time.stages and at "auto" several times past
# the explicit limit, rk4 at 1.3 x the forward-Euler limit (past it, which
# only rk4 of the fixed-stage schemes holds).
# usage: check.sh GRAYSCOTT OUTDIR [CASE ...]
#   CASE: a case name below, or a scheme (euler, rk2, rkl2, rk4) for all its
#   cases; none: every case.
set -euo pipefail
GRAYSCOTT=$1 OUT=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../lib.sh"
inputs=$(cd "$here/../digest_ranks" && pwd)
"$PY" -c 'import numpy, h5py' 2>/dev/null || fail "$PY lacks numpy or h5py (apt-get install python3-numpy python3-h5py)"
rm -rf "$OUT" && mkdir -p "$OUT"

STEPS=12
# name | input | model | overrides | more overrides on 3 ranks (deep halos,
# where the block forms run the scheme). Limits (dt_max, the forward-Euler limit):
# 2D: 9-point h = 1: 1.2298; 5-point h = (1.25, 1.1): 1.1198, h = 1: 0.8243.
# 3D: 27-point 1.5827; 19-point 1.8121; 7-point h = (1, 1.2, 1.2): 1.0266.
cases=(
  "euler_2d|pattern-2d|euler|grid.stencil=5 grid.L=[112.5,81.4] time.dt=1.0|parallel.halo_depth=3"
  "rk2_2d|pattern-2d|rk2|time.integrator=rk2 time.dt=1.0|parallel.halo_depth=3"
  "rkl2_2d|pattern-2d|rkl2|time.integrator=rkl2 time.stages=5 time.dt=4.0"
  "rkl2_auto_2d|pattern-2d|rkl2|time.integrator=rkl2 time.stages=auto grid.stencil=5 time.dt=8.0"
  "rk4_2d|pattern-2d|rk4|time.integrator=rk4 time.dt=1.6"
  "euler_3d|pattern-3d|euler|time.integrator=euler grid.stencil=7 grid.L=[26.0,25.2,22.8] time.dt=0.8|parallel.halo_depth=3"
  "rk2_3d|pattern-3d|rk2|time.integrator=rk2 time.dt=1.0|parallel.halo_depth=3"
  "rkl2_3d|pattern-3d|rkl2|time.integrator=rkl2 time.stages=7 grid.stencil=19 time.dt=6.0"
  "rkl2_auto_3d|pattern-3d|rkl2|time.integrator=rkl2 time.stages=auto time.dt=8.0"
  "rk4_3d|pattern-3d|rk4|time.integrator=rk4 time.dt=2.05"
)

selected() {  # selected NAME: no CASE arguments, or one that is NAME or NAME's scheme
  (($# == 1)) && return 0
  local name=$1 want
  shift
  for want in "$@"; do
    [[ $name == "$want" || $name == "${want}_"* ]] && return 0
  done
  return 1
}

ran=0 failed=0
for entry in "${cases[@]}"; do
  IFS='|' read -r name input model overrides deep <<<"$entry"
  selected "$name" "$@" || continue
  read -ra keys <<<"$overrides"
  read -ra deep_keys <<<"$deep"
  for ranks in 1 3; do
    run="${name}_r$ranks" more=()
    if ((ranks > 1)); then more=("${deep_keys[@]}"); fi
    ran=$((ran + 1))
    if ! run_ranks "$ranks" "$OUT/$run" "$inputs/$input.toml" "${keys[@]}" "${more[@]}" time.steps=$STEPS \
      output.fields_every=$STEPS output.every=0 output.log_every=$STEPS output.pattern_threshold=off; then
      echo "FAIL $run: run failed: $(grep -m 3 '^grayscott' "$OUT/$run.log" || tail -n 3 "$OUT/$run.log")"
      failed=$((failed + 1))
      continue
    fi
    "$PY" "$here/check_reference.py" "$OUT/$run" "$model" 1e-12 || failed=$((failed + 1))
  done
done
((ran > 0)) || fail "no case matches: $*"
((failed == 0)) || fail "$failed of $ran runs failed or differ from the numpy model (above)"
echo "PASS: $ran runs agree with the numpy model to 1e-12"
