#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The study commands' checks that need the program but no Slurm (stub sbatch
# first on PATH, recording every call):
#   1. a study folder that holds another plan is refused (convergence.sh,
#      scaling.sh), naming the key and both values, with the folder untouched;
#      the same plan re-runs; a submitted study names its jobs in jobs.txt;
#   3. MPIEXEC with options ("mpiexec --oversubscribe") works in --local
#      studies, and a failed --local study writes result.txt saying which run
#      failed (and that the runs after it never started);
#   4. submit.sh, sweep.sh, convergence.sh and scaling.sh refuse, before anything
#      is written or queued, a key the program does not know, a GS_BIN that is
#      not an executable, and a parallel.layout that does not fit the job.
# usage: studies.sh GRAYSCOTT_BINARY OUTDIR
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
[[ $# -eq 2 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR"
bin=$(realpath "$1")
out=$2
root=$(cd "$(dirname "$0")/../../.." && pwd)
[[ -x $bin ]] || fail "$bin is not an executable"
rm -rf "$out"
mkdir -p "$out/stub" "$out/work"
out=$(realpath "$out")
cat >"$out/stub/sbatch" <<'EOF'
#!/bin/bash
# Stub sbatch: records the call, prints a job id.
n=$(($(cat "$GS_STUB_DIR/count" 2>/dev/null || echo 1000) + 1))
echo "$n" >"$GS_STUB_DIR/count"
{ printf 'sbatch'; printf ' %q' "$@"; echo; } >>"$GS_STUB_DIR/calls"
echo "$n"
EOF
chmod +x "$out/stub/sbatch"
export PATH=$out/stub:$PATH GS_STUB_DIR=$out/stub GS_BIN=$bin
unset GS_SWEEP_FILE
pattern=$root/tests/regression/digest_ranks/pattern-2d.toml
conv=$root/slurm/inputs/convergence-2d.toml
work=$out/work
cd "$work"

# A snapshot of a folder: every path with its size and checksum.
snapshot() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 -r md5sum; find . | sort); }
calls() { cat "$out/stub/calls" 2>/dev/null || true; }

# refused WHAT EXPECT_REGEX COMMAND...: exit 2, one stderr line matching the regex,
# no sbatch call, nothing new in the work folder.
refused() {
  local what=$1 expect=$2 rc=0 before
  shift 2
  rm -f "$out/stub/calls"
  before=$(snapshot "$work")
  "$@" >"$out/last.out" 2>"$out/last.err" || rc=$?
  [[ $rc == 2 ]] || fail "$what: exit $rc, not 2: $(cat "$out/last.err")"
  [[ $(wc -l <"$out/last.err") == 1 ]] || fail "$what: not one line on stderr: $(cat "$out/last.err")"
  grep -Eq -- "$expect" "$out/last.err" || fail "$what: the refusal does not match '$expect': $(cat "$out/last.err")"
  [[ -z $(calls) ]] || fail "$what: refused after queueing: $(calls)"
  [[ $(snapshot "$work") == "$before" ]] || fail "$what: refused but the work folder changed"
  echo "ok: $what: $(cat "$out/last.err")"
}

# accepted WHAT COMMAND...: exit 0 and at least one sbatch call.
accepted() {
  local what=$1 rc=0
  shift
  rm -f "$out/stub/calls"
  "$@" >"$out/last.out" 2>"$out/last.err" || rc=$?
  [[ $rc == 0 ]] || fail "$what: exit $rc: $(cat "$out/last.err")"
  [[ -n $(calls) ]] || fail "$what: nothing queued"
  echo "ok: $what (queued $(calls | wc -l) jobs)"
}

small=(grid.n=16 grid.L=16 time.steps=4 output.every=0)

# ---- 4. the program's checks before anything is queued ----
accepted "submit.sh with valid input" "$root/slurm/submit.sh" --site localhost "$pattern" "${small[@]}" output.dir="$work/s0"
rm -rf "$work/s0"
for script in submit sweep convergence scaling; do
  args=(--site localhost)
  case $script in
    sweep) args+=(--F 0.03:0.04:2 --k 0.06:0.06:1 --out "$work/sweep") ;;
    convergence) args+=(--n0 8 --levels 3 --steps0 2 --out "$work/conv") ;;
    scaling) args+=(--kind strong --ranks 1,2 --per-node 2 --out "$work/scal") ;;
  esac
  input=$pattern
  [[ $script == convergence ]] && input=$conv
  refused "$script.sh with grid.nn=32" "^$script\.sh: .*grid\.nn" \
    "$root/slurm/$script.sh" "${args[@]}" "$input" grid.nn=32 output.dir="$work/s1"
  refused "$script.sh with GS_BIN=/nonexistent/grayscott" "^$script\.sh: GS_BIN '/nonexistent/grayscott': allowed: an executable" \
    env GS_BIN=/nonexistent/grayscott "$root/slurm/$script.sh" "${args[@]}" "$input" output.dir="$work/s1"
  refused "$script.sh with GS_BIN a folder" "^$script\.sh: GS_BIN '/tmp': allowed: an executable" \
    env GS_BIN=/tmp "$root/slurm/$script.sh" "${args[@]}" "$input" output.dir="$work/s1"
