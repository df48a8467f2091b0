#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Tests of slurm/ on the one-node test cluster (label slurm).
# usage: check.sh TEST BINARY STATEFILE OUTDIR
#   TEST: mpi_job | restart_chain | chain_limit | chain_cancel | chain_early_stop | chain_no_progress
#         | chain_requeue | chain_cancel_early | chain_messages | chain_cancel_signal | chain_time_limit
#         | chain_early_errors | chain_busy_folder | restart_checks | cleanup
#         | sweep | sweep_patterns | scaling | convergence_failed | collect_cancel | sweep_cancel | study_cancel
#         | pearson | dependency_check
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$here/lib.sh"
[[ $# -eq 4 ]] || fail "usage: $0 TEST BINARY STATEFILE OUTDIR"
test=$1
BIN=$(realpath "$2")
use_cluster "$3"
out=$(realpath -m "$4")
# A run of this test that ctest killed may have left jobs: they go before its folder does.
cleanup_jobs 60 || fail "jobs of an earlier run of this test are still queued"
trap on_exit EXIT
watchdog "${GS_SLURM_TEST_TIMEOUT:-0}"
rm -rf "$out"
mkdir -p "$out"
cd "$out"
export GS_BIN=$BIN
pattern=$root/tests/regression/digest_ranks/pattern-2d.toml
small=(grid.n=48 grid.L=48 time.steps=300 output.every=100)
submit() { "$root/slurm/submit.sh" --site localhost --time 00:05:00 "$@"; }  # a later --site wins
# sweep_jobs SWEEP_OUTPUT: sets array and montage to the job ids sweep.sh printed; fails without them.
sweep_jobs() {
  array=$(sed -n 's/.*job array \([0-9]*\);.*/\1/p' <<<"$1")
  montage=$(sed -n 's/.*montage job \([0-9]*\) .*/\1/p' <<<"$1")
  [[ -n $array && -n $montage ]] || fail "sweep.sh printed no job ids: $1"
}

case $test in
  chain_cancel | chain_early_stop | chain_no_progress | chain_requeue | chain_cancel_early | chain_messages \
    | chain_cancel_signal | chain_time_limit | chain_early_errors | chain_busy_folder | restart_checks)
    source "$here/chain_tests.sh"
    "test_$test" ;;

  cleanup)
    # A test that fails cleans up after itself (issue 42: one failure had become four): its jobs,
    # a running chain link and a held one, are cancelled and waited out, and its background
    # process ended, before it exits 1.
    rc=0
    GS_SLURM_TEST_TIMEOUT=0 bash "$here/check.sh" _fails_with_jobs "$BIN" "$3" "$out/inner" >"$out/inner.log" 2>&1 || rc=$?
    cat "$out/inner.log"
    [[ $rc == 1 ]] || fail "the failing test exited $rc, not 1"
    grep -q '^FAIL: failing on purpose' "$out/inner.log" || fail "the failing test did not fail where it should"
    ids=$(sed -n 's/^inner jobs: //p' "$out/inner.log")
    [[ -n $ids ]] || fail "the failing test named no jobs"
    for id in $ids; do
      [[ $(job_state "$id") == CANCELLED ]] || fail "job $id of the failed test is $(job_state "$id"), not CANCELLED"
    done
    [[ -z $(my_jobs) ]] || fail "the failed test left jobs: $(my_jobs)"
    pid=$(cat "$out/inner/bg.pid")
    [[ ! -d /proc/$pid ]] || fail "the failed test left its background process $pid"
    grep -q 'cleanup: cancelled and waited out this test.s jobs' "$out/inner.log" || fail "the failed test did not say what it cleaned up"
    echo "PASS: a failing test cancelled and waited out its jobs $ids and ended its background process" ;;

  _fails_with_jobs)
    # (Run by the test cleanup only.)
    long=(grid.n=128 grid.L=128 time.steps=90000 output.every=0 output.log_every=1000 checkpoint.every=0)
    id1=$(submit --chain "$pattern" "${long[@]}" output.dir="$out/running")
    id2=$(submit --chain --sbatch --hold "$pattern" "${small[@]}" output.dir="$out/held")
    wait_for "grep -q '^step ' '$out/running/slurm-$id1.out' 2>/dev/null" 120 || fail "job $id1 did not start stepping"
    sleep 1000 </dev/null >/dev/null 2>&1 &
    echo $! >"$out/bg.pid"
    echo "inner jobs: $id1 $id2"
    fail "failing on purpose, with job $id1 running, job $id2 held and a background process" ;;

  mpi_job)
    # A 2-rank job through srun --mpi=pmix gives the 1-rank digest.
    id=$(submit --ranks-per-node 2 "$pattern" "${small[@]}" output.dir="$out/run")
    log "submitted job $id"
    state=$(wait_job "$id" 120)
    [[ $state == COMPLETED ]] || { cat "$out"/run/slurm-*.out >&2; fail "job $id ended $state"; }
    grep -q 'srun --mpi=pmix' "$out"/run/slurm-"$id".out || fail "the job did not launch with srun --mpi=pmix"
    [[ $(field run/summary.json ranks) == 2 ]] || fail "summary.json says $(field run/summary.json ranks) ranks, not 2"
    [[ $(field run/summary.json status) == ok ]] || fail "status $(field run/summary.json status)"
    ref=$(local_digest "$out/ref" "$pattern" "${small[@]}")
    got=$(digest_of run/summary.json)
    [[ $got == "$ref" ]] || fail "digest $got on 2 ranks under Slurm, $ref on 1 rank"
    # Bad input is refused at submission (the program's --check): one line, nothing queued.
    rc=0
    submit --chain "$pattern" "${small[@]}" grid.stencil=4 output.dir="$out/refused" 2>"$out/refused.err" || rc=$?
    [[ $rc == 2 && $(wc -l <"$out/refused.err") == 1 ]] && grep -q 'grid.stencil' "$out/refused.err" ||
      fail "submit.sh with grid.stencil=4: exit $rc, $(cat "$out/refused.err")"
    [[ -z $(my_jobs) && ! -e $out/refused ]] || fail "a refused submission queued a job or made its folder"
    # In-situ input that needs no ParaView to judge (the program's --check): a camera that sees
    # a 2D run's plane edge-on; a 3D-only script on a 2D run (refused by its "# grid.dims: 3"
    # line in a build with Catalyst, for want of Catalyst in one without); a script that does not exist.
    for bad in insitu.camera=+x "insitu.script=$root/inputs/catalyst/isosurface.py" insitu.script=no-such-script.py; do
      rc=0
      submit --chain "$pattern" "${small[@]}" "$bad" output.dir="$out/refused" 2>"$out/refused.err" || rc=$?
      cat "$out/refused.err"
      [[ $rc == 2 && $(wc -l <"$out/refused.err") == 1 ]] && grep -q "key '${bad%%=*}'" "$out/refused.err" ||
        fail "submit.sh with $bad on a 2D run: exit $rc, $(cat "$out/refused.err")"
      [[ -z $(my_jobs) && ! -e $out/refused ]] || fail "the refused $bad queued a job or made its folder"
    done
    # Input that only the run can refuse (its folder holds another run's checkpoints): the job
    # fails, says why, and the chain does not go on.
    "$BIN" "$pattern" "${small[@]}" time.steps=2 checkpoint.every=1 output.dir="$out/bad" >"$out/bad.log" 2>&1 ||
      fail "the run that makes the blocking checkpoints failed: $out/bad.log"
    id=$(submit --chain "$pattern" "${small[@]}" output.dir="$out/bad")
    state=$(wait_job "$id" 60)
    [[ $state == FAILED ]] || fail "a job into another run's checkpoints ended $state, not FAILED"
    grep -q 'checkpoint' "$out"/bad/slurm-"$id".out || fail "the failed job's output does not say why"
    grep -q 'chain stopped' "$out"/bad/slurm-"$id".out || fail "the failed job did not say that the chain stopped"
    [[ -z $(my_jobs) ]] || fail "jobs still queued after a failed chain: $(my_jobs)"
    # The GPU script: one rank per (would-be) GPU, each bound to its node-local GPU id.
    sed -e 's/^GS_GPU_BIND=.*/GS_GPU_BIND=localid/' "$root/slurm/site/localhost.env" >"$out/gpu-site.env"
    echo "export GS_GPU_BIND_VERBOSE=1" >>"$out/gpu-site.env"
    id=$(submit --gpu --site "$out/gpu-site.env" --ranks-per-node 2 --threads 1 "$pattern" "${small[@]}" output.dir="$out/gpu")
    state=$(wait_job "$id" 120)
    [[ $state == COMPLETED ]] || { cat "$out"/gpu/slurm-*.out >&2; fail "GPU job $id ended $state"; }
    for r in 0 1; do
      grep -q "local rank $r -> GPU $r" "$out/gpu/slurm-$id.out" || fail "rank $r was not bound to GPU $r"
    done
    grep -q 'parallel.gpu_aware_mpi=false' "$out/gpu/slurm-$id.out" || fail "the GPU job did not pass parallel.gpu_aware_mpi"
    gpu=$(digest_of gpu/summary.json)
    [[ $gpu == "$ref" ]] || fail "GPU-script digest $gpu, expected $ref"
    echo "PASS: 2-rank Slurm job digest $got equals the 1-rank run (CPU and GPU scripts); bad input refused at submission; a failing run stops the chain" ;;

  restart_chain)
    # Signalled twice (as at a time limit), the job checkpoints, resubmits itself
    # with restart=latest, and the chain's final digest equals an uninterrupted run's.
    # Long enough (seconds even on an idle machine) that each signal lands mid-run.
    long=(grid.n=128 grid.L=128 time.steps=90000 output.every=0 output.log_every=1000 checkpoint.every=0)
    id=$(submit --chain --ranks-per-node 2 "$pattern" "${long[@]}" output.dir="$out/chain")
    log "submitted chain head $id"
    ids=("$id")
    for round in 1 2; do
      # Wait until the run is stepping, then deliver the time-limit signal to the batch shell only.
      wait_for "grep -q 'step ' '$out/chain/slurm-$id.out' 2>/dev/null || [[ -z \$(squeue -h -j $id) ]]" 120
      grep -q 'step ' "$out/chain/slurm-$id.out" 2>/dev/null || { cat "$out/chain/slurm-$id.out" >&2; fail "job $id did not start stepping"; }
      scancel --batch --signal=USR1 "$id"
      log "sent USR1 to the batch shell of job $id"
      wait_job "$id" 60 >/dev/null
      grep -q 'resubmitted as' "$out/chain/slurm-$id.out" || { cat "$out/chain/slurm-$id.out" >&2; fail "job $id did not resubmit itself"; }
      # A stopped, unfinished link is not COMPLETED 0:0: exit 3, and its name carries the link index.
      expect_job "$id" FAILED 3:0 "grayscott-link$((round - 1))"
      id=$(sed -n 's/.*resubmitted as job \([0-9]*\).*/\1/p' "$out/chain/slurm-$id.out" | head -1)
      ids+=("$id")
      log "link $round: job $id"
    done
    state=$(wait_job "$id" 120)
    [[ $state == COMPLETED ]] || { cat "$out/chain/slurm-$id.out" >&2; fail "last link $id ended $state"; }
    expect_job "$id" COMPLETED 0:0 grayscott-link2
    cat "$out/chain/chain.log"
    [[ $(grep -c 'status stopped' "$out/chain/chain.log") == 2 ]] || fail "chain.log does not show two stopped links"
    grep -q 'status ok, step 90000' "$out/chain/chain.log" || fail "chain.log does not end with a complete run"
    grep -q 'restart=latest' "$out/chain/slurm-$id.out" || fail "the last link did not start from restart=latest"
    [[ $(field chain/summary.json status) == ok && $(field chain/summary.json steps) == 90000 ]] || fail "final summary not complete"
    ref=$(local_digest "$out/ref" "$pattern" "${long[@]}")
    got=$(digest_of chain/summary.json)
    [[ $got == "$ref" ]] || fail "chain digest $got, uninterrupted $ref"
    echo "PASS: jobs ${ids[*]} (2 signals, 3 links) end with digest $got, as the uninterrupted run" ;;

  chain_limit)
    # A chain that keeps stopping (wall-time budget far below the run) ends at --max-chain links, with a message.
    id=$(submit --chain --max-chain 3 "$pattern" grid.n=64 grid.L=64 time.steps=100000 output.every=0 \
      checkpoint.walltime=0.5 output.dir="$out/limit")
    t0=$SECONDS
    wait_for "grep -q 'chain limit\|error' '$out/limit/chain.log' 2>/dev/null" 120 || fail "the chain did not stop by itself"
    wait_for '[[ -z $(my_jobs) ]]' 30 || fail "jobs left after the chain limit: $(my_jobs)"
    cat "$out/limit/chain.log"
    [[ $(grep -c 'status stopped' "$out/limit/chain.log") == 3 ]] || fail "expected 3 stopped links before the limit"
    # The option the user gave, not an internal name, and how to go on.
    line=$(tail -n 1 "$out/limit/chain.log")
    [[ $line =~ ^job\ [0-9]+\ link\ 2:\ error:\ chain\ limit\ reached:\ 3\ links\ \(slurm/submit.sh\ --max-chain\ 3\),\ stopped\ at\ step\ [0-9]+\ with\ a\ checkpoint\;\ chain\ stopped\ \(continue\ with\ restart=latest\)$ ]] ||
      fail "the chain-limit line does not name --max-chain 3 and how to continue: $line"
    [[ $(job_state "$(sed -n 's/^job \([0-9]*\) link 2: started.*/\1/p' "$out/limit/chain.log")") == FAILED ]] || fail "the last link did not end FAILED (exit 1)"
    echo "PASS: the chain stopped after 3 links in $((SECONDS - t0)) s and said why" ;;

  sweep)
    # A 2 x 2 (F, k) job array and its montage job, which waits for the array.
    res=$("$root/slurm/sweep.sh" --site localhost --F 0.03:0.04:2 --k 0.06:0.062:2 --time 00:05:00 --out "$out/sweep" \
      "$pattern" grid.n=48 grid.L=48 time.steps=600 output.every=300)
    echo "$res"
    sweep_jobs "$res"
    state=$(wait_job "$montage" 180)
    [[ $state == COMPLETED ]] || { cat "$out"/sweep/montage-*.out >&2; fail "montage job ended $state"; }
    n=0
    for s in "$out"/sweep/F*_k*/summary.json; do
      [[ $(field "$s" status) == ok ]] || fail "$s: status $(field "$s" status)"
      n=$((n + 1))
    done
    [[ $n == 4 ]] || fail "expected 4 sweep runs, found $n"
    [[ -d $out/sweep/F0.03_k0.062 && -d $out/sweep/F0.04_k0.06 ]] || fail "run folders not named by F and k"
    grep -q '2 F x 2 k, 0 missing' "$out"/sweep/montage-*.out || fail "montage did not place all four images"
    "$PY" -c 'import matplotlib.image as m, sys; a = m.imread(sys.argv[1]); assert a.shape[0] > 200 and a.shape[1] > 200, a.shape' \
      "$out/sweep/montage.png" || fail "montage.png is not a readable image"
    # The montage started only after the whole array had ended.
    end_array=$(scontrol show job "$array" -o | sed -n 's/.*EndTime=\([^ ]*\).*/\1/p' | sort | tail -1)
    start_montage=$(scontrol show job "$montage" -o | sed -n 's/.*StartTime=\([^ ]*\).*/\1/p')
    [[ ! $start_montage < $end_array ]] || fail "montage started at $start_montage, before the array ended at $end_array"
    # One log per member, in the member's folder, named ARRAYID_TASK: found from (F, k).
    for t in 0 1 2 3; do
      line=$(sed -n "$((t + 1))p" "$out/sweep/sweep.txt")
      member=${line##*output.dir=}
      grep -q '\] launch: ' "$member/slurm-${array}_$t.out" || fail "no log $member/slurm-${array}_$t.out"
      ! grep -q 'of the chain' "$member/slurm-${array}_$t.out" || fail "sweep member $t's log speaks of a chain"
      # chain.log names the task as Slurm does (ARRAYID_TASK), without links.
      grep -qE "^job ${array}_$t: exit 0, status ok, step 600$" "$member/chain.log" ||
        fail "$member/chain.log does not name job ${array}_$t: $(cat "$member/chain.log")"
    done
    grep -q '^result: ok' "$out/sweep/result.txt" || fail "result.txt does not say ok: $(cat "$out/sweep/result.txt")"
    # A second sweep into the same folder is refused before anything is submitted.
    rc=0
    "$root/slurm/sweep.sh" --site localhost --F 0.05:0.06:2 --k 0.06:0.062:2 --out "$out/sweep" "$pattern" 2>"$out/rerun.err" || rc=$?
    [[ $rc == 2 && $(wc -l <"$out/rerun.err") == 1 ]] || fail "a re-run into the sweep folder: exit $rc, $(cat "$out/rerun.err")"
    grep -q 'sweep.txt' "$out/rerun.err" || fail "the refusal does not name sweep.txt: $(cat "$out/rerun.err")"
    [[ -z $(my_jobs) ]] || fail "the refused re-run left jobs: $(my_jobs)"
    echo "PASS: 4-run sweep array $array and montage job $montage; logs per member; a re-run is refused" ;;

  sweep_patterns)
    # A 2 x 2 sweep whose montage job also measures the members' patterns (docs/patterns.md):
    # classes.png coloured by class and patterns.csv beside result.txt. One task is
    # cancelled before it starts (--max-parallel 1 runs the tasks one by one): its cell
    # and row stay, labelled as not finished. The chart has linear F and k axes, one marker per member.
    res=$("$root/slurm/sweep.sh" --site localhost --F 0.03:0.039:2 --k 0.058:0.062:2 --max-parallel 1 --time 00:05:00 \
      --out "$out/sweep" "$root/inputs/dots.toml" grid.n=128 grid.L=128 time.steps=6000 output.every=3000)
    echo "$res"
    sweep_jobs "$res"
    scancel "${array}_2"
    state=$(wait_job "$montage" 240)
    [[ $state == COMPLETED ]] || { cat "$out"/sweep/montage-*.out >&2; fail "montage job ended $state"; }
    cat "$out"/sweep/montage-*.out
    [[ $(sed -n 3p "$out/sweep/sweep.txt") == *output.dir=$out/sweep/F0.039_k0.058 ]] || fail "task 2 is not F0.039_k0.058"
    grep -q '^result: ok' "$out/sweep/result.txt" && grep -q '^note: 1 of 4 member runs did not finish' "$out/sweep/result.txt" ||
      fail "result.txt: $(cat "$out/sweep/result.txt")"
    # The task cancelled while pending left no log: result.txt says it never started, and why.
    grep -qx "  $out/sweep/F0.039_k0.058: never started: its job ${array}_2 was cancelled before it ran" "$out/sweep/result.txt" ||
      fail "result.txt does not say that the task cancelled while pending never started: $(cat "$out/sweep/result.txt")"
    ls "$out"/sweep/F0.03_k0.058/fields_*.h5 >/dev/null || fail "the members wrote no field files (output.fields_every)"
    "$PY" - "$out/sweep" <<'PY' || fail "classes.png or patterns.csv is wrong (above)"
