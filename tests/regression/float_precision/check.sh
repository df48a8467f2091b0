#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# grid.precision = "float": the same program runs the model in single precision.
# (a) The field files hold 32-bit data, and the float run follows the double
#     run within what float rounding allows: each step's update adds a few
#     float ulps of the values (< 1), so after S steps the fields differ by at
#     most S * 16 * eps_float; they must also differ (it is not double).
# (b) A float checkpoint restarts bitwise in float, on 1 and 2 ranks;
#     restarting it as double is refused: exit 2, one line naming grid.precision.
# (c) Bad values of grid.precision: exit 2, one line naming the key and the choices.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
STEPS=60
run_ranks 1 "$OUT/double" "$INPUT" time.steps=$STEPS output.fields_every=$STEPS || fail "double run: $(tail -3 "$OUT/double.log")"
run_ranks 1 "$OUT/float" "$INPUT" time.steps=$STEPS output.fields_every=$STEPS grid.precision=float || fail "float run: $(tail -3 "$OUT/float.log")"
[[ $(json_field "$OUT/float/summary.json" config.grid.precision) == float ]] || fail "summary.json does not record grid.precision = float"
"$PY" - "$OUT/double/fields_$(printf %08d $STEPS).h5" "$OUT/float/fields_$(printf %08d $STEPS).h5" $STEPS <<'PY' || fail "(a) float against double"
import sys, h5py, numpy as np
d, f, steps = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r"), int(sys.argv[3])
bound = steps * 16 * np.finfo(np.float32).eps
for k in ("u", "v"):
    assert d[k].dtype == np.float64, f"double run's {k} is {d[k].dtype}"
    assert f[k].dtype == np.float32, f"float run's {k} is {f[k].dtype}, expected float32"
    diff = np.abs(d[k][...] - f[k][...].astype(np.float64)).max()
    print(f"{k}: max |float - double| = {diff:.3g} (bound {bound:.3g})")
    assert 0 < diff <= bound, f"{k}: max difference {diff:.3g} outside (0, {bound:.3g}]"
PY
grep -q 'Precision="4"' "$OUT/float/fields.xmf" || fail "fields.xmf does not say 4-byte data"

# (b) Restarts in float are bitwise; into double they are refused.
straight=$(digest_of "$OUT/float/summary.json")
for ranks in 1 2; do
  run_ranks 1 "$OUT/ck$ranks" "$INPUT" time.steps=$((STEPS / 2)) checkpoint.every=$((STEPS / 2)) grid.precision=float || fail "float checkpoint run"
  run_ranks $ranks "$OUT/ck$ranks" "$INPUT" time.steps=$STEPS grid.precision=float restart=latest || fail "float restart on $ranks ranks: $(tail -3 "$OUT/ck$ranks.log")"
  got=$(digest_of "$OUT/ck$ranks/summary.json")
  [[ $got == "$straight" ]] || fail "float restart on $ranks ranks gives digest $got, the straight float run $straight"
  echo "ok float restart on $ranks ranks: digest $got"
done
rc=0
"$GRAYSCOTT" "$INPUT" time.steps=$STEPS "output.dir=$OUT/ck1" restart=latest >"$OUT/into_double.out" 2>"$OUT/into_double.err" || rc=$?
[[ $rc == 2 && $(grep -c . "$OUT/into_double.err") == 1 ]] || fail "restart into double: exit $rc: $(cat "$OUT/into_double.err")"
grep -q "grid.precision" "$OUT/into_double.err" || fail "the refusal does not name grid.precision: $(cat "$OUT/into_double.err")"
echo "ok restart into double refused: $(cat "$OUT/into_double.err")"

# (c) Bad values.
for bad in half 64 '"Float"'; do
  rc=0
  "$GRAYSCOTT" "$INPUT" "grid.precision=$bad" --check >"$OUT/bad.out" 2>"$OUT/bad.err" || rc=$?
  [[ $rc == 2 && $(grep -c . "$OUT/bad.err") == 1 ]] || fail "grid.precision=$bad: exit $rc: $(cat "$OUT/bad.err")"
  grep -q "grid.precision" "$OUT/bad.err" && grep -q "double" "$OUT/bad.err" || fail "grid.precision=$bad: message: $(cat "$OUT/bad.err")"
done
echo "PASS: float runs in 32 bits, within rounding of double, restarts bitwise, refuses double restarts"
