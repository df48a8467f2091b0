#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# What a user reads and gets from in-situ runs, each checked on what the run
# printed or wrote:
# - 3D-only scripts on a 2D run (isosurface.py, slice_contour.py): refused
#   by --check and the run (exit 2, one line naming slice.py, nothing
#   written); without their "# grid.dims" line, one line, no traceback;
# - a script whose file name has dots (iso.v2-final.py) loads and renders;
# - a relative insitu.script in an input file is found beside the input; a
#   missing one names the folders searched (the input's and the current one,
#   only the current one for a command-line value);
# - a script that fails to load on 2 ranks prints one traceback; ranks that
#   fail differently add one line each, ranks that fail alike none;
# - a syntax error's line names file:line;
# - VTK's WARN|/ERR| lines carry no terminal colour codes when stderr is a file;
# - the isosurface extract: normals_v is the points' active normals, and u, v
#   and the normals are all Float32;
# - a script saved by ParaView's "Generate Extracts" (no output folder set)
#   writes under output.dir/insitu, not ./datasets.
source "$(dirname "$0")/common.sh"
in3=$SRC/inputs/default-3d.toml
in2=$SRC/inputs/default.toml
small=(grid.n=16 grid.L=16 time.steps=10 insitu.every=10)
# gs NAME RANKS ARGS...: a run into $WORK/NAME, its exit code in $rc, stdout and stderr in NAME.log, NAME.err.
gs() {
  local name=$1 ranks=$2
  shift 2
  set +e
  run_gs "$ranks" 200 "$@" output.dir="$WORK/$name" >"$WORK/$name.log" 2>"$WORK/$name.err"
  rc=$?
  set -e
  [[ $rc == 124 || $rc == 137 ]] && fail "$name: the run hung"
  return 0
}

# 3D-only scripts on a 2D run: refused as bad input by their "# grid.dims: 3"
# header line, by --check as by the run (exit 2, one line pointing to
# slice.py, nothing written); without that line the script's own check at
# load ends the run (exit 1, one line, no traceback).
for script in isosurface slice_contour; do
  set +e
  err=$("$GS" --check "$in2" "${small[@]}" insitu.script="$SRC/inputs/catalyst/$script.py" 2>&1 >/dev/null)
  rc=$?
  set -e
  echo "$script.py on a 2D run, --check: exit $rc: $err"
  [[ $rc == 2 && $(wc -l <<<"$err") == 1 && $err == *"key 'insitu.script'"*"$script.py' serves only 3D runs"*"inputs/catalyst/slice.py" ]] \
    || fail "$script.py on a 2D run: --check should exit 2 with one line naming the key, the script and slice.py"
  gs "2d-$script" 2 "$in2" "${small[@]}" insitu.script="$SRC/inputs/catalyst/$script.py"
  line=$(grep '^grayscott: error' "$WORK/2d-$script.err" || true)
  echo "$script.py on a 2D run: exit $rc: $line"
  [[ $rc == 2 && $line == *"$script.py' serves only 3D runs"*"inputs/catalyst/slice.py" ]] \
    || { cat "$WORK/2d-$script.err"; fail "$script.py on a 2D run: expected exit 2 and a line naming slice.py"; }
  [[ ! -e $WORK/2d-$script ]] || fail "$script.py on a 2D run: output.dir was created"
  mkdir -p "$WORK/noheader"
  grep -v '^# grid.dims:' "$SRC/inputs/catalyst/$script.py" >"$WORK/noheader/$script.py"
  cp "$SRC/inputs/catalyst/gs_view.py" "$WORK/noheader/"
  gs "2d-noheader-$script" 2 "$in2" "${small[@]}" insitu.script="$WORK/noheader/$script.py"
  line=$(grep '^grayscott: error' "$WORK/2d-noheader-$script.err" || true)
  echo "$script.py without its header line on a 2D run: exit $rc: $line"
  [[ $rc == 1 && $line == *"$script.py"*"this run is 2D: use inputs/catalyst/slice.py"* ]] \
    || { cat "$WORK/2d-noheader-$script.err"; fail "$script.py on a 2D run: expected exit 1 and a line naming slice.py"; }
  ! grep -q "Traceback" "$WORK/2d-noheader-$script.err" || fail "$script.py on a 2D run printed a traceback"
done

# A script file name with dots: loaded by its path, renders.
mkdir -p "$WORK/dotted"
cp "$SRC/inputs/catalyst/isosurface.py" "$WORK/dotted/iso.v2-final.py"
cp "$SRC/inputs/catalyst/gs_view.py" "$WORK/dotted/"
gs dots 2 "$in3" "${small[@]}" insitu.script="$WORK/dotted/iso.v2-final.py"
echo "iso.v2-final.py: exit $rc, $(cd "$WORK/dots/insitu" 2>/dev/null && ls *.png | tr '\n' ' ')"
[[ $rc == 0 && -s $WORK/dots/insitu/isosurface_000010.png ]] || { cat "$WORK/dots.err"; fail "a script named iso.v2-final.py did not run"; }
# The same name in a failure message: as the file is named.
sed 's/^grid = /undefined_name_at_import  # noqa: F821\ngrid = /' "$WORK/dotted/iso.v2-final.py" >"$WORK/dotted/broken.v2.py"
gs dots-broken 1 "$in3" "${small[@]}" insitu.script="$WORK/dotted/broken.v2.py"
line=$(grep '^grayscott: error' "$WORK/dots-broken.err" || true)
echo "broken.v2.py: exit $rc: $line"
[[ $rc == 1 && $line == *"script broken.v2: NameError"* ]] || { cat "$WORK/dots-broken.err"; fail "the failure does not name script broken.v2"; }

