#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Field outputs in their own precision and compressed (docs/io.md, "Sizing
# field outputs"): a double run's float32 fields are its double values
# rounded to float, bit for bit, and its checkpoint stays double; deflated
# fields hold the uncompressed values bit for bit, in the same chunks, written
# by 1, 2 and 3 ranks, in a smaller file; h5py and ParaView's XDMF reader open
# them as they are; a bad value of the new keys is one line, exit 2, nothing written.
# usage: check.sh GRAYSCOTT OUTDIR
set -euo pipefail
GRAYSCOTT=$1 OUT=$2
source "$(dirname "$0")/../lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
require_pvpython
rm -rf "$OUT" && mkdir -p "$OUT"

base=(/dev/null grid.dims=3 "grid.n=[24,20,18]" "grid.L=[24.0,10.0,18.0]" grid.stencil=7 time.dt=0.1 init.type=spots init.count=4
  init.size=0.4 time.steps=20 output.fields_every=10 output.every=0 checkpoint.every=20)
run() { run_case "$1" "$2" "${base[@]}" "${@:3}"; }  # name ranks overrides...
run ref 1
run f32 1 output.fields_precision=float32
for ranks in 1 2 3; do run "deflate_r$ranks" "$ranks" output.fields_compression=deflate output.fields_deflate_level=6; done
run f32_deflate 2 output.fields_precision=float32 output.fields_compression=deflate
"$PY" "$here/check_formats.py" "$OUT" || fail "file contents (above)"

for xmf in "$OUT/f32/fields.xmf" "$OUT/deflate_r3/fields.xmf" "$OUT/f32_deflate/fields.xmf"; do
  timeout 300 pvpython "$here/check_paraview.py" "$xmf" "0 1 2" "24 20 18" "0 0 0" "1 0.5 1" </dev/null >"$OUT/pv.log" 2>&1 ||
    fail "ParaView: $(tail -n 3 "$OUT/pv.log")"
  grep "^ok" "$OUT/pv.log"
done

# Refusals before anything is written.
for bad in output.fields_precision=half output.fields_compression=zfp output.fields_deflate_level=0 output.fields_deflate_level=10; do
  key=${bad%%=*}
  rc=0
  "$GRAYSCOTT" "${base[@]}" "$bad" "output.dir=$OUT/bad" >"$OUT/bad.log" 2>&1 || rc=$?
  [[ $rc == 2 ]] || fail "$bad: exit $rc, expected 2"
  [[ $(wc -l <"$OUT/bad.log") == 1 ]] || fail "$bad: expected one line, got: $(cat "$OUT/bad.log")"
  grep -q "key '$key'" "$OUT/bad.log" || fail "$bad: the line does not name $key: $(cat "$OUT/bad.log")"
  [[ ! -e $OUT/bad ]] || fail "$bad: $OUT/bad was created"
done
# Compression that the HDF5 at hand cannot do (a library without zlib or
# shuffle, played by a test hook on this complete one): refused before step 0,
# one line naming the key and the filter, nothing written; on 2 ranks too.
for filter in deflate shuffle; do
  for ranks in 1 2; do
    rc=0
    GS_TEST_HDF5_LACKS_FILTER=$filter "$MPIEXEC" -n $ranks -x GS_TEST_HDF5_LACKS_FILTER "$GRAYSCOTT" "${base[@]}" \
      output.fields_compression=deflate "output.dir=$OUT/bad" >"$OUT/bad.log" 2>&1 || rc=$?
    [[ $rc == 2 ]] || fail "no $filter filter, $ranks ranks: exit $rc, expected 2: $(cat "$OUT/bad.log")"
    # One line from the program, not one per rank (the rest is mpiexec's report of the exit).
    [[ $(grep -c '^grayscott' "$OUT/bad.log") == 1 ]] || fail "no $filter filter, $ranks ranks: expected one line, got: $(cat "$OUT/bad.log")"
    grep -q "key 'output.fields_compression': this program's HDF5 has no $filter filter" "$OUT/bad.log" ||
      fail "no $filter filter: the line does not name the key and the filter: $(cat "$OUT/bad.log")"
    [[ ! -e $OUT/bad ]] || fail "no $filter filter: $OUT/bad was created"
  done
done
echo "PASS"
