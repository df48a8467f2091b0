#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The installed tool (issue 46), used the way a cluster user does: installed
# into a prefix with a space in its name (twice: the second install over the
# first is clean), moved elsewhere (nothing in it may point back at the build
# or the source folder: grep), then reached only through `module load
# grayscott` (Debian's lmod) from an empty folder outside the source tree,
# with PATH holding nothing else of the project.
#   check.sh tree  BUILD_DIR SOURCE_DIR OUTDIR   the tree, the module, --version, a run,
#                                                gs-post summary, an in-situ run with
#                                                insitu.script=slice.py by bare name
#                                                (skipped without Xvfb or Catalyst)
#   check.sh chain BUILD_DIR SOURCE_DIR OUTDIR   a 2-link restart chain with gs-submit on
#                                                a one-node Slurm of its own, the site's
#                                                GS_MODULES loading the module in each job;
#                                                a 2 x 2 gs-sweep with its montage and classes
set -euo pipefail
mode=$1 build=$2 src=$3 out=$4
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PY=${GS_PYTHON:-/usr/bin/python3}
fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
[[ -f /usr/share/lmod/lmod/init/bash ]] ||
  skip "Lmod is not installed (Debian: apt-get install lmod; cmake/quickstart.sh test installs it)"
rm -rf "$out" && mkdir -p "$out"
# Outside the source tree (the build folder, and so OUTDIR, may lie inside it).
tmp=$(mktemp -d /tmp/gs-install.XXXXXX)
cluster_state=""
cleanup() {
  [[ -n $cluster_state && -f $cluster_state ]] && bash "$src/tests/slurm/cluster.sh" stop "$cluster_state" >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT

# ---- install, twice, then move the tree ----
first="$tmp/first prefix"
cmake --install "$build" --prefix "$first" >"$out/install1.log" 2>&1 || fail "cmake --install: $(tail -n 3 "$out/install1.log")"
(cd "$first" && find . -printf '%y %m %s %p\n' | sort) >"$out/tree1.txt"
(cd "$first" && find . -type f -print0 | sort -z | xargs -0 sha256sum) >"$out/sums1.txt"
cmake --install "$build" --prefix "$first" >"$out/install2.log" 2>&1 || fail "second cmake --install: $(tail -n 3 "$out/install2.log")"
(cd "$first" && find . -printf '%y %m %s %p\n' | sort) >"$out/tree2.txt"
(cd "$first" && find . -type f -print0 | sort -z | xargs -0 sha256sum) >"$out/sums2.txt"
cmp -s "$out/tree1.txt" "$out/tree2.txt" && cmp -s "$out/sums1.txt" "$out/sums2.txt" ||
  fail "a second install over the first changed the tree: $(diff "$out/tree1.txt" "$out/tree2.txt" | head -5)"
prefix="$tmp/moved prefix"
mv "$first" "$prefix"
for d in "$src" "$build" "$(readlink -f "$src")" "$(readlink -f "$build")"; do
  hits=$(grep -rlaF -- "$d" "$prefix" || true)
  [[ -z $hits ]] || fail "the installed tree names $d in: $(echo "$hits" | head -5 | tr '\n' ' ')"
done
for f in bin/grayscott bin/gs-submit bin/gs-cancel bin/gs-sweep bin/gs-scaling bin/gs-convergence bin/gs-time-to-accuracy \
    bin/gs-latency bin/gs-pearson bin/gs-post share/grayscott/slurm/submit.sh share/grayscott/slurm/cpu.sbatch share/grayscott/slurm/lib/job.sh \
    share/grayscott/slurm/lib/installed.sh share/grayscott/slurm/inputs/convergence-2d.toml share/grayscott/postprocess/gs_post.py \
    share/grayscott/postprocess/gspost/summary.py share/grayscott/docs/summary.schema.json share/grayscott/inputs/default.toml \
    share/grayscott/inputs/catalyst/slice.py share/doc/grayscott/README.md share/modulefiles/grayscott/0.1.0.lua; do
  [[ -e "$prefix/$f" ]] || fail "not installed: $f"
done
echo "PASS: installed twice into '$first' (the same tree), moved to '$prefix'; no path of $src or $build in it"

# ---- the user's shell: an empty folder, the module, nothing of the checkout ----
work="$tmp/work"
mkdir -p "$work" "$tmp/home"
expected_version=$("$build/src/grayscott" --version)
user() {  # user SCRIPT: bash SCRIPT in the user's environment, after `module load grayscott`
  (cd "$work" && env -i HOME="$tmp/home" PATH=/usr/bin:/bin LANG=C.UTF-8 USER=root \
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
    OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_hwloc_base_binding_policy=none \
    ${DISPLAY:+DISPLAY=$DISPLAY} ${SLURM_CONF:+SLURM_CONF=$SLURM_CONF} GS_TEST_PREFIX="$prefix" \
    bash -c 'set -euo pipefail
source /usr/share/lmod/lmod/init/bash
module use "$GS_TEST_PREFIX/share/modulefiles"
module load grayscott
'"$1")
}

if [[ $mode == tree ]]; then
  # Installed under umask 077 (issue 51): every folder and file of it readable by all, every program
  # runnable by all, and another user (nobody) runs the program.
  um="$tmp/umask prefix"
  (umask 077 && cmake --install "$build" --prefix "$um") >"$out/install-umask.log" 2>&1 ||
    fail "cmake --install under umask 077: $(tail -n 3 "$out/install-umask.log")"
  closed=$( (find "$um" -type d ! -perm -o=rx; find "$um" -type f ! -perm -o=r; find "$um" -type f -perm -u=x ! -perm -o=x) | head -3)
  [[ -z $closed ]] || fail "installed under umask 077, not open to all: $closed"
  if id nobody >/dev/null 2>&1 && command -v setpriv >/dev/null; then
    chmod a+x "$tmp"  # mktemp made it 700: let another user through to the prefix
    setpriv --reuid=nobody --regid=nogroup --clear-groups "$um/bin/grayscott" --version >"$out/nobody.txt" 2>&1 ||
      fail "user nobody cannot run the program installed under umask 077: $(cat "$out/nobody.txt")"
  fi
  echo "ok: installed under umask 077, the tree is readable and the programs runnable by all"
  # The module file copied, and linked, into a site's module tree elsewhere: the installed prefix (absolute)
  # first on PATH, whatever the working folder holds; with that prefix gone, loading fails naming it.
  site="$tmp/site modules"
  mkdir -p "$site/copied/grayscott" "$site/linked/grayscott" "$work/bin"
  cp "$um/share/modulefiles/grayscott/0.1.0.lua" "$site/copied/grayscott/"
  ln -s "$um/share/modulefiles/grayscott/0.1.0.lua" "$site/linked/grayscott/0.1.0.lua"
  for how in copied linked; do
    got=$(cd "$work" && env -i HOME="$tmp/home" PATH=/usr/bin:/bin MP="$site/$how" bash -c 'source /usr/share/lmod/lmod/init/bash
      module use "$MP"; module load grayscott; echo "${PATH%%:*}"; echo "$GS_ROOT"' 2>&1)
    [[ $got == "$um/bin"$'\n'"$um/share/grayscott" ]] || fail "the $how module file: PATH and GS_ROOT are not the installed prefix's: $got"
  done
  mv "$um" "$tmp/gone"
  rc=0
  (env -i HOME="$tmp/home" PATH=/usr/bin:/bin MP="$site/copied" bash -c 'source /usr/share/lmod/lmod/init/bash
    module use "$MP"; module load grayscott' >"$out/gone.txt" 2>&1) || rc=$?
  mv "$tmp/gone" "$um"
  ((rc != 0)) && grep -qF "no program at $um/bin/grayscott" <(tr '\n' ' ' <"$out/gone.txt" | tr -s ' ') ||
    fail "a module file whose prefix is gone: exit $rc, $(cat "$out/gone.txt")"
  echo "ok: the module file copied or linked into another tree puts $um/bin first; with the prefix gone it fails naming it"
  user 'command -v grayscott; grayscott --version; echo "GS_ROOT=$GS_ROOT"; echo "PYTHONPATH=$PYTHONPATH"
module help grayscott 2>&1
/usr/bin/python3 -c "import gspost.summary as s; print(\"gspost\", s.__file__)"
for c in gs-submit gs-cancel gs-sweep gs-scaling gs-convergence gs-time-to-accuracy gs-latency gs-pearson gs-post; do command -v $c; done' \
    >"$out/module.txt" 2>&1 || fail "module load grayscott: $(tail -n 5 "$out/module.txt")"
  grep -qxF "$prefix/bin/grayscott" "$out/module.txt" || fail "grayscott on PATH is not the installed one: $(head -n 1 "$out/module.txt")"
  grep -qxF "$expected_version" "$out/module.txt" || fail "the installed --version is not the build's '$expected_version'"
  [[ $expected_version =~ \(commit\ ([0-9a-f]{40}|unknown) ]] || fail "--version names no source commit: $expected_version"
  grep -qxF "GS_ROOT=$prefix/share/grayscott" "$out/module.txt" || fail "the module does not set GS_ROOT to the share folder"
  grep -qF "gspost $prefix/share/grayscott/postprocess/gspost/summary.py" "$out/module.txt" ||
    fail "PYTHONPATH does not reach the installed gspost: $(grep gspost "$out/module.txt")"
  for c in gs-submit gs-cancel gs-sweep gs-scaling gs-convergence gs-time-to-accuracy gs-latency gs-pearson gs-post; do
    grep -qxF "$prefix/bin/$c" "$out/module.txt" || fail "$c is not on PATH after module load"
    grep -qF "$c" "$out/module.txt" || fail "module help does not name $c"
  done
  grep -q 'Module Specific Help' "$out/module.txt" || fail "module help grayscott printed no help"
  echo "PASS: module load grayscott: PATH, PYTHONPATH, GS_ROOT; module help names the commands; $expected_version"
  # The Tcl module file (Environment Modules) says the same: Lmod reads it when the .lua is set aside.
  # Debian's Lmod 8.6 cannot run a Tcl module file whose path holds a space (its tcl2lua.tcl
  # splits the path: "wrong # args"), so this part moves the tree to a plain name meanwhile.
  lua="$prefix/share/modulefiles/grayscott/0.1.0.lua"
  mv "$lua" "$tmp/0.1.0.lua"
  plain=$tmp/plain
  mv "$prefix" "$plain"
  rc=0
  prefix=$plain user 'echo "PATH=$PATH"; echo "GS_ROOT=$GS_ROOT"; echo "PYTHONPATH=$PYTHONPATH"; module help grayscott 2>&1' \
    >"$out/module_tcl.txt" 2>&1 || rc=$?
  mv "$plain" "$prefix"
  mv "$tmp/0.1.0.lua" "$lua"
  ((rc == 0)) || fail "module load grayscott (Tcl file): $(tail -n 5 "$out/module_tcl.txt")"
  for want in "PATH=$plain/bin:/usr/bin:/bin" "GS_ROOT=$plain/share/grayscott" "PYTHONPATH=$plain/share/grayscott/postprocess"; do
    grep -qxF "$want" "$out/module_tcl.txt" || fail "the Tcl module file does not give $want: $(head -n 3 "$out/module_tcl.txt")"
  done
  grep -qF "gs-submit" "$out/module_tcl.txt" || fail "module help of the Tcl file does not name the commands"
  echo "PASS: the Tcl module file gives the same PATH, PYTHONPATH, GS_ROOT and help"

  # A run, its summary by gs-post, and the schema the installed gs-post checks against.
  user 'grayscott "$GS_ROOT/inputs/default.toml" grid.n=32 grid.L=32 time.steps=20 output.every=0 output.dir=run >run.log
gs-post summary run
python3=/usr/bin/python3
$python3 -c "import json; s = json.load(open(\"run/summary.json\")); s[\"surprise\"] = 1; json.dump(s, open(\"bad.json\", \"w\"))"
if gs-post summary bad.json 2>bad.err; then echo "bad summary accepted"; exit 1; fi
cat bad.err
$python3 -c "import json; s = json.load(open(\"run/summary.json\")); s[\"summary_version\"] = 5; del s[\"build\"]; json.dump(s, open(\"v5.json\", \"w\"))"
gs-post summary v5.json' >"$out/run.txt" 2>&1 || fail "run and gs-post summary: $(tail -n 5 "$out/run.txt")"
  commit=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["build"]["commit"])' "$work/run/summary.json")
  [[ $expected_version == *"(commit $commit"* ]] || fail "summary.json build.commit $commit is not --version's: $expected_version"
  grep -qF "built by grayscott " "$out/run.txt" && grep -qF "commit $commit" "$out/run.txt" ||
    fail "gs-post summary does not name the build: $(cat "$out/run.txt")"
  grep -q "bad.json: .*surprise.*docs/summary.schema.json" "$out/run.txt" ||
    fail "the installed gs-post did not check the summary against the installed schema: $(tail -n 2 "$out/run.txt")"
  grep -qF "build not recorded (summary_version 5" "$out/run.txt" || fail "gs-post summary of a version 5 summary: $(tail -n 2 "$out/run.txt")"
  echo "PASS: a run from the installed inputs; gs-post summary names commit $commit; the installed schema refuses an unknown key; a version 5 summary (no build) is still read"

  # Studies and job scripts find the installed program by themselves (no GS_BIN); GS_BIN still wins.
  user 'gs-submit --site localhost --dry-run "$GS_ROOT/inputs/default.toml" output.dir=dry
if GS_BIN=/nonexistent/grayscott gs-submit --site localhost --dry-run "$GS_ROOT/inputs/default.toml" output.dir=dry2 2>gsbin.err; then
  echo "GS_BIN ignored"; exit 1; fi
cat gsbin.err
gs-convergence --local --levels 3 --n0 16 --out conv "$GS_ROOT/slurm/inputs/convergence-2d.toml" >conv.log 2>&1 || { cat conv.log; exit 1; }
cat conv/result.txt
gs-scaling --kind strong --ranks 1,2 --local --dry-run --out scal "$GS_ROOT/inputs/default.toml" output.every=0 >scaling.plan
gs-time-to-accuracy --dry-run --out tta >tta.plan 2>/dev/null
q=$(printf %q "$GS_TEST_PREFIX")  # the plans print paths as shell words
echo "scaling plan: $(grep -cF -e "$q/bin/grayscott" -e "$GS_TEST_PREFIX/bin/grayscott" scaling.plan) runs, time-to-accuracy plan: $(grep -cF -e "$q/share/grayscott/slurm/inputs/convergence-" -e "$GS_TEST_PREFIX/share/grayscott/slurm/inputs/convergence-" tta.plan) runs"' >"$out/scripts.txt" 2>&1 || fail "job and study scripts: $(tail -n 5 "$out/scripts.txt")"
  grep -qF "GS_ROOT=$(printf %q "$prefix/share/grayscott")" "$out/scripts.txt" ||
    fail "gs-submit does not submit the installed job scripts: $(head -n 3 "$out/scripts.txt")"
  grep -qF "/nonexistent/grayscott" "$out/scripts.txt" || fail "GS_BIN set did not win over the installed program"
  grep -q '^result: ' "$out/scripts.txt" || fail "gs-convergence wrote no result: $(tail -n 3 "$out/scripts.txt")"
  grep -qE '^scaling plan: [1-9][0-9]* runs, time-to-accuracy plan: [1-9][0-9]* runs$' "$out/scripts.txt" ||
    fail "gs-scaling or gs-time-to-accuracy do not plan the installed program on the installed inputs: $(tail -n 1 "$out/scripts.txt")"
  echo "PASS: gs-submit (dry run) takes the installed job scripts and program, GS_BIN wins when set; gs-convergence --local: $(grep '^result: ' "$out/scripts.txt" | head -n 1); $(tail -n 1 "$out/scripts.txt")"

  # In-situ: the shipped script by bare name, from a folder that has none.
  if ! grep -q 'GS_HAVE_CATALYST 1' "$build/src/generated/core/build_info.hpp"; then
    echo "SKIP (in-situ part): this build has no ParaView Catalyst"
    exit 0
  fi
  if [[ -z ${DISPLAY:-} ]]; then
    command -v Xvfb >/dev/null || { echo "SKIP (in-situ part): no X display and no Xvfb (apt-get install xvfb)"; exit 0; }
    bash "$src/tests/catalyst/xvfb.sh" start "$tmp/xvfb" >/dev/null || { echo "SKIP (in-situ part): Xvfb did not start"; exit 0; }
    trap 'bash "$src/tests/catalyst/xvfb.sh" stop "$tmp/xvfb" >/dev/null 2>&1; cleanup' EXIT
    DISPLAY=$(cat "$tmp/xvfb/display")
  fi
  user 'grayscott "$GS_ROOT/inputs/default.toml" --check insitu.script=slice.py insitu.every=10 | tail -n 1
grayscott "$GS_ROOT/inputs/default.toml" grid.n=32 grid.L=32 time.steps=10 output.every=0 output.dir=insitu insitu.script=slice.py insitu.every=5 </dev/null
ls insitu/insitu' >"$out/insitu.txt" 2>&1 || fail "in-situ run: $(tail -n 5 "$out/insitu.txt")"
  taken="$prefix/share/grayscott/inputs/catalyst/slice.py"
  grep -qxF "grayscott: insitu.script takes $taken" "$out/insitu.txt" || fail "--check does not say it takes $taken"
  grep -q "^grayscott: .*  insitu $taken\$" "$out/insitu.txt" || fail "the header line does not name $taken"
  [[ $(grep -c '^slice_0000[01][05].png$\|^slice_000000.png$' "$out/insitu.txt") == 3 ]] ||
    fail "the in-situ run did not write slice_000000, 05 and 10: $(tail -n 5 "$out/insitu.txt")"
  echo "PASS: insitu.script=slice.py from an empty folder takes $taken (--check and the header say so); 3 images"
  exit 0
fi

# ---- chain: gs-submit --chain on a Slurm of its own ----
[[ $mode == chain ]] || fail "unknown mode $mode"
bash "$src/tests/slurm/cluster.sh" check || exit $?
cluster_state=$tmp/cluster.env
bash "$src/tests/slurm/cluster.sh" start "$cluster_state" >"$out/cluster.log" 2>&1 || fail "cluster start: $(tail -n 3 "$out/cluster.log")"
# shellcheck disable=SC1090
source "$cluster_state"
# The site: the installed localhost site, loading this module in each job.
sed 's/^GS_MODULES=.*/GS_MODULES="grayscott"/' "$prefix/share/grayscott/slurm/site/localhost.env" >"$work/site.env"
# Long enough (seconds) that the signal lands mid-run, as in tests/slurm (restart_chain).
args=(grid.n=128 grid.L=128 time.steps=90000 output.every=0 output.log_every=1000 checkpoint.every=0)
"$build/src/grayscott" "$src/inputs/default.toml" "${args[@]}" output.dir="$out/reference" >"$out/reference.log" 2>&1 ||
  fail "reference run: $(tail -n 3 "$out/reference.log")"
ref=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["digest"])' "$out/reference/summary.json")
id=$(user "gs-submit --site \"\$PWD/site.env\" --time 00:05:00 --chain --ranks-per-node 1 \"\$GS_ROOT/inputs/default.toml\" ${args[*]} output.dir=chain") ||
  fail "gs-submit --chain: $id"
echo "submitted chain head $id"
log=$work/chain/slurm-$id.out
for _ in $(seq 1200); do
  grep -q '^step ' "$log" 2>/dev/null && break
  [[ -n $(squeue -h -j "$id" 2>/dev/null) ]] || break
  sleep 0.1
done
grep -q '^step ' "$log" 2>/dev/null || fail "link 0 (job $id) did not start stepping: $(tail -n 5 "$log" 2>/dev/null)"
scancel --batch --signal=USR1 "$id"
for _ in $(seq 600); do
  [[ -z $(squeue -h -j "$id" 2>/dev/null) ]] && break
  sleep 0.1
done
next=$(sed -n 's/.*resubmitted as job \([0-9]*\).*/\1/p' "$log" | head -n 1)
[[ -n $next ]] || fail "link 0 did not resubmit itself: $(tail -n 5 "$log")"
echo "link 1: job $next"
for _ in $(seq 1800); do
  [[ -z $(squeue -h -j "$next" 2>/dev/null) ]] && break
  sleep 0.1
done
[[ -z $(squeue -h -j "$next" 2>/dev/null) ]] || { scancel "$id" "$next" 2>/dev/null; fail "link 1 (job $next) did not end within 3 minutes"; }
cp "$work/chain/chain.log" "$work"/chain/slurm-*.out "$out/" 2>/dev/null || true
grep -q 'status ok, step 90000' "$work/chain/chain.log" || fail "the chain did not end complete: $(tail -n 3 "$work/chain/chain.log")"
grep -q 'restart=latest' "$work/chain/slurm-$next.out" || fail "link 1 did not start from restart=latest"
# Each link loaded the module (job.sh stops a job whose GS_MODULES do not load: a module that is not
# there shows that the site's GS_MODULES are loaded in the job, below).
grep -q 'module load' "$work/chain/slurm-$id.out" "$work/chain/slurm-$next.out" && fail "a link could not load the module"
got=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["digest"])' "$work/chain/summary.json")
[[ $got == "$ref" ]] || fail "chain digest $got, uninterrupted run $ref"
grep -qF "$prefix/share/grayscott/inputs/default.toml" "$work/chain/slurm-$next.out" ||
  fail "the job did not run the installed input: $(head -n 3 "$work/chain/slurm-$next.out")"
sed 's/^GS_MODULES=.*/GS_MODULES="no-such-module"/' "$work/site.env" >"$work/nomodule.env"
bad=$(user "gs-submit --site \"\$PWD/nomodule.env\" --time 00:05:00 --ranks-per-node 1 \"\$GS_ROOT/inputs/default.toml\" grid.n=16 grid.L=16 time.steps=1 output.dir=nomodule") ||
  fail "gs-submit (no-such-module): $bad"
for _ in $(seq 600); do
  [[ -z $(squeue -h -j "$bad" 2>/dev/null) ]] && break
  sleep 0.1
done
grep -q 'module load no-such-module failed' "$work/nomodule/slurm-$bad.out" ||
  fail "a job whose site names a module that is not there did not stop on it: $(tail -n 3 "$work/nomodule/slurm-$bad.out")"
echo "PASS: gs-submit --chain from the installed tree: 2 links (jobs $id, $next), the site's GS_MODULES=grayscott loaded in each job (no-such-module stops job $bad), digest $got as the uninterrupted run"

# A 2 x 2 (F, k) sweep with gs-sweep: the job array, then the montage job with its classes.
res=$(user "gs-sweep --site \"\$PWD/site.env\" --F 0.03:0.04:2 --k 0.06:0.062:2 --time 00:05:00 --out sweep \
  \"\$GS_ROOT/inputs/default.toml\" grid.n=48 grid.L=48 time.steps=600 output.every=300") || fail "gs-sweep: $res"
montage=$(sed -n 's/.*montage job \([0-9]*\) .*/\1/p' <<<"$res")
[[ -n $montage ]] || fail "gs-sweep printed no montage job: $res"
for _ in $(seq 1800); do
  [[ -z $(squeue -h -j "$montage" 2>/dev/null) ]] && break
  sleep 0.1
done
cp "$work"/sweep/montage-*.out "$work/sweep/result.txt" "$out/" 2>/dev/null || true
[[ -z $(squeue -h -j "$montage" 2>/dev/null) ]] || fail "the montage job $montage did not end within 3 minutes"
grep -q '2 F x 2 k, 0 missing' "$work"/sweep/montage-*.out || fail "the montage did not place all four images: $(tail -n 3 "$work"/sweep/montage-*.out)"
for f in montage.png classes.png patterns.csv result.txt; do
  [[ -s $work/sweep/$f ]] || fail "the sweep wrote no $f"
done
[[ $(find "$work/sweep" -name summary.json | wc -l) == 4 ]] || fail "the sweep did not leave 4 summaries"
echo "PASS: gs-sweep 2 x 2 from the installed tree: 4 members, montage.png, classes.png, patterns.csv ($(grep '^result: ' "$work/sweep/result.txt"))"