import csv, os, sys
import matplotlib.image as mpimg
import numpy as np
sweep = sys.argv[1]
rows = {(r["F"], r["k"]): r for r in csv.DictReader(open(os.path.join(sweep, "patterns.csv")))}
want = {("0.03", "0.058"): "stripes", ("0.03", "0.062"): "spots", ("0.039", "0.062"): "uniform"}
for key, cls in want.items():
    r = rows[key]
    assert r["status"] == "ok" and r["class"] == cls, (key, r)
    assert r["run"] == os.path.join(sweep, "F%s_k%s" % key), r["run"]
for key in (("0.03", "0.058"), ("0.03", "0.062")):
    assert 14 < float(rows[key]["wavelength"]) < 18, rows[key]
assert int(rows[("0.03", "0.062")]["components"]) == int(rows[("0.03", "0.062")]["euler"]) > 10, rows[("0.03", "0.062")]
r = rows[("0.039", "0.058")]
assert r["status"] == "not finished" and "no summary.json" in r["reason"] and not r["class"], r
# The chart: each class's colour fills about a quarter of the plotting area, and the cancelled
# member's cell is white (the colours of gspost/classes.py).
for key in want:  # the shares of the on set add up to 1; the dynamics columns are there (null: no window set)
    r = rows[key]
    if r["class"] != "uniform":
        assert abs(sum(float(r["share_" + kind]) for kind in ("spots", "worms", "stripes")) - 1) < 1e-9, r
    assert "dynamics" in r and "dynamics_reason" in r, r
