#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Every summary.json the program writes validates against the published schema
# (docs/summary.schema.json): a finished run with every file output, a failed
# run (NaN), a run stopped by SIGUSR1 and, in a build with Catalyst, an in-situ
# run; the schema refuses summaries with a wrong type, a missing or an unknown
# key (validate.py), so this test can fail.
# usage: check.sh GRAYSCOTT OUTDIR INPUT SCHEMA
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3 SCHEMA=$4
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
source "$here/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
"$PY" -c 'import jsonschema' 2>/dev/null ||
  fail "$PY has no jsonschema (apt-get install python3-jsonschema)"
summaries=()

run_ranks 2 "$OUT/finished" "$INPUT" time.steps=20 output.every=10 output.fields_every=10 checkpoint.every=10 ||
  fail "finished run: $(tail -n 3 "$OUT/finished.log")"
summaries+=("ok=$OUT/finished/summary.json")

rc=0
run_ranks 2 "$OUT/failed" "$INPUT" time.dt=40.0 time.allow_unstable=true time.steps=2000 output.log_every=1 output.every=0 || rc=$?
[[ $rc == 1 ]] || fail "failed run: exit $rc, expected 1: $(tail -n 3 "$OUT/failed.log")"
summaries+=("failed=$OUT/failed/summary.json")

"$MPIEXEC" -n 2 "$GRAYSCOTT" "$INPUT" time.steps=100000000 output.every=0 output.log_every=100 "output.dir=$OUT/stopped" \
  >"$OUT/stopped.log" 2>&1 &
job=$!
for _ in $(seq 1 600); do
  grep -q "^step [1-9][0-9]*/" "$OUT/stopped.log" && break
  sleep 0.1
done
grep -q "^step [1-9]" "$OUT/stopped.log" || { kill -9 $job; fail "the run to stop never started stepping"; }
kill -USR1 $job
rc=0
wait $job || rc=$?
[[ $rc == 0 ]] || fail "stopped run: exit $rc after SIGUSR1: $(tail -n 3 "$OUT/stopped.log")"
summaries+=("stopped=$OUT/stopped/summary.json")

rc=0
run_ranks 2 "$OUT/insitu" "$INPUT" time.steps=20 output.every=0 insitu.every=10 "insitu.script=$here/quiet_script.py" \
  </dev/null || rc=$?
if [[ $rc == 0 ]]; then
  summaries+=("ok=$OUT/insitu/summary.json")
elif [[ $rc == 2 ]] && grep -q "no ParaView Catalyst" "$OUT/insitu.log"; then
  echo "in-situ run skipped: this build has no ParaView Catalyst"
else
  fail "in-situ run: exit $rc: $(tail -n 3 "$OUT/insitu.log")"
fi

"$GRAYSCOTT" --help >"$OUT/help.txt"
"$PY" "$here/validate.py" "$SCHEMA" "$OUT/help.txt" "$root" "$INPUT" "${summaries[@]}"

# Provenance: each summary names the build that wrote it (version, source
# commit, modified or not), the same build `grayscott --version` describes.
version=$("$GRAYSCOTT" --version)
[[ $version =~ ^grayscott\ [0-9]+\.[0-9]+\.[0-9]+\ \(commit\ ([0-9a-f]{40}|[0-9a-f]{64}|unknown) ]] ||
  fail "--version does not name the version and the source commit: '$version'"
for entry in "${summaries[@]}"; do
  f=${entry#*=}
  build=$("$PY" -c 'import json, sys; b = json.load(open(sys.argv[1]))["build"]
print(b["version"], b["commit"], {True: "modified", False: "clean", None: "unknown"}[b["modified"]])' "$f") ||
    fail "$f: no build entry (version, commit, modified)"
  read -r ver commit modified <<<"$build"
  [[ $version == "grayscott $ver (commit $commit"[,:\)]* ]] || fail "$f: build $build, but --version says '$version'"
  case $modified in
    modified) [[ $version == *", modified"* ]] ;;
    clean) [[ $version == *"(commit $commit)" ]] ;;
    unknown) [[ $version != *", modified:"* ]] ;;
  esac || fail "$f: build says $modified, --version says '$version'"
done
echo "PASS: every summary names the build of --version: $version"
echo "PASS: ${#summaries[@]} summaries valid; invalid ones refused"
