#!/usr/bin/env bash
# postprocess/gs_post.py on real outputs and on bad input: every subcommand has
# --help; a field plot of a 2D and a 3D run; missing or malformed input gives
# one error line naming the file and exit status 1, never a traceback.
# usage: check.sh GRAYSCOTT_BINARY OUTDIR
set -euo pipefail

source "$(dirname "$0")/../lib.sh"
[[ $# -eq 2 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR"
bin=$1
out=$2
root=$(cd "$(dirname "$0")/../../.." && pwd)
post=("$PY" "$root/postprocess/gs_post.py")
rm -rf "$out"
mkdir -p "$out"

for sub in field convergence scaling montage model; do
  "${post[@]}" "$sub" --help >/dev/null || fail "$sub --help failed"
done

"$bin" "$root/slurm/inputs/convergence-2d.toml" output.fields_every=10 output.dir="$out/r2" >"$out/r2.log" 2>&1 || fail "2D run failed"
"$bin" "$root/slurm/inputs/convergence-3d.toml" output.fields_every=10 output.dir="$out/r3" >"$out/r3.log" 2>&1 || fail "3D run failed"
"${post[@]}" field "$out/r2/fields_00000010.h5" -o "$out/f2.png" || fail "2D field plot failed"
"${post[@]}" field "$out/r3/fields_00000010.h5" --var u -o "$out/f3.png" || fail "3D field plot failed"
"$PY" - "$out/f2.png" "$out/f3.png" <<'PY' || fail "field plots are not images of the expected shape"
import sys, matplotlib.image as m
a, b = m.imread(sys.argv[1]), m.imread(sys.argv[2])
assert a.shape[0] > 300 and b.shape[1] > 2 * b.shape[0], (a.shape, b.shape)  # 3D: three mid-planes side by side
PY

expect_error() {  # expect_error WORD ARGS...: exit 1, no traceback, one line naming WORD
  local word=$1 rc=0
  shift
  "${post[@]}" "$@" >"$out/err.txt" 2>&1 || rc=$?
  [[ $rc == 1 ]] || { cat "$out/err.txt" >&2; fail "'$*' exited $rc, not 1"; }
  ! grep -q Traceback "$out/err.txt" || { cat "$out/err.txt" >&2; fail "'$*' printed a traceback"; }
  [[ $(wc -l <"$out/err.txt") == 1 ]] && grep -q -- "$word" "$out/err.txt" || { cat "$out/err.txt" >&2; fail "'$*': expected one line naming $word"; }
}
printf '{"status": "ok", "steps": ' >"$out/broken.json"
mkdir -p "$out/empty"
expect_error missing.h5 field "$out/missing.h5"
expect_error summary.json scaling "$out/empty"
expect_error broken.json scaling "$out/broken.json"
expect_error "at least 3 runs" convergence "$out/r2" "$out/r2"
cp "$out/r2.log" "$out/not.h5"
expect_error not.h5 field "$out/not.h5"
echo "PASS: gs_post.py plots real fields and rejects bad input with one line"
