#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The script guard's load check (src/insitu/script_guard.py.inc), on 2 ranks:
# a ParaView whose private paraview.catalyst.v2_internals lacks a function the
# guard wraps, or has it take other arguments, is refused at the first call
# in one line (exit 1, summary "failed" with that line, no traceback); the
# change is made by unfit_paraview/sitecustomize.py when Python starts. On
# rank 1 only, rank 0 (which writes the summary) reports rank 1's own
# message. Functions replaced by others with the same arguments pass.
source "$(dirname "$0")/common.sh"
in=$SRC/inputs/default-3d.toml
small=(grid.n=16 grid.L=16 time.steps=10 insitu.every=10 insitu.script="$SRC/tests/catalyst/broken_script.py")

# mode|rank (empty: every rank)|the failure expected ("" for none)
cases=("gone|1|paraview.catalyst.v2_internals.do_catalyst_execute is gone"
       "signature||paraview.catalyst.v2_internals.do_catalyst_execute(module, info) no longer takes (module)"
       "same||")
for c in "${cases[@]}"; do
  IFS='|' read -r mode rank want <<<"$c"
  out=$WORK/$mode
  set +e
  PYTHONPATH=$SRC/tests/catalyst/unfit_paraview GS_TEST_UNFIT=$mode GS_TEST_UNFIT_RANK=$rank GS_TEST_BREAK=none \
    run_gs 2 120 "$in" "${small[@]}" output.dir="$out" >"$out.log" 2>"$out.err"
  rc=$?
  set -e
  [[ $rc == 124 || $rc == 137 ]] && fail "$mode: the run hung (killed after 120 s)"
  [[ -f $out/summary.json ]] || { cat "$out.err"; fail "$mode: exit $rc and no summary.json"; }
  status=$(field "$out" 's["status"]') failure=$(field "$out" 's["outputs"]["insitu"]["failure"]')
  echo "$mode${rank:+ on rank $rank}: exit $rc, status $status, failure: $failure"
  if [[ -z $want ]]; then
    [[ $rc == 0 && $status == ok && $failure == None ]] || { cat "$out.err"; fail "$mode: expected exit 0 and no failure"; }
    continue
  fi
  [[ $rc == 1 && $status == failed ]] || { cat "$out.err"; fail "$mode: expected exit 1 and status failed"; }
  [[ $failure == "ParaView "*" does not fit the in-situ script guard (made for ParaView "*"): $want" ]] \
    || fail "$mode: the summary's failure does not say '$want'"
  ours=$(grep '^grayscott: error' "$out.err" || true)
  [[ $(wc -l <<<"$ours") == 1 && $ours == "grayscott: error: insitu: ParaView "*": $want" ]] \
    || { cat "$out.err"; fail "$mode: expected one error line saying '$want'"; }
  grep -q Traceback "$out.err" && { cat "$out.err"; fail "$mode: a traceback was printed"; }
done
echo "all checks passed"
