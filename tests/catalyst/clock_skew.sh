#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The in-situ write checks trust no clock: what a call wrote is what differs
# in the folder before and after it. Each case runs with the program's clock
# shifted 3 s ahead of and behind the file system (libfaketime, with file
# times left as the file system gives them, as on a VM or NFS with skew):
#  - slice.py (an image extractor) and a "Generate Extracts" style script
#    (data extracts, no folder set): no false alarm, every file there;
#  - a script that writes at the first call only: caught at the second call
#    ("the scripts wrote no file");
#  - an extractor whose file cannot be written at step 10 (a folder in its
#    place): caught, naming the extractor;
#  - summary.json's outputs.insitu.files counts the files the run wrote.
source "$(dirname "$0")/common.sh"
in=$SRC/inputs/default-3d.toml
small=(grid.n=16 grid.L=16 time.steps=10 insitu.every=5 output.every=0)
lib=""
for f in /usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 /usr/lib/*/faketime/libfaketime.so.1; do
  [[ -r $f ]] && { lib=$f; break; }
done
[[ -n $lib ]] || fail "no libfaketime.so.1 (Debian package faketime; cmake/quickstart.sh test installs it)"

# skewed OFFSET CMD...: CMD with the program's clock OFFSET from the file system's.
# NO_FAKE_STAT: file times stay the file system's (libfaketime shifts them too by default).
skewed() {
  local offset=$1
  shift
  LD_PRELOAD=$lib FAKETIME=$offset NO_FAKE_STAT=1 FAKETIME_DONT_FAKE_MONOTONIC=1 "$@"
}
# The shift is real: the program's clock is ahead/behind a file it just wrote.
for offset in +3s -3s; do
  probe=$WORK/probe$offset
  gap=$(skewed "$offset" $PY -c 'import os, sys, time
open(sys.argv[1], "w").close()
print(round(time.time() - os.stat(sys.argv[1]).st_mtime))' "$probe")
  echo "clock $offset: program clock minus a new file's time: ${gap} s"
  want=${offset%s}
  [[ $gap == "${want#+}" ]] || fail "libfaketime did not shift the clock by $offset against the file system (got $gap s)"
done

# gs OFFSET NAME RANKS ARGS...: a run into $WORK/NAME under a shifted clock; exit code in $rc.
gs() {
  local offset=$1 name=$2 ranks=$3
  shift 3
  set +e
  skewed "$offset" run_gs "$ranks" 200 "$in" "${small[@]}" "$@" output.dir="$WORK/$name" >"$WORK/$name.log" 2>"$WORK/$name.err"
  rc=$?
  set -e
  [[ $rc == 124 || $rc == 137 ]] && fail "$name: the run hung"
  return 0
}
failure() { field "$WORK/$1" 's["outputs"]["insitu"]["failure"] or ""'; }

# A script as ParaView's "Generate Extracts" saves it (no folder set).
timeout 120 pvpython - "$WORK/generated.py" <<'PYEOF' >/dev/null || fail "pvpython could not save a Catalyst state"
import sys
from paraview.simple import *  # noqa: F401,F403
from paraview import catalyst
from paraview.detail import catalyst_export
grid = Wavelet(registrationName="grid")
CreateExtractor("VTI", grid, registrationName="VTI1")
catalyst_export.save_catalyst_state(sys.argv[1], catalyst.Options().SMProxy)
PYEOF

for offset in +3s -3s; do
  # No false alarm from a script that writes every call.
  gs "$offset" "slice$offset" 2 insitu.script="$SRC/inputs/catalyst/slice.py"
  # Three slices (xy, xz, yz) at steps 0, 5 and 10.
  pngs=$(ls "$WORK/slice$offset/insitu" | grep -cE '^slice_(xy|xz|yz)_0000(00|05|10)\.png$' || true)
  echo "slice.py, clock $offset: exit $rc, $pngs images, files $(field "$WORK/slice$offset" 's["outputs"]["insitu"]["files"]')"
  [[ $rc == 0 && -z $(failure "slice$offset") && $pngs == 9 ]] || { cat "$WORK/slice$offset.err"; fail "slice.py with the clock $offset: a false alarm or missing images"; }
  [[ $(field "$WORK/slice$offset" 's["outputs"]["insitu"]["files"]') == 9 ]] || fail "slice.py with the clock $offset: outputs.insitu.files is not 9"

  # A "Generate Extracts" script: data extracts of the grid at every call.
  gs "$offset" "generated$offset" 2 insitu.script="$WORK/generated.py"
  echo "Generate Extracts script, clock $offset: exit $rc, $(ls "$WORK/generated$offset/insitu" | grep -c 'pvti$') .pvti"
  [[ $rc == 0 && -z $(failure "generated$offset") && -s $WORK/generated$offset/insitu/grid_000010.pvti ]] ||
    { cat "$WORK/generated$offset.err"; fail "data extracts with the clock $offset: a false alarm or no extract"; }

  # A script that stops writing: caught at its second call, whichever way the clock is off.
  GS_TEST_BREAK=once gs "$offset" "once$offset" 1 insitu.script="$SRC/tests/catalyst/broken_script.py"
  line=$(failure "once$offset")
  echo "a script that writes once, clock $offset: exit $rc: $line"
  [[ $rc == 1 && $line == *"step 5: the scripts wrote no file under '$WORK/once$offset/insitu' (they did at the first call)"* ]] ||
    { cat "$WORK/once$offset.err"; fail "a script that stopped writing was not caught with the clock $offset"; }

  # An extractor that cannot write at step 10: caught, named.
  GS_TEST_BREAK=png gs "$offset" "png$offset" 1 insitu.script="$SRC/tests/catalyst/broken_script.py"
  line=$(failure "png$offset")
  echo "an image that cannot be written, clock $offset: exit $rc: $line"
  [[ $rc == 1 && $line == *"step 10: extractor 'image' did not write $WORK/png$offset/insitu/broken_000010.png"* ]] ||
    { cat "$WORK/png$offset.err"; fail "an extractor that did not write was not caught with the clock $offset"; }
done
echo "PASS: in-situ write checks hold with the program's clock 3 s ahead of and behind the file system"
