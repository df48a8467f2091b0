#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Faults of the in-situ output on 2 ranks, each under a kill timeout (a hang
# fails the test): a script error on rank 1 only (at a step, and at load),
# sys.exit(3) in a script, an error in catalyst_finalize (on rank 1 only), each with insitu.fail = error (exit 1, summary
# "failed" naming the failure) and warn (exit 0, in situ off, the run goes on);
# the in-situ folder replaced by a file, or an image's path by a folder,
# during the run (failed writes); output.dir removed during a call;
# no X display and a file where output.dir/insitu goes (exit 2 before step 0);
# IEEE subnormals inside the call although the solver flushes them.
source "$(dirname "$0")/common.sh"
in=$SRC/inputs/default-3d.toml
small=(grid.n=16 grid.L=16 time.steps=20 insitu.every=10 insitu.script="$SRC/tests/catalyst/broken_script.py")

# mode, the failure text expected in the summary
cases=("rank1|failed at step 10 (in catalyst_execute): script broken_script: ValueError: deliberate failure on rank 1"
       "import1|failed to load: script broken_script: NameError"
       "exit|failed at step 0 (in catalyst_execute): script broken_script: the script called sys.exit(3)"
       "finalize1|failed at the end of the run (in catalyst_finalize): script broken_script: ValueError: deliberate failure in catalyst_finalize on rank 1"
       "write|step 10: extractor 'image' did not write $WORK/write-POLICY/insitu/broken_000010.png: $WORK/write-POLICY/insitu is not a folder"
       "png|step 10: extractor 'image' did not write $WORK/png-POLICY/insitu/broken_000010.png: something that is not a file is in its place")
for c in "${cases[@]}"; do
  mode=${c%%|*}
  for policy in error warn; do
    want=${c#*|} want=${want//POLICY/$policy}
    out=$WORK/$mode-$policy
    set +e
    GS_TEST_BREAK=$mode run_gs 2 120 "$in" "${small[@]}" insitu.fail=$policy output.dir="$out" >"$out.log" 2>"$out.err"
    rc=$?
    set -e
    [[ $rc == 124 || $rc == 137 ]] && fail "$mode, fail=$policy: the run hung (killed after 120 s)"
    [[ -f $out/summary.json ]] || { cat "$out.err"; fail "$mode, fail=$policy: exit $rc and no summary.json"; }
    status=$(field "$out" 's["status"]') failure=$(field "$out" 's["outputs"]["insitu"]["failure"]')
    steps=$(field "$out" 's["steps"]')
    echo "$mode, fail=$policy: exit $rc, status $status, steps $steps, failure: $failure"
    [[ $failure == *"$want"* ]] || fail "the summary's failure does not say '$want'"
    if [[ $policy == error ]]; then
      [[ $rc == 1 && $status == failed ]] || { cat "$out.err"; fail "expected exit 1 and status failed"; }
      grep -q "^grayscott: error: insitu: .*$want" "$out.err" || fail "no error line on stderr"
    else
      [[ $rc == 0 && $status == ok && $steps == 20 ]] || { cat "$out.err"; fail "expected exit 0, status ok, 20 steps"; }
      [[ $(grep -c "^grayscott: warning: insitu:" "$out.err") == 1 ]] || fail "expected one warning line"
      calls=$(field "$out" 's["outputs"]["insitu"]["calls"]')
      # In situ is off after the failed call: no call after it.
      case $mode in rank1|write|png) [[ $calls == 2 ]] ;; finalize1) [[ $calls == 3 ]] ;; *) [[ $calls == 1 ]] ;; esac || fail "$calls in-situ calls: in situ was not turned off after the failure"
    fi
  done
done

