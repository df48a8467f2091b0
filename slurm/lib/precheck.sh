# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The program's own checks before anything is written or queued (sourced by
# slurm/lib/args.sh): submit.sh and the study commands refuse a missing GS_BIN
# or an input the program would refuse (a misspelled key, a value out of range,
# a parallel.layout that does not fit the job's ranks) at submit time, with one
# line and exit 2, instead of queueing jobs that each fail in the same way.
args_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$args_root/slurm/lib/locate.sh"

# args_bin: prints GS_BIN (default: the build tree's program, or the installed
# one in an installed tree: slurm/lib/locate.sh) after checking
# that it is an executable file (the jobs run the same path).
args_bin() {
  local bin=${GS_BIN:-$(gs_default_bin "$args_root")}
  [[ -f $bin && -x $bin ]] ||
    args_refuse GS_BIN "$bin" "an executable file, the grayscott program (build it: cmake --build build; or set GS_BIN)"
  echo "$bin"
}

# args_precheck RANKS INPUT [key=value ...] [-- EXCLUDE_PATTERN ...]: runs
# "$GS_BIN" --check INPUT key=value... (validate only: writes nothing, runs no
# step) and checks parallel.layout against RANKS ranks. Prints the effective
# configuration as sorted "section.key = value" lines, without the keys that
# match an EXCLUDE_PATTERN (the study plans leave out keys that do not change
# results). A refusal: one line naming the program's complaint, exit 2.
# --check runs here as one process, so the parts of its checks that depend on
# the rank count are redone for RANKS: a parallel.layout that fits RANKS but not
# one process is checked again with the layout left to the program, and its
# product is compared with RANKS here. Not checked before the job: the layout
# MPI picks for 0 entries and the size and memory per rank that follow from it
# (that needs RANKS processes: mpiexec -n RANKS grayscott --check ...); a grid
# too big for one process here is passed on (with a note) for the job to check.
args_precheck() {
  local ranks=$1 bin out rc line layout="" excludes=() cmd=()
  shift
  while (($#)) && [[ $1 != -- ]]; do cmd+=("$1"); shift; done
  if (($#)); then
    shift
    for line in "$@"; do excludes+=(--exclude "$line"); done
  fi
  bin=$(args_bin) || exit 2
  args_check_once "$bin" "${cmd[@]}"
  # The layout the job asks for does not fit one process: check the rest with the program's own layout.
  if ((rc == 2 && ranks > 1)) && [[ $line =~ key\ \'parallel\.layout\':\ (\[[0-9,\ ]*\])\ does\ not\ fit\ the\ 1\ rank ]]; then
    layout=${BASH_REMATCH[1]}
    args_check_once "$bin" "${cmd[@]}" "parallel.layout=[0]"
  fi
  if ((rc == 2 && ranks > 1)) && [[ $line == *"per rank on 1 rank"* ]]; then
    # The whole grid on one process does not fit here; on RANKS ranks it may. The plan then holds the command line.
    echo "$args_prog: note: $(args_path "$bin") --check cannot hold this grid in one process here; the job checks its memory on $ranks ranks" >&2
    echo "command = $(sha256sum <"${cmd[0]}" | cut -c1-64) ${cmd[*]:1}"
    return 0
  fi
  ((rc != 2)) || args_fail "the program refused the input ($(args_path "$bin") --check): ${line:-no message}"
  ((rc == 0)) || args_fail "$(args_path "$bin") --check failed (exit $rc: not the grayscott program, or it cannot start here; load the site's modules): ${line:-no message}"
  local err
  err=$(mktemp) || args_fail "cannot create a temporary file for --check"
  out=$(/usr/bin/python3 "$args_root/slurm/lib/config_plan.py" flatten "$ranks" ${layout:+--layout "$layout"} "${excludes[@]}" \
    <<<"$out" 2>"$err") || { line=$(tail -n 1 "$err"); rm -f "$err"; args_fail "${line:-the output of --check could not be read}"; }
  rm -f "$err"
  echo "$out"
}

# args_check_once BIN INPUT [key=value ...]: one "BIN --check"; sets out (its
# stdout), rc and line (its error message: the last "error" line, as MPI may
# print more around it).
args_check_once() {
  local bin=$1 err
  shift
  err=$(mktemp) || args_fail "cannot create a temporary file for --check"
  rc=0
  out=$("$bin" --check "$@" 2>"$err") || rc=$?
  line=$(grep -a 'error' "$err" | tail -n 1) || true
  [[ -n $line ]] || line=$(grep -a -v '^[[:space:]]*$' "$err" | tail -n 1) || true
  rm -f "$err"
  line=${line//[[:cntrl:]]/ }
}