done
refused "sweep.sh whose last (F, k) makes time.dt unstable" "^sweep\.sh: .*time\.dt.*stability limit" \
  "$root/slurm/sweep.sh" --site localhost --F 0.03:4:2 --k 0.06:0.06:1 --out "$work/sweep" "$pattern" "${small[@]}"
refused "submit.sh with parallel.layout=[2, 2] on 2 ranks" "^submit\.sh: .*parallel\.layout.*2 ranks" \
  "$root/slurm/submit.sh" --site localhost --ranks-per-node 2 "$pattern" "${small[@]}" 'parallel.layout=[2, 2]' output.dir="$work/s1"
accepted "submit.sh with parallel.layout=[2, 0] on 4 ranks" \
  "$root/slurm/submit.sh" --site localhost --ranks-per-node 4 "$pattern" "${small[@]}" 'parallel.layout=[2, 0]' output.dir="$work/s2"
rm -rf "$work/s2"

# ---- 1. a folder that holds another plan ----
# A finished --local convergence study, then the same study with another init.amplitude into it.
GS_BIN=$bin "$root/slurm/convergence.sh" --local --n0 8 --levels 3 --steps0 2 --out "$work/conv" "$conv" init.amplitude=0.5 \
  >"$out/conv1.log" 2>&1 || fail "the first convergence study failed: $(tail -3 "$out/conv1.log")"
[[ -f $work/conv/study-plan.txt ]] || fail "the convergence study wrote no study-plan.txt"
refused "convergence.sh with init.amplitude=0.6 into a study of 0.5" \
  "^convergence\.sh: --out .* another plan .*init\.amplitude = 0\.5 there, 0\.6 now.*(another --out|remove)" \
  "$root/slurm/convergence.sh" --site localhost --n0 8 --levels 3 --steps0 2 --out "$work/conv" "$conv" init.amplitude=0.6
refused "convergence.sh --local with init.amplitude=0.6 into a study of 0.5" "init\.amplitude = 0\.5 there, 0\.6 now" \
  "$root/slurm/convergence.sh" --local --n0 8 --levels 3 --steps0 2 --out "$work/conv" "$conv" init.amplitude=0.6
refused "convergence.sh with another --levels into it" "runs n0008 n0016 n0032 there, n0008 n0016 n0032 n0064 now" \
  "$root/slurm/convergence.sh" --site localhost --n0 8 --levels 4 --steps0 2 --out "$work/conv" "$conv" init.amplitude=0.5
# The same folder as a study made before plans were kept: the runs' summaries are compared.
mv "$work/conv/study-plan.txt" "$out/study-plan.txt.kept"
refused "convergence.sh with init.amplitude=0.6 into a study of 0.5 without a plan file" \
  "^convergence\.sh: --out .* runs of another study: init\.amplitude = 0\.5 in n0008/summary\.json, 0\.6 now.*(another --out|remove)" \
  "$root/slurm/convergence.sh" --site localhost --n0 8 --levels 3 --steps0 2 --out "$work/conv" "$conv" init.amplitude=0.6
mv "$out/study-plan.txt.kept" "$work/conv/study-plan.txt"
accepted "convergence.sh with the same plan into it" \
  "$root/slurm/convergence.sh" --site localhost --n0 8 --levels 3 --steps0 2 --out "$work/conv" "$conv" init.amplitude=0.5 \
  output.log_every=1
accepted "scaling.sh into a new folder" \
  "$root/slurm/scaling.sh" --kind strong --ranks 1,2 --per-node 2 --site localhost --out "$work/scal" "$pattern" "${small[@]}"
# The study's jobs, as submitted (stub ids, one a call), in jobs.txt for slurm/cancel.sh and the collect step.
n=$(cat "$out/stub/count")
printf 'study scaling-strong\nmember %s %s\nmember %s %s\ncollect %s collect\n' $((n - 2)) "$work/scal/ranks0001" $((n - 1)) \
  "$work/scal/ranks0002" "$n" >"$out/jobs.want"
grep -v '^#' "$work/scal/jobs.txt" | cmp -s - "$out/jobs.want" ||
  fail "scal/jobs.txt does not name the study's jobs: $(cat "$work/scal/jobs.txt")"
refused "scaling.sh with another init.amplitude into it" "init\.amplitude = .* there, 0\.9 now" \
  "$root/slurm/scaling.sh" --kind strong --ranks 1,2 --per-node 2 --site localhost --out "$work/scal" "$pattern" "${small[@]}" \
  init.amplitude=0.9
refused "scaling.sh with another --per-node into it" "launch = .*at most 2 ranks per node there, .*at most 1 ranks per node now" \
  "$root/slurm/scaling.sh" --kind strong --ranks 1,2 --per-node 1 --site localhost --out "$work/scal" "$pattern" "${small[@]}"