# The chart: linear k (x) and F (y) axes, one square marker per member coloured by class (the colours of
# gspost/classes.py), all of one size; the cancelled member's marker is white.
img = (mpimg.imread(os.path.join(sweep, "classes.png"))[:, :, :3] * 255).round().astype(int)
colours = {"uniform": (190, 190, 190), "single": (140, 86, 75), "spots": (31, 119, 180), "holes": (255, 127, 14),
           "worms": (148, 103, 189), "stripes": (44, 160, 44), "mixed": (227, 119, 194)}
count = {c: int((np.abs(img - rgb).sum(axis=2) <= 3).sum()) for c, rgb in colours.items()}
print("pixels per class colour:", count)
big = max(count.values())
assert all(count[c] > 0.5 * big for c in want.values()), count
assert all(count[c] < 0.05 * big for c in colours if c not in want.values()), count
# Where each class's marker is (the medians of its pixels; the legend's swatches are few).
def centre(name):
    r, c = np.nonzero(np.abs(img - colours[name]).sum(axis=2) <= 3)
    return int(np.median(r)), int(np.median(c))
(upper, right), (lower, left) = centre("uniform"), centre("stripes")
spots_row, spots_col = centre("spots")
# F up, k right: stripes (0.03, 0.058) lower left, spots (0.03, 0.062) lower right, uniform (0.039, 0.062) upper right.
assert abs(spots_row - lower) <= 3 and abs(spots_col - right) <= 3 and upper < lower and left < right, \
    ("class colours in the wrong places", centre("stripes"), centre("spots"), centre("uniform"))
