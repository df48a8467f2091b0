# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Shared helpers for the regression checkers (sourced).
MPIEXEC=${MPIEXEC:-mpiexec}
# Python with Debian's h5py, numpy, matplotlib: CMake's Python3_EXECUTABLE under ctest.
PY=${GS_PYTHON:-/usr/bin/python3}

fail() { echo "FAIL: $*" >&2; exit 1; }
# ParaView's Python, for the tests that open outputs with its readers.
require_pvpython() {
  command -v pvpython >/dev/null || fail "pvpython not found: install Debian's paraview and python3-paraview (bash cmake/quickstart.sh test does)"
}

# study_start BIN OUTDIR: the start of a study test: BIN runs, $PY has what
# the collectors plot with, OUTDIR is empty.
study_start() {
  [[ -x $1 ]] || fail "$1 is not an executable"
  "$PY" -c 'import numpy, h5py, matplotlib' 2>/dev/null ||
    fail "$PY lacks numpy, h5py or matplotlib (apt-get install python3-numpy python3-h5py python3-matplotlib)"
  rm -rf "$2"
  mkdir -p "$2"
}

# own_folder OUTDIR: sets `work` to a new folder beside OUTDIR that only this invocation uses (two ctest
# runs of one build, or the same test twice at once, never share it), removed when the script exits.
# Call it in the script's own shell (not in $(...), whose exit would remove the folder at once).
own_folder() {
  mkdir -p "$(dirname "$1")"
  work=$(mktemp -d "$1.XXXXXX")
  # shellcheck disable=SC2064
  trap "rm -rf $(printf %q "$work")" EXIT
}

# json_field FILE KEY: the value of KEY in a summary.json (a dotted KEY such as
# final_stats.v_mean reaches into objects), read with Python's json: strings
# as they are, numbers and lists as JSON, nothing for null or a missing key or file.
json_field() {
  /usr/bin/python3 - "$1" "$2" <<'PY' 2>/dev/null || true
import json, sys
node = json.load(open(sys.argv[1]))
for part in sys.argv[2].split("."):
    node = node[part]
print(node if isinstance(node, str) else "" if node is None else json.dumps(node))
PY
}

source "$(dirname "${BASH_SOURCE[0]}")/../common/digest.sh"

# run_ranks RANKS OUTDIR ARGS...: one grayscott run under mpiexec; its log goes to OUTDIR.log.
run_ranks() {
  local ranks=$1 out=$2
  shift 2
  "$MPIEXEC" -n "$ranks" "$GRAYSCOTT" "$@" "output.dir=$out" >"$out.log" 2>&1
}

# run_case NAME RANKS ARGS...: run_ranks into $OUT/NAME, or fail with the last lines of its log.
run_case() {
  local name=$1 ranks=$2
  shift 2
  run_ranks "$ranks" "$OUT/$name" "$@" || fail "$name: run failed: $(tail -n 3 "$OUT/$name.log")"
}
