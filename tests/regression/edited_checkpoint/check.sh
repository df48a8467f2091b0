#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A checkpoint whose step, time, config or lineage attribute was edited is
# refused (exit 2, one line naming the file and the seal), while the unedited
# file restarts.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
$PY -c "import h5py" 2>/dev/null || fail "needs Debian's python3-h5py for $PY"
rm -rf "$OUT" && mkdir -p "$OUT"
run_ranks 2 "$OUT/run" "$INPUT" time.steps=20 checkpoint.every=20 || fail "could not make a checkpoint"
good=$OUT/run/checkpoints/ckpt_00000020.h5
edit() {  # edit NAME PYTHON-ASSIGNMENT
  cp "$good" "$OUT/$1.h5"
  $PY -c "import h5py,sys,numpy; f=h5py.File(sys.argv[1],'r+'); $2; f.close()" "$OUT/$1.h5"
  local rc=0
  "$GRAYSCOTT" "$INPUT" time.steps=40 "output.dir=$OUT/$1" "restart=$OUT/$1.h5" >"$OUT/$1.out" 2>"$OUT/$1.err" || rc=$?
  [[ $rc == 2 ]] || fail "$1: exit code $rc, expected 2: $(cat "$OUT/$1.err")"
  [[ $(grep -c . "$OUT/$1.err") == 1 ]] || fail "$1: expected one line: $(cat "$OUT/$1.err")"
  grep -qF "$OUT/$1.h5" "$OUT/$1.err" && grep -q "seal" "$OUT/$1.err" || fail "$1: message: $(cat "$OUT/$1.err")"
  echo "ok $1: $(cat "$OUT/$1.err")"
}
edit step "f.attrs['step']=numpy.int64(10)"
edit time "f.attrs['time']=numpy.float64(10.0)"
edit lineage "f.attrs['lineage']=numpy.bytes_(b'0123456789abcdef')"
edit config "f.attrs['config']=numpy.bytes_(f.attrs['config'] + b' ')"
"$GRAYSCOTT" "$INPUT" time.steps=40 "output.dir=$OUT/ok" "restart=$good" >"$OUT/ok.log" 2>&1 || fail "the unedited checkpoint was refused"
echo "edited checkpoint: refused by the seal"
