# Shared helpers for the regression checkers (sourced).
MPIEXEC=${MPIEXEC:-mpiexec}
# Python with Debian's h5py, numpy, matplotlib: CMake's Python3_EXECUTABLE under ctest.
PY=${GS_PYTHON:-/usr/bin/python3}

fail() { echo "FAIL: $*" >&2; exit 1; }

# json_field FILE KEY: the top-level string or number value of KEY in a summary.json.
json_field() {
  sed -n "s/^  \"$2\": \"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}$/\1/p" "$1" | head -n 1
}

# run_ranks RANKS OUTDIR ARGS...: one grayscott run under mpiexec; its log goes to OUTDIR.log.
run_ranks() {
  local ranks=$1 out=$2
  shift 2
  "$MPIEXEC" -n "$ranks" "$GRAYSCOTT" "$@" "output.dir=$out" >"$out.log" 2>&1
}