accepted "scaling.sh with the same plan into it" \
  "$root/slurm/scaling.sh" --kind strong --ranks 1,2 --per-node 2 --site localhost --out "$work/scal" "$pattern" "${small[@]}"

# ---- 3. MPIEXEC with options, and a failed --local study ----
rc=0
MPIEXEC="$MPIEXEC --oversubscribe" "$root/slurm/convergence.sh" --local --ranks 2 --n0 8 --levels 3 --steps0 2 \
  --out "$work/conv2" "$conv" >"$out/conv2.log" 2>&1 || rc=$?
[[ $rc == 0 ]] || fail "convergence.sh --local --ranks 2 with MPIEXEC='$MPIEXEC --oversubscribe': exit $rc: $(tail -3 "$out/conv2.log")"
[[ $(json_field "$work/conv2/n0032/summary.json" ranks) == 2 ]] || fail "the convergence runs did not use 2 ranks"
# Three levels give one order: result.txt carries the warning that says so (result: warning, exit 0).
grep -Eq '^result: (ok|warning)$' "$work/conv2/result.txt" || fail "conv2/result.txt says neither ok nor warning"
echo "ok: convergence.sh --local --ranks 2 with MPIEXEC='$MPIEXEC --oversubscribe'"
rc=0
MPIEXEC="$MPIEXEC --oversubscribe" "$root/slurm/scaling.sh" --local --kind strong --ranks 1,2 --out "$work/scal2" \
  "$pattern" "${small[@]}" >"$out/scal2.log" 2>&1 || rc=$?
[[ $rc == 0 ]] || fail "scaling.sh --local with MPIEXEC='$MPIEXEC --oversubscribe': exit $rc: $(tail -3 "$out/scal2.log")"
grep -q '^result: ok' "$work/scal2/result.txt" || fail "scal2/result.txt does not say ok"
echo "ok: scaling.sh --local with MPIEXEC='$MPIEXEC --oversubscribe'"
# A level that fails at run time (its folder holds another run's checkpoints): result.txt names it.
"$bin" "$conv" grid.n=8 time.steps=2 checkpoint.every=1 output.every=0 output.dir="$work/other" >"$out/other.log" 2>&1 ||
  fail "the run that makes the blocking checkpoints failed: $out/other.log"
mkdir -p "$work/conv3/n0016"
cp -r "$work/other/checkpoints" "$work/conv3/n0016/"
rc=0
"$root/slurm/convergence.sh" --local --n0 8 --levels 3 --steps0 2 --out "$work/conv3" "$conv" >"$out/conv3.log" 2>&1 || rc=$?
[[ $rc == 1 ]] || fail "a --local study with a failing level: exit $rc, not 1"
[[ -f $work/conv3/result.txt ]] || fail "a failed --local study wrote no result.txt: $(tail -3 "$out/conv3.log")"
cat "$work/conv3/result.txt"
grep -q '^result: failed' "$work/conv3/result.txt" || fail "conv3/result.txt does not say failed"
grep -Eq '^reason: the n = 16 .*run failed \(exit [1-9][0-9]*\): .*checkpoint.*n0016/run\.log' "$work/conv3/result.txt" ||
  fail "conv3/result.txt does not say which run failed, its exit status, its message and its log"
grep -q 'n0008: ok' "$work/conv3/result.txt" && grep -q 'n0032: never started (no summary.json and no log' "$work/conv3/result.txt" ||
  fail "conv3/result.txt does not list the levels"
# 5. GS_SITE in the environment (what a module or the admin sets) is the default site; --site still wins.
site_of() { grep -oE 'GS_SITE=[^ ]*' <<<"$1" | head -n 1; }
p=$(GS_SITE=localhost GS_BIN=$bin "$root/slurm/submit.sh" --dry-run "$root/inputs/default.toml" "output.dir=$work/site")
[[ $(site_of "$p") == "GS_SITE=$root/slurm/site/localhost.env" ]] || fail "GS_SITE=localhost is not submit.sh's default: $(site_of "$p")"
p=$(GS_SITE=localhost GS_BIN=$bin "$root/slurm/submit.sh" --dry-run --site generic-cpu "$root/inputs/default.toml" "output.dir=$work/site")
[[ $(site_of "$p") == "GS_SITE=$root/slurm/site/generic-cpu.env" ]] || fail "--site does not win over GS_SITE: $(site_of "$p")"
rc=0
GS_SITE=nosuch GS_BIN=$bin "$root/slurm/submit.sh" --dry-run "$root/inputs/default.toml" "output.dir=$work/site" 2>"$work/site.err" >/dev/null || rc=$?
[[ $rc == 2 ]] && grep -q "nosuch" "$work/site.err" || fail "GS_SITE=nosuch: exit $rc, $(cat "$work/site.err")"
echo "PASS: study folders with another plan refused; MPIEXEC with options; failed --local study recorded; bad keys, GS_BIN and layouts refused before queueing; GS_SITE is the default site"