# A relative script in an input file: beside the input. Missing: the folders searched.
mkdir -p "$WORK/inputs" "$WORK/elsewhere"
cp "$SRC/inputs/catalyst/slice.py" "$SRC/inputs/catalyst/gs_view.py" "$WORK/inputs/"
{ cat "$in2"; printf '\n[insitu]\nscript = "slice.py"\n'; } >"$WORK/inputs/run.toml"
(cd "$WORK/elsewhere" && "$GS" --check ../inputs/run.toml >"$WORK/beside.json" 2>"$WORK/beside.err") \
  || { cat "$WORK/beside.err"; fail "a script beside the input file was not found from another folder"; }
script=$($PY -c 'import json, sys
text = open(sys.argv[1]).read()
print(json.loads(text[text.index("{"):text.rindex("}") + 1])["insitu"]["script"])' "$WORK/beside.json")
[[ $script == "['../inputs/slice.py']" ]] || fail "the script beside the input is $script in the effective configuration, not ../inputs/slice.py"
echo "relative insitu.script in an input file: found beside the input"
# A path from the folder the run starts in, as inputs named scripts before: still found there.
sed 's|"slice.py"|"inputs/slice.py"|' "$WORK/inputs/run.toml" >"$WORK/inputs/from_cwd.toml"
(cd "$WORK" && "$GS" --check inputs/from_cwd.toml >/dev/null 2>"$WORK/from_cwd.err") \
  || { cat "$WORK/from_cwd.err"; fail "a script named from the current folder in an input file was not found"; }
sed 's/"slice.py"/"gone.py"/' "$WORK/inputs/run.toml" >"$WORK/inputs/gone.toml"
set +e
err=$(cd "$WORK/elsewhere" && "$GS" --check ../inputs/gone.toml 2>&1 >/dev/null)
rc=$?
set -e
echo "missing script in an input file: exit $rc: $err"
[[ $rc == 2 && $(wc -l <<<"$err") == 1 && $err == *"'insitu.script'"*"'gone.py'"*"'$WORK/inputs' (the input file's folder) or '$WORK/elsewhere' (the current folder)"* ]] \
  || fail "expected one line naming insitu.script, gone.py and both folders searched"
set +e
err=$(cd "$WORK/elsewhere" && "$GS" --check ../inputs/run.toml insitu.script=slice.py 2>&1 >/dev/null)
rc=$?
set -e
echo "missing script on the command line: exit $rc: $err"
[[ $rc == 2 && $err == *"'slice.py' is not a readable file in '$WORK/elsewhere' (the current folder)" ]] \
  || fail "a command-line script is looked for in the current folder only, and the error names it"

# A failure at load on 2 ranks: one traceback. Alike on both ranks: no more;
# different on each: one line from the other rank.
for mode in import import1 import_each; do
  GS_TEST_BREAK=$mode gs "load-$mode" 2 "$in3" "${small[@]}" insitu.script="$SRC/tests/catalyst/broken_script.py"
  tracebacks=$(grep -c "^Traceback (most recent call last)" "$WORK/load-$mode.err" || true)
  others=$(grep -c "^grayscott: insitu: rank" "$WORK/load-$mode.err" || true)
  echo "failure at load ($mode), 2 ranks: exit $rc, $tracebacks traceback(s), $others line(s) from other ranks"
  want=0
  [[ $mode == import_each ]] && want=1
  [[ $rc == 1 && $tracebacks == 1 && $others == "$want" ]] \
    || { cat "$WORK/load-$mode.err"; fail "$mode: expected exit 1, one traceback and $want line(s) from the other rank"; }
done
grep -q "^grayscott: insitu: rank 1: script broken_script: ValueError: .*rank 1" "$WORK/load-import_each.err" \
  || fail "import_each: rank 1's line does not give its own error"

# A syntax error: file:line.
printf '# script-version: 2\nimport os\ndef broken()\n    pass\n' >"$WORK/syntax_error.py"
gs syntax 2 "$in3" "${small[@]}" insitu.script="$WORK/syntax_error.py"
line=$(grep '^grayscott: error' "$WORK/syntax.err" || true)
echo "syntax error: exit $rc: $line"
[[ $rc == 1 && $line == *"SyntaxError: "*"(at $WORK/syntax_error.py:3)"* ]] || { cat "$WORK/syntax.err"; fail "the syntax error's line does not give file:line"; }

# VTK's log lines with stderr to a file, TERM naming a colour terminal: no
# terminal colour codes, neither in the lines held during a call nor in those
# ParaView logs while it starts (PV_PLUGIN_DEBUG: a deprecation warning then).
GS_TEST_BREAK=vtklog PV_PLUGIN_DEBUG=1 TERM=xterm-256color gs vtklog 2 "$in3" "${small[@]}" insitu.script="$SRC/tests/catalyst/broken_script.py"
held=$(grep -c '^\(ERR\|WARN\)|' "$WORK/vtklog.err" || true)
starting=$(grep -c 'WARN| vtkPVPluginTracker' "$WORK/vtklog.err" || true)
echo "VTK's log to a file: exit $rc, $held WARN|/ERR| lines held during calls, $starting printed while ParaView starts"
[[ $rc == 0 && $held -ge 2 && $starting -ge 1 ]] || { cat "$WORK/vtklog.err"; fail "expected exit 0 and VTK's WARN| and ERR| lines"; }
! grep -q $'\x1b' "$WORK/vtklog.err" || { grep $'\x1b' "$WORK/vtklog.err" | cat -v; fail "terminal colour codes in a file"; }

# The isosurface extract: active normals and one array type.
gs extract 2 "$in3" "${small[@]}" insitu.script="$SRC/inputs/catalyst/isosurface.py"
[[ $rc == 0 ]] || { cat "$WORK/extract.err"; fail "isosurface.py run failed"; }
timeout 120 pvpython - "$WORK/extract/insitu/isosurface.pvd" <<'PYEOF' || fail "the extract's normals or array types"
import sys
from paraview import simple, servermanager
reader = simple.OpenDataFile(sys.argv[1])
reader.UpdatePipeline(reader.TimestepValues[0])  # step 0: the small run's spots may be gone by step 10
data = servermanager.Fetch(reader)
pd = data.GetPointData()
normals = pd.GetNormals()
types = {pd.GetArrayName(i): pd.GetArray(i).GetDataTypeAsString() for i in range(pd.GetNumberOfArrays())}
print("extract %s: %d points, active normals %s, arrays %s" % (sys.argv[1], data.GetNumberOfPoints(),
      normals.GetName() if normals else None, types))
assert data.GetNumberOfPoints() > 0, "an empty extract"
assert normals is not None and normals.GetName() == "normals_v", "normals_v is not the active point normals"
assert set(types) >= {"u", "v", "normals_v"} and set(types.values()) == {"float"}, "arrays not all Float32: %s" % types
PYEOF

# A "Generate Extracts" script (saved by ParaView, no output folder in it): its
# files under output.dir/insitu, where summary.json says; no ./datasets.
mkdir -p "$WORK/cwd"
timeout 120 pvpython - "$WORK/generated.py" <<'PYEOF' >/dev/null || fail "pvpython could not save a Catalyst state"
import sys
from paraview.simple import *  # noqa: F401,F403
from paraview import catalyst
from paraview.detail import catalyst_export
grid = Wavelet(registrationName="grid")
CreateExtractor("VTI", grid, registrationName="VTI1")
catalyst_export.save_catalyst_state(sys.argv[1], catalyst.Options().SMProxy)
PYEOF
grep -q "ExtractsOutputDirectory" "$WORK/generated.py" && fail "the saved script sets an output folder; this case is about the default"
pushd "$WORK/cwd" >/dev/null
gs generated 2 "$in3" "${small[@]}" insitu.script="$WORK/generated.py"
popd >/dev/null
last=$(field "$WORK/generated" 's["outputs"]["insitu"]["last"]')
written=$(cd "$last" 2>/dev/null && ls | tr '\n' ' ')
echo "Generate Extracts script: exit $rc; outputs.insitu.last $last holds: $written; ./datasets: $([[ -e $WORK/cwd/datasets ]] && echo present || echo absent)"
[[ $rc == 0 ]] || { cat "$WORK/generated.err"; fail "the generated script failed"; }
[[ $last == "$WORK/generated/insitu" && -s $last/grid_000000.pvti && -s $last/grid_000010.pvti ]] || fail "the extracts are not in output.dir/insitu"
[[ ! -e $WORK/cwd/datasets ]] || fail "the extracts went to ./datasets"
# The same script choosing its own folder keeps it, and the run says where its files go.
sed 's|^options = catalyst.Options()$|&\noptions.ExtractsOutputDirectory = "elsewhere"|' "$WORK/generated.py" >"$WORK/generated_elsewhere.py"
pushd "$WORK/cwd" >/dev/null
gs ownfolder 2 "$in3" "${small[@]}" insitu.script="$WORK/generated_elsewhere.py"
popd >/dev/null
warning=$(grep "^grayscott: warning: insitu:" "$WORK/ownfolder.err" || true)
echo "a script with its own folder: exit $rc: $warning"
[[ $rc == 0 && -s $WORK/cwd/elsewhere/grid_000010.pvti ]] || { cat "$WORK/ownfolder.err"; fail "the script's own folder was not kept"; }
[[ $(wc -l <<<"$warning") == 1 && $warning == *"script generated_elsewhere writes its extracts under 'elsewhere'"*"not under output.dir/insitu '$WORK/ownfolder/insitu'"* ]] \
  || fail "expected one warning naming the script's folder and output.dir/insitu"
echo "all checks passed"