# The cancelled member (0.039, 0.058): at the uniform marker's height and the stripes marker's column, white.
assert (img[upper, left] >= 250).all(), ("the cancelled member's marker is not white", img[upper, left])
print("patterns.csv and classes.png: stripes, spots, uniform and the cancelled member as expected")
PY
    echo "PASS: sweep $array: classes.png and patterns.csv with three classes and the cancelled member labelled" ;;

  scaling)
    # A strong-scaling series on 1, 2, 4 ranks and its collect job.
    res=$("$root/slurm/scaling.sh" --kind strong --ranks 1,2,4 --site localhost --time 00:05:00 --out "$out/strong" \
      "$pattern" grid.n=96 grid.L=96 time.steps=400 output.every=0)
    echo "$res"
    collect=$(sed -n 's/.*collect job \([0-9]*\) .*/\1/p' <<<"$res")
    [[ -n $collect ]] || fail "scaling.sh printed no collect job id"
    state=$(wait_job "$collect" 180)
    [[ $state == COMPLETED ]] || { cat "$out"/strong/collect-*.out >&2; fail "collect job ended $state"; }
    cat "$out/strong/scaling.md"
    d1=$(digest_of "$out/strong/ranks0001/summary.json")
    d2=$(digest_of "$out/strong/ranks0002/summary.json")
    d4=$(digest_of "$out/strong/ranks0004/summary.json")
    [[ $d1 == "$d2" && $d2 == "$d4" ]] || fail "the three runs of one problem have different digests ($d1, $d2, $d4)"
    "$PY" - "$out/strong/scaling.csv" <<'PY' || fail "scaling.csv is wrong"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [int(r["ranks"]) for r in rows] == [1, 2, 4], [r["ranks"] for r in rows]
