# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Sourced by the catalyst test scripts: $1 grayscott binary, $2 work folder,
# $3 Xvfb state folder, $4 source tree. Sets GS, WORK, SRC, DISPLAY and
# run_gs (mpiexec with a rank count and a kill timeout).
set -euo pipefail
GS=$1 WORK=$2 XSTATE=$3 SRC=$4
if [[ ! -s $XSTATE/display ]]; then
  echo "SKIP: no Xvfb display (the catalyst.xvfb_start fixture did not start one)"
  exit 77
fi
export DISPLAY=$(cat "$XSTATE/display")
PY=${GS_PYTHON:-/usr/bin/python3}
rm -rf "$WORK" && mkdir -p "$WORK"
# run_gs RANKS TIMEOUT ARGS...: stdin closed so nothing can wait on it.
run_gs() {
  local ranks=$1 limit=$2
  shift 2
  timeout -k 10 "$limit" "${MPIEXEC:-mpiexec}" -n "$ranks" "$GS" "$@" </dev/null
}
fail() { echo "FAIL: $*"; exit 1; }
# field OUTDIR EXPR: EXPR (Python, over s = OUTDIR/summary.json) printed.
field() { $PY -c 'import json,sys; s=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1/summary.json" "$2"; }