# output.dir removed during a call (the script's rm -rf at step 10): the
# folder's own message, whichever writer meets the missing folder first, no
# summary.json, and the folder is not recreated.
set +e
GS_TEST_BREAK=rmdir run_gs 2 120 "$in" "${small[@]}" output.dir="$WORK/rmdir" >"$WORK/rmdir.log" 2>"$WORK/rmdir.err"
rc=$?
set -e
line=$(grep '^grayscott: error' "$WORK/rmdir.err" || true)
echo "output.dir removed during an in-situ call: exit $rc: $line"
[[ $rc == 1 && $(wc -l <<<"$line") == 1 && $line == *"key 'output.dir': folder '$WORK/rmdir' was removed or replaced while the run was writing to it (found at step 10); it is not recreated; no summary.json (its folder is gone)"* ]] ||
  { cat "$WORK/rmdir.err"; fail "rmdir: expected exit 1 and the folder's own message"; }
[[ ! -e $WORK/rmdir ]] || fail "rmdir: the removed output.dir was recreated: $(ls -R "$WORK/rmdir" | head)"

# ParaView and the scripts run with IEEE subnormals, outside the solver's flush-to-zero.
GS_TEST_BREAK=subnormal run_gs 2 120 "$in" "${small[@]}" output.dir="$WORK/subnormal" >"$WORK/subnormal.log" 2>"$WORK/subnormal.err" \
  || { cat "$WORK/subnormal.err"; fail "subnormal: the in-situ call ran with subnormals flushed to zero"; }
[[ $(field "$WORK/subnormal" 's["outputs"]["insitu"]["failure"]') == None ]] || fail "subnormal: a failure was recorded"
echo "subnormals inside the in-situ call: kept"

# Before step 0, one line, exit 2, no step run: no display, and a file as output.dir/insitu.
refused() {  # NAME EXPECTED-TEXT ARGS...
  local name=$1 want=$2
  shift 2
  set +e
  run_gs 2 120 "$in" "${small[@]}" output.dir="$WORK/$name" "$@" >"$WORK/$name.log" 2>"$WORK/$name.err"
  local rc=$?
  set -e
  local ours
  ours=$(grep '^grayscott: error' "$WORK/$name.err" || true)
  echo "$name: exit $rc: $ours"
  [[ $rc == 2 ]] || { cat "$WORK/$name.err"; fail "$name: expected exit 2"; }
  [[ $(wc -l <<<"$ours") == 1 && $ours == *"$want"* ]] || fail "$name: expected one error line saying '$want'"
  grep -q "^step" "$WORK/$name.log" && fail "$name: a step ran"
  return 0
}
GS_TEST_BREAK=execute DISPLAY= refused nodisplay "DISPLAY is not set; this ParaView renders only through X"
grep -q "xvfb-run" "$WORK/nodisplay.err" || fail "nodisplay: the error does not say to use xvfb-run"
GS_TEST_BREAK=execute DISPLAY=:9999 refused baddisplay "DISPLAY=':9999' cannot be opened"
# A script that does not render needs no display; one that renders in a way
# the pre-flight check cannot see fails at load (exit 1), before any render.
DISPLAY= run_gs 2 120 "$in" "${small[@]}" insitu.script="$SRC/tests/catalyst/hidden_view.py" output.dir="$WORK/noview" \
  >"$WORK/noview.log" 2>"$WORK/noview.err" || { cat "$WORK/noview.err"; fail "a script that does not render failed without a display"; }
set +e
GS_TEST_VIEW=hidden DISPLAY= run_gs 2 120 "$in" "${small[@]}" insitu.script="$SRC/tests/catalyst/hidden_view.py" \
  output.dir="$WORK/hidden" >"$WORK/hidden.log" 2>"$WORK/hidden.err"
rc=$?
set -e
failure=$(field "$WORK/hidden" 's["outputs"]["insitu"]["failure"]')
echo "hidden view, no display: exit $rc, failure: $failure"
[[ $rc == 1 && $failure == *"failed to load"*"no X display opens"* ]] || { cat "$WORK/hidden.err"; fail "expected exit 1 and a load failure naming the display"; }
mkdir -p "$WORK/isfile" && : >"$WORK/isfile/insitu"
GS_TEST_BREAK=execute refused isfile "output.dir/insitu '$WORK/isfile/insitu' is not a folder"
[[ -f $WORK/isfile/insitu && ! -s $WORK/isfile/insitu ]] || fail "the file in the folder's place was changed"
echo "all checks passed"
