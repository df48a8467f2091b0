#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# What the in-situ scripts write, checked after every call:
#  - output.dir/insitu read-only (a read-only bind mount, as on a cluster's
#    read-only project space): slice.py's PNG extractor and isosurface.py's
#    extract cannot write. The run fails (insitu.fail = "error": exit 1,
#    status "failed") or warns (exit 0, the failure in summary.json), and the
#    message names the system's reason ("Read-only file system"), not a VTK
#    error code, without VTK's ERR| lines; nothing was written before the
#    failure, so the first call is where it shows (the check of files written
#    since the first call cannot see it).
#  - a restarted run's isosurface.pvd lists every frame of the run, the ones
#    before the restart included, each step once.
source "$(dirname "$0")/common.sh"
in=$SRC/inputs/default-3d.toml
small=(grid.n=16 grid.L=16 time.steps=20 insitu.every=10 output.every=0)

mounted=()
cleanup() { for m in "${mounted[@]}"; do umount "$m" 2>/dev/null || true; done; }
trap cleanup EXIT
# read_only_insitu DIR: DIR/insitu exists and cannot be written (exit 77 when no bind mount can be made).
read_only_insitu() {
  mkdir -p "$1/insitu"
  if ! mount --bind -o ro "$1/insitu" "$1/insitu" 2>/dev/null; then
    echo "SKIP: cannot make a read-only bind mount here (needs root with CAP_SYS_ADMIN)"
    exit 77
  fi
  mounted+=("$1/insitu")
  ! touch "$1/insitu/probe" 2>/dev/null || fail "the bind mount of $1/insitu is writable"
}

for case in "slice.py|: extractor 'image" "isosurface.py|cannot write the extract"; do
  script=${case%%|*} want=${case#*|}
  for policy in error warn; do
    name=${script%.py}-$policy out=$WORK/${script%.py}-$policy
    read_only_insitu "$out"
    set +e
    run_gs 1 120 "$in" "${small[@]}" insitu.script="$SRC/inputs/catalyst/$script" insitu.fail=$policy output.dir="$out" \
      >"$out.log" 2>"$out.err"
    rc=$?
    set -e
    failure=$(field "$out" 's["outputs"]["insitu"]["failure"]') status=$(field "$out" 's["status"]')
    echo "$name: exit $rc, status $status: $failure"
    [[ $failure == *"$want"* && $failure == *"Read-only file system"* ]] ||
      { cat "$out.err"; fail "$name: the failure does not say '$want' and 'Read-only file system'"; }
    [[ $failure == *"step 0"* ]] || fail "$name: the failure was not found at the first call (step 0)"
    if [[ $policy == error ]]; then
      [[ $rc == 1 && $status == failed ]] || fail "$name: expected exit 1 and status failed"
    else
      [[ $rc == 0 && $status == ok ]] || fail "$name: expected exit 0 and status ok"
    fi
    ! grep -q 'VTK error code\|ERR|' "$out.err" || { cat "$out.err"; fail "$name: VTK's error lines or code on stderr"; }
    # Lines of the program and the libraries, not mpiexec's framed notice of a failed rank.
    lines=$(awk '/^----------+$/ { framed = !framed; next } !framed && NF' "$out.err" | wc -l)
    # The program's line and the count of VTK's lines not shown; no traceback
    # for a file the system refused (isosurface.py raises in catalyst_execute).
    ((lines <= 2)) || { cat "$out.err"; fail "$name: $lines lines on stderr (at most 2 expected)"; }
  done
done

# Restart: the index covers the whole run. First part to step 120 (frames 0,
# 50, 100, 120), then on 2 ranks to 200 (120 again, 150, 200).
out=$WORK/restart
iso=(grid.n=16 grid.L=16 output.every=0 insitu.every=50 checkpoint.every=120 insitu.script="$SRC/inputs/catalyst/isosurface.py")
run_gs 1 120 "$in" "${iso[@]}" time.steps=120 output.dir="$out" >"$out.log" 2>&1 || { cat "$out.log"; fail "first part"; }
run_gs 2 120 "$in" "${iso[@]}" time.steps=200 restart=latest output.dir="$out" >"$out-2.log" 2>&1 || { cat "$out-2.log"; fail "restart"; }
$PY - "$out/insitu" <<'PY'
import os, sys
import xml.etree.ElementTree as ET
folder = sys.argv[1]
files = [d.get("file") for d in ET.parse(os.path.join(folder, "isosurface.pvd")).getroot().iter("DataSet")]
want = ["isosurface_%06d.pvtp" % s for s in (0, 50, 100, 120, 150, 200)]
print("isosurface.pvd after a restart at 120:", " ".join(files))
assert files == want, "the index lists %s, expected %s" % (files, want)
missing = [f for f in files if not os.path.isfile(os.path.join(folder, f))]
assert not missing, "the index lists files that do not exist: %s" % missing
PY
echo "PASS: unwritable in-situ folder reported with the system's reason at the first call; the index spans a restart"
