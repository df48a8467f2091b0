#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The measurement behind the cost table of docs/insitu.md (not a ctest test):
# isosurface.py in situ on 2 ranks against the same pipeline run bare by
# pvbatch on the same data (bare_isosurface.py, on field files of the same
# run's steps), the two alternating under farm-bench --vs so that pairs share
# the machine's load. Each run appends its per-call figures to a JSON-lines
# file; the table is taken pair by pair from those.
#
# usage: bash tests/catalyst/measure_cost.sh BUILD_DIR WORK_DIR [RUNS]
# With DISPLAY unset it runs itself under its own Xvfb; a DISPLAY given must be
# an X server that stays up between clients (Xvfb -noreset): a plain Xvfb
# resets when its last client leaves, and the next run's render window aborts.
set -euo pipefail
if [[ -z ${DISPLAY:-} ]]; then
  exec xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" bash "$0" "$@"
fi
build=$(cd "$1" && pwd) work=$2 runs=${3:-5}
src=$(cd "$(dirname "$0")/../.." && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
mkdir -p "$work" && work=$(cd "$work" && pwd)
rm -f "$work"/insitu.jsonl "$work"/bare.jsonl
# 128^3, 27-point stencil, 100 steps with a call every 25: 5 calls (0, 25, ..., 100).
case_args=(grid.n=128 grid.L=128 init.count=80 time.steps=100 output.every=0 insitu.iso=0.25)
every=25 steps=0,25,50,75,100

# The data: the same run's fields at the in-situ steps, and its in-situ view settings.
if [[ ! -f $work/data/fields_00000025.h5 || ! -f $work/data/insitu/settings.json ]]; then
  rm -rf "$work/data"
  mpiexec -n 2 "$build/src/grayscott" "$src/inputs/default-3d.toml" "${case_args[@]}" output.fields_every=$every \
    insitu.every=100 insitu.script="$src/tests/catalyst/dump_settings.py" output.dir="$work/data" </dev/null >"$work/data.log" 2>&1
fi

cat >"$work/insitu.sh" <<EOS
#!/usr/bin/env bash
# One in-situ run: a call at each of $steps; its summary's figures to insitu.jsonl.
set -e
out=\$(mktemp -d "$work/insitu.XXXX")
mpiexec -n 2 "$build/src/grayscott" "$src/inputs/default-3d.toml" ${case_args[*]} insitu.every=$every \
  insitu.script="$src/inputs/catalyst/isosurface.py" output.dir="\$out/run" </dev/null >"\$out/log" 2>&1
/usr/bin/python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); o=s["outputs"]["insitu"]; print(json.dumps({"startup_s": o["startup_s"], "per_call": o["seconds_per_call"], "copy_per_call": o["copy_s"] / o["calls"], "step": (s["wall_time_s"]["compute"] + s["wall_time_s"]["halo_exchange"]) / s["steps"], "calls": o["calls"], "failure": o["failure"]}))' "\$out/run/summary.json" >>"$work/insitu.jsonl"
rm -rf "\$out"
EOS
cat >"$work/bare.sh" <<EOS
#!/usr/bin/env bash
# One bare pipeline run on the fields of the same steps; its figures to bare.jsonl.
set -e
rm -rf "$work/data/bare"
mpiexec -n 2 pvbatch --sym "$src/tests/catalyst/bare_isosurface.py" "$work/data" $steps "$work/bare.json" \
  </dev/null >"$work/bare.log" 2>&1
cat "$work/bare.json" >>"$work/bare.jsonl"
echo >>"$work/bare.jsonl"
EOS
farm-bench -n "$runs" --warmup 1 --timeout 3000 --vs "bash $work/bare.sh" -- bash "$work/insitu.sh" | tee "$work/farm-bench.txt"

/usr/bin/python3 - "$work" <<'PYEOF'
import json, os, statistics, sys
work = sys.argv[1]
a = [json.loads(l) for l in open(os.path.join(work, "insitu.jsonl")) if l.strip()]
b = [json.loads(l) for l in open(os.path.join(work, "bare.jsonl")) if l.strip()]
# The warm-up pair is the first of each.
a, b = a[1:], b[1:]
ratios = [x["per_call"] / y["seconds_per_frame"] for x, y in zip(a, b)]
med = statistics.median
print("pairs: %d" % len(ratios))
print("in situ, steady per call: median %.3f s (%s)" % (med(x["per_call"] for x in a), ", ".join("%.2f" % x["per_call"] for x in a)))
print("bare pvbatch, per frame:  median %.3f s (%s)" % (med(y["seconds_per_frame"] for y in b), ", ".join("%.2f" % y["seconds_per_frame"] for y in b)))
print("ratio in situ / bare, pair by pair: median %.3f (%s)" % (med(ratios), ", ".join("%.2f" % r for r in ratios)))
print("in-situ start-up (first call): median %.2f s; bare first frame: median %.2f s" % (med(x["startup_s"] for x in a), med(y["startup_s"] for y in b)))
print("normals + halo + copy per call: median %.3f s; one time step (compute + halo): median %.3f s" % (med(x["copy_per_call"] for x in a), med(x["step"] for x in a)))
PYEOF
