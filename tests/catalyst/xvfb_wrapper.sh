#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The Slurm in-situ path on nodes without X: slurm/lib/job.sh puts
# slurm/lib/with_xvfb.sh before the binary exactly when the input has an
# insitu.script and DISPLAY is unset; a 2-rank run through that wrapper with no
# DISPLAY renders its images.
source "$(dirname "$0")/common.sh"
command -v xvfb-run >/dev/null || { echo "SKIP: no xvfb-run (Debian: apt-get install xvfb xauth)"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
in=$SRC/inputs/default-3d.toml
wrapper_for() {  # DISPLAY-VALUE ARGS...: prints GS_BIN_WRAPPER as job.sh leaves it
  local display=$1
  shift
  (GS_ROOT=$SRC GS_BIN_WRAPPER="" DISPLAY=$display
   source "$SRC/slurm/lib/job.sh"
   gs_display_wrapper "$@" >/dev/null
   echo "$GS_BIN_WRAPPER")
}
w=$(wrapper_for "" "$in" insitu.script=x.py)
[[ $w == "$SRC/slurm/lib/with_xvfb.sh" ]] || fail "no DISPLAY, insitu.script: wrapper '$w'"
w=$(wrapper_for ":5" "$in" insitu.script=x.py)
[[ -z $w ]] || fail "DISPLAY set: wrapper '$w'"
w=$(wrapper_for "" "$in")
[[ -z $w ]] || fail "no insitu.script: wrapper '$w'"
w=$(wrapper_for "" "$in" insitu.script=x.py insitu.script=[])
[[ -z $w ]] || fail "insitu.script=[] last: wrapper '$w'"
printf '[insitu]\nscript = "x.py"\n' >"$WORK/with.toml"
w=$(wrapper_for "" "$WORK/with.toml")
[[ -n $w ]] || fail "insitu.script in the input file: no wrapper"
echo "job.sh chooses the wrapper only for in-situ runs without DISPLAY"

unset DISPLAY
timeout -k 10 300 "${MPIEXEC:-mpiexec}" -n 2 "$SRC/slurm/lib/with_xvfb.sh" "$GS" "$in" grid.n=16 grid.L=16 time.steps=10 \
  insitu.every=10 insitu.script="$SRC/inputs/catalyst/isosurface.py" output.dir="$WORK/run" </dev/null >"$WORK/run.log" 2>&1 \
  || { cat "$WORK/run.log"; fail "the run under with_xvfb.sh without DISPLAY failed"; }
images=$(cd "$WORK/run/insitu" && ls isosurface_*.png | tr '\n' ' ')
echo "no DISPLAY, 2 ranks under with_xvfb.sh: images $images"
[[ $images == "isosurface_000000.png isosurface_000010.png " ]] || fail "expected the images of steps 0 and 10"
echo "all checks passed"
