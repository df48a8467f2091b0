#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# ParaView opens the field outputs (a time series) and a checkpoint as they are:
# pvpython finds the right dimensions, spacing, arrays and value ranges, for
# files written by 1 and by 4 ranks, 2D and 3D, with unequal spacing per axis.
# usage: check.sh GRAYSCOTT OUTDIR
set -euo pipefail
GRAYSCOTT=$1 OUT=$2
source "$(dirname "$0")/../lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
require_pvpython
rm -rf "$OUT" && mkdir -p "$OUT"

summary_stat() { sed -n "s/.*\"$2\": \([^,}]*\).*/\1/p" "$1" | head -n 1; }

check_case() {  # name ranks nx ny nz hx hy hz final_time args...
  local name=$1 ranks=$2 nx=$3 ny=$4 nz=$5 hx=$6 hy=$7 hz=$8 t=$9
  shift 9
  local dir="$OUT/$name"
  run_ranks "$ranks" "$dir" "$@" time.steps=60 output.fields_every=30 checkpoint.every=60 output.every=0 \
    || fail "$name: run failed: $(tail -n 3 "$dir.log")"
  local s="$dir/summary.json" stats
  stats=("$(summary_stat "$s" u_min)" "$(summary_stat "$s" u_max)" "$(summary_stat "$s" v_min)" "$(summary_stat "$s" v_max)")
  for xmf in "$dir/fields.xmf" "$dir/checkpoints/ckpt_00000060.xmf"; do
    timeout 300 pvpython "$here/check_outputs.py" "$xmf" "$nx" "$ny" "$nz" "$hx" "$hy" "$hz" "$t" "${stats[@]}" </dev/null \
      >"$dir.pv.log" 2>&1 || fail "$name: $(tail -n 3 "$dir.pv.log")"
    grep "^ok" "$dir.pv.log"
  done
  grep -q 'fields_00000030.h5' "$dir/fields.xmf" || fail "$name: the time series lacks step 30"
}

two_d=(/dev/null grid.dims=2 "grid.n=[48,30]" "grid.L=[48.0,15.0]" grid.stencil=5 time.dt=0.2 init.type=spots init.count=5 init.size=0.2)
three_d=(/dev/null grid.dims=3 "grid.n=[20,16,12]" "grid.L=[20.0,8.0,9.0]" grid.stencil=7 time.dt=0.1 init.type=spots init.count=3 init.size=0.4)
for ranks in 1 4; do
  check_case "2d_r$ranks" "$ranks" 48 30 1 1 0.5 1 12 "${two_d[@]}"
  check_case "3d_r$ranks" "$ranks" 20 16 12 1 0.5 0.75 6 "${three_d[@]}"
done
echo "PASS"