assert len({r["cells"] for r in rows}) == 1, "strong scaling must keep the grid"
assert abs(float(rows[0]["speed-up"]) - 1) < 1e-12 and abs(float(rows[0]["efficiency"]) - 1) < 1e-12
for r in rows:
    t, s, p = float(r["loop s"]), float(r["speed-up"]), int(r["ranks"])
    assert t > 0 and abs(s - float(rows[0]["loop s"]) / t) < 1e-3 * s, r
    assert abs(float(r["efficiency"]) - s / p) < 1e-3, r
    # Each rank's phases: one rank is balanced and waits for no one.
    imbalance, spread = float(r["compute imbalance"]), float(r["halo spread ms/step"])
    assert imbalance >= 1 and spread >= 0, r
    assert p > 1 or (imbalance == 1 and spread == 0), r
PY
    [[ -s $out/strong/scaling.png ]] || fail "no scaling.png"
    grep -q '^result: ok' "$out/strong/result.txt" || fail "result.txt does not say ok: $(cat "$out/strong/result.txt")"
    echo "PASS: strong-scaling series collected" ;;
  convergence_failed)
    # Through Slurm, a level that fails (its folder holds another run's
    # checkpoints) still ends the study with a result file: the collect job runs
    # (afterany), fails with the reason and lists every level.
    conv=$root/slurm/inputs/convergence-2d.toml
    "$BIN" "$conv" grid.n=8 time.steps=2 checkpoint.every=1 output.every=0 output.dir="$out/other" >"$out/other.log" 2>&1 ||
      fail "the run that makes the blocking checkpoints failed: $out/other.log"
    mkdir -p "$out/conv/n0032"
    cp -r "$out/other/checkpoints" "$out/conv/n0032/"
    res=$("$root/slurm/convergence.sh" --site localhost --time 00:05:00 --n0 8 --levels 3 --steps0 2 --out "$out/conv" "$conv")
    echo "$res"
    collect=$(sed -n 's/.*collect job \([0-9]*\) .*/\1/p' <<<"$res")
    [[ -n $collect ]] || fail "convergence.sh printed no collect job id"
    state=$(wait_job "$collect" 120)
    cat "$out/conv/result.txt" || fail "the study left no result.txt"
    [[ $state == FAILED ]] || fail "the collect job ended $state, not FAILED"
    grep -q '^result: failed' "$out/conv/result.txt" || fail "result.txt does not say failed"
    grep -q '^reason: .*n0032' "$out/conv/result.txt" || fail "result.txt does not name the failed level"
    grep -q 'n0032: missing' "$out/conv/result.txt" && grep -q 'n0008: ok' "$out/conv/result.txt" ||
      fail "result.txt does not list the levels"
    echo "PASS: a failed level ends the study with result.txt (failed, naming n0032)" ;;

  collect_cancel)
    # A study's montage/collect job cancelled while its command runs still leaves
    # result.txt saying so. The job is submitted exactly as sweep.sh submits its
    # montage job (study_collect_job); its command is a sleep, so that scancel
    # lands while it runs on every machine (a real montage ends in a second or two).
    mkdir -p "$out/study/F0.03_k0.06" "$out/study/F0.04_k0.06"
    "$BIN" "$pattern" grid.n=16 grid.L=16 time.steps=4 output.every=0 output.dir="$out/study/F0.03_k0.06" >"$out/member.log" 2>&1 ||
      fail "the member run failed: $out/member.log"
    out_dir=$out/study
    # shellcheck disable=SC2034  # read by study_collect_job through its name
    out_members=("$out/study/F0.03_k0.06" "$out/study/F0.04_k0.06")
    first=$(sbatch --parsable --wrap true --output=/dev/null)
    line=$(source "$root/slurm/lib/study.sh"
      study_collect_job localhost first "$out_dir" sweep montage out_members -- \
        bash -c 'echo "montage: drawing 2 members" >&2; exec sleep 301.7')
    collect=$(first=$first bash -c "set -euo pipefail; $line; echo \$collect_id") || fail "could not submit the collect job"
    log "collect job $collect"
    wait_for "[[ \$(job_state $collect) == RUNNING ]] && grep -q 'drawing' $out_dir/montage-$collect.out 2>/dev/null" 60 ||
      fail "the collect job $collect did not start its command: state $(job_state "$collect")"
    scancel "$collect"
    state=$(wait_job "$collect" 60)
    [[ -f $out_dir/result.txt ]] || fail "no result.txt after the collect job was cancelled (state $state)"
    cat "$out_dir/result.txt"
    grep -q '^result: cancelled' "$out_dir/result.txt" || fail "result.txt does not say cancelled"
    grep -q '^reason: .*cancelled.*drawing 2 members' "$out_dir/result.txt" || fail "result.txt does not say why nor what the command had done"
    # (The second member's folder holds no log: it never started.)
    grep -q 'F0.03_k0.06: ok' "$out_dir/result.txt" && grep -q 'F0.04_k0.06: never started' "$out_dir/result.txt" ||
      fail "result.txt does not list the members"
    [[ -z $(pgrep -f 'sleep 301[.]7') ]] || fail "the command was left running"
    # A real sweep's montage job cancelled while it waits for the members: it never
    # runs, and result.txt (written at submission) says what that means.
    res=$("$root/slurm/sweep.sh" --site localhost --F 0.03:0.03:1 --k 0.06:0.06:1 --time 00:05:00 --out "$out/sweep" \
      "$pattern" grid.n=64 grid.L=64 time.steps=1000000 output.every=0)
    sweep_jobs "$res"
    scancel "$montage"
    scancel "$array"
    wait_job "$array" 60 >/dev/null
    [[ $(job_state "$montage") == CANCELLED ]] || fail "the montage job ended $(job_state "$montage"), not CANCELLED"
    cat "$out/sweep/result.txt"
    grep -q '^result: pending' "$out/sweep/result.txt" && grep -q 'cancelled (or failed) before it started' "$out/sweep/result.txt" ||
      fail "result.txt of a sweep whose montage job was cancelled while pending does not say so"
    echo "PASS: a cancelled collect job ($state) leaves result.txt saying cancelled; one cancelled while pending leaves result.txt saying pending and what that means" ;;

  sweep_cancel)
    # scancel of a whole sweep array (issue 43): with --max-parallel 2, two members run and two
    # wait. The montage job (afterany) still runs: result.txt says the sweep was cancelled,
    # counts 4 members (not 8), and a member cancelled while pending never started (it has no
    # log to look at).
    res=$("$root/slurm/sweep.sh" --site localhost --F 0.03:0.04:2 --k 0.06:0.062:2 --max-parallel 2 --time 00:05:00 \
      --out "$out/sweep" "$pattern" grid.n=64 grid.L=64 time.steps=1000000 output.every=0)
    echo "$res"
    sweep_jobs "$res"
    mapfile -t dirs < <(sed 's/.*output\.dir=//' "$out/sweep/sweep.txt")
    wait_for "grep -qs '^step ' '${dirs[0]}/slurm-${array}_0.out' && grep -qs '^step ' '${dirs[1]}/slurm-${array}_1.out'" 120 ||
      fail "tasks 0 and 1 of array $array did not start stepping: $(squeue -h -j "$array" 2>&1)"
    [[ $(squeue -h -j "${array}_2" -o %T) == PENDING && $(squeue -h -j "${array}_3" -o %T) == PENDING ]] ||
      fail "tasks 2 and 3 are not pending: $(squeue -h -j "$array" 2>&1)"
    scancel "$array"
    log "cancelled array $array"
    state=$(wait_job "$montage" 120)
    cat "$out/sweep/result.txt"
    [[ $state == COMPLETED || $state == FAILED ]] || fail "the montage job ended $state: it should run after the cancelled array"
    grep -qx 'result: cancelled' "$out/sweep/result.txt" || fail "result.txt does not say cancelled"
    grep -q '^reason: 4 of 4 member runs were cancelled (scancel or slurm/cancel.sh) and none finished; ' "$out/sweep/result.txt" ||
      fail "result.txt's reason does not say that the 4 members were cancelled"
    grep -qx 'members: 0 ok, 4 not finished (4 of them cancelled)' "$out/sweep/result.txt" || fail "result.txt miscounts the members"
    ! grep -Eq '\b8\b' "$out/sweep/result.txt" || fail "result.txt counts 8 of something in a sweep of 4 members"
    for t in 0 1; do
      grep -Eq "^  ${dirs[t]}: cancelled (at step [0-9]+ with a checkpoint|.*\(no summary.json\))" "$out/sweep/result.txt" ||
        fail "task $t, cancelled while it ran, is not listed as cancelled"
    done
    for t in 2 3; do
      grep -qx "  ${dirs[t]}: never started: its job ${array}_$t was cancelled before it ran" "$out/sweep/result.txt" ||
        fail "task $t, cancelled while pending, is not listed as never started"
    done
    ! grep -q 'slurm-\*\.out or run\.log' "$out/sweep/result.txt" || fail "result.txt sends the user to logs that do not exist"
    [[ -z $(my_jobs) ]] || fail "jobs left after the sweep was cancelled: $(my_jobs)"
    echo "PASS: scancel of sweep array $array: result.txt says cancelled, 4 members (2 cancelled running, 2 never started)" ;;

  study_cancel)
    # slurm/cancel.sh on a study's folder (issue 43): a sweep's montage job and whole array are
    # cancelled (the montage job first, so it never starts), the queue holds none of them when
    # it returns, and result.txt says the study was cancelled with each member's state; the
    # same for a convergence study's level jobs and collect job.
    res=$("$root/slurm/sweep.sh" --site localhost --F 0.03:0.04:2 --k 0.06:0.062:2 --max-parallel 2 --time 00:05:00 \
      --out "$out/sweep" "$pattern" grid.n=64 grid.L=64 time.steps=1000000 output.every=0)
    echo "$res"
    sweep_jobs "$res"
    grep -qx "collect $montage montage" "$out/sweep/jobs.txt" && grep -qx "member ${array}_3 $out/sweep/F0.04_k0.062" "$out/sweep/jobs.txt" ||
      fail "jobs.txt does not name the sweep's jobs: $(cat "$out/sweep/jobs.txt")"
    mapfile -t dirs < <(sed 's/.*output\.dir=//' "$out/sweep/sweep.txt")
    wait_for "grep -qs '^step ' '${dirs[0]}/slurm-${array}_0.out'" 120 || fail "task 0 of array $array did not start stepping"
    [[ $("$root/slurm/cancel.sh" --dry-run "$out/sweep") == "scancel $montage $array" ]] ||
      fail "cancel.sh --dry-run: $("$root/slurm/cancel.sh" --dry-run "$out/sweep" 2>&1)"
    rc=0
    "$root/slurm/cancel.sh" "$out/sweep" >"$out/cancel.out" 2>&1 || rc=$?
    cat "$out/cancel.out"
    [[ $rc == 0 ]] || fail "cancel.sh SWEEP_DIR exited $rc"
    grep -q "^cancelled job(s) $montage (montage job, pending), $array (the members' job array, " "$out/cancel.out" ||
      fail "cancel.sh did not say that it cancelled the montage job and the array"
    [[ -z $(my_jobs) ]] || fail "jobs still queued after cancel.sh returned: $(my_jobs)"
    [[ $(job_state "$montage") == CANCELLED ]] || fail "the montage job is $(job_state "$montage"), not CANCELLED"
    for t in 0 1 2 3; do
      [[ $(job_state "${array}_$t") == CANCELLED ]] || fail "task $t is $(job_state "${array}_$t"), not CANCELLED"
    done
    cat "$out/sweep/result.txt"
    grep -qx 'result: cancelled' "$out/sweep/result.txt" && grep -q "^reason: slurm/cancel.sh cancelled this study at .*$montage (montage job" "$out/sweep/result.txt" ||
      fail "result.txt does not say that cancel.sh cancelled the sweep"
    grep -qx 'members: 0 ok, 4 not finished (4 of them cancelled)' "$out/sweep/result.txt" || fail "result.txt miscounts the members"
    grep -Eq "^  ${dirs[0]}: cancelled" "$out/sweep/result.txt" || fail "task 0, cancelled while it ran, is not listed as cancelled"
    for t in 2 3; do
      grep -qx "  ${dirs[t]}: never started: its job ${array}_$t was cancelled before it ran" "$out/sweep/result.txt" ||
        fail "task $t, cancelled while pending, is not listed as never started"
    done
    grep -q "^# slurm/cancel.sh .*: cancelled job(s) $montage " "$out/sweep/jobs.txt" || fail "jobs.txt does not record what cancel.sh did"
    # Again: nothing left to cancel, result.txt untouched.
    cp "$out/sweep/result.txt" "$out/result.kept"
    [[ $("$root/slurm/cancel.sh" "$out/sweep") == "no job of this study (sweep) to cancel"* ]] || fail "a second cancel.sh did not say there was nothing to cancel"
    cmp -s "$out/sweep/result.txt" "$out/result.kept" || fail "a second cancel.sh rewrote result.txt"
    # A folder that holds neither a chain nor a study, and --keep-running on a study: one line each, exit 2.
    mkdir -p "$out/empty"
    for bad in empty keep; do
      rc=0
      if [[ $bad == empty ]]; then "$root/slurm/cancel.sh" "$out/empty"; else "$root/slurm/cancel.sh" --keep-running "$out/sweep"; fi \
        >/dev/null 2>"$out/refused-$bad.err" || rc=$?
      cat "$out/refused-$bad.err"
      [[ $rc == 2 && $(wc -l <"$out/refused-$bad.err") == 1 ]] || fail "cancel.sh ($bad): exit $rc, $(cat "$out/refused-$bad.err")"
    done
    grep -q "allowed: the output.dir of a chain .*chain.log), or the --out folder of a study .*jobs.txt)" "$out/refused-empty.err" ||
      fail "cancel.sh on a folder without chain.log or jobs.txt does not say what is allowed"
    grep -q -- '--keep-running is for a restart chain' "$out/refused-keep.err" || fail "cancel.sh --keep-running on a study does not say why it is refused"
    [[ -z $(my_jobs) ]] || fail "a refused cancel.sh left jobs: $(my_jobs)"
    # A convergence study: its level jobs and its collect job.
    conv=$root/slurm/inputs/convergence-2d.toml
    res=$("$root/slurm/convergence.sh" --site localhost --time 00:05:00 --n0 16 --levels 3 --steps0 1000000 --out "$out/conv" "$conv")
    echo "$res"
    collect=$(sed -n 's/.*collect job \([0-9]*\) .*/\1/p' <<<"$res")
    [[ -n $collect ]] || fail "convergence.sh printed no collect job id"
    wait_for "grep -qs '^step ' '$out/conv/n0016/'slurm-*.out" 120 || fail "the n = 16 level did not start stepping"
    "$root/slurm/cancel.sh" "$out/conv" >"$out/cancel-conv.out" 2>&1 || fail "cancel.sh CONV_DIR failed: $(cat "$out/cancel-conv.out")"
    cat "$out/cancel-conv.out" "$out/conv/result.txt"
    grep -q "^cancelled job(s) $collect (collect job, pending), [0-9]* (member n0016, running)" "$out/cancel-conv.out" ||
      fail "cancel.sh did not name the collect job and the levels"
    [[ -z $(my_jobs) ]] || fail "jobs still queued after cancel.sh returned: $(my_jobs)"
    [[ $(job_state "$collect") == CANCELLED ]] || fail "the collect job is $(job_state "$collect"), not CANCELLED"
    grep -qx 'result: cancelled' "$out/conv/result.txt" && grep -qx 'members: 0 ok, 3 not finished (3 of them cancelled)' "$out/conv/result.txt" ||
      fail "the convergence study's result.txt does not say cancelled with 3 cancelled levels"
    grep -Eq "^  $out/conv/n0016: cancelled" "$out/conv/result.txt" || fail "the n = 16 level is not listed as cancelled"
    echo "PASS: cancel.sh cancelled sweep $array with its montage job $montage, and a convergence study with its collect job $collect; result.txt says cancelled" ;;

  pearson)
    # The Pearson study on Slurm (not --local): a job array of two types at his cell size over half his
    # box and a collect job after it; result.txt counts the agreements (gs_post.py pearson's findings).
    res=$("$root/slurm/pearson.sh" --site localhost --time 00:05:00 --types gamma,iota --out "$out/pearson" \
      grid.n=128 grid.L=1.25 time.steps=60000 output.fields_every=60000)
    echo "$res"
    array=$(sed -n 's/.*job array \([0-9]*\),.*/\1/p' <<<"$res")
    collect=$(sed -n 's/.*collect job \([0-9]*\) .*/\1/p' <<<"$res")
    [[ -n $array && -n $collect ]] || fail "pearson.sh printed no job ids: $res"
    state=$(wait_job "$collect" 240)
    [[ $state == COMPLETED ]] || { cat "$out"/pearson/pearson-*.out >&2; fail "the collect job ended $state"; }
    grep -q '^result: ok' "$out/pearson/result.txt" &&
      grep -qx 'agreement: 2 of 2 types agree with the published descriptions' "$out/pearson/result.txt" ||
      fail "result.txt: $(cat "$out/pearson/result.txt")"
    for t in gamma iota; do
      [[ $(field "$out/pearson/$t/summary.json" status) == ok ]] || fail "$t did not finish"
    done
    [[ -s $out/pearson/pearson.png && -s $out/pearson/pearson.md ]] || fail "no pearson.png or pearson.md"
    echo "PASS: the Pearson study as array $array and collect job $collect: 2 of 2 agree" ;;
  dependency_check)
    # --dependency naming a job Slurm does not know is refused before anything is queued or
    # written (Slurm would drop it and start the job at once); a job that exists is waited for.
    rc=0
    submit --dependency afterok:99999999 "$pattern" "${small[@]}" "output.dir=$out/dep" >"$out/dep.out" 2>"$out/dep.err" || rc=$?
    [[ $rc == 2 && $(grep -c . "$out/dep.err") == 1 ]] || fail "an unknown dependency: exit $rc, $(cat "$out/dep.err")"
    grep -q 'job 99999999 is neither queued nor recently ended' "$out/dep.err" || fail "the refusal does not name the job: $(cat "$out/dep.err")"
    [[ ! -e $out/dep && -z $(my_jobs) ]] || fail "the refused submission left a folder or a job"
    held=$(sbatch --parsable --hold --job-name=gs-held --output=/dev/null --chdir="$out" --wrap true)
    id=$(submit --dependency "afterany:$held" "$pattern" "${small[@]}" "output.dir=$out/dep2")
    grep -q "waiting for afterany:$held" "$out/dep2/chain.log" || fail "chain.log: $(cat "$out/dep2/chain.log")"
    scancel "$id" "$held"
    echo "PASS: an unknown --dependency is refused in one line, nothing queued; a known one is accepted" ;;
  *) fail "unknown test $test" ;;
esac
