#!/usr/bin/env bash
# Numbers that cannot be represented or computed with, and sizes that cannot
# be allocated, are exit 2 with one line naming the key, before anything is
# allocated or created; the printed largest stable dt is accepted when pasted back.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
expect() {  # expect NAME TEXT ARGS...
  local name=$1 text=$2 rc=0
  shift 2
  timeout 120 "$GRAYSCOTT" "$INPUT" "$@" "output.dir=$OUT/$name" >"$OUT/$name.out" 2>"$OUT/$name.err" || rc=$?
  [[ $rc == 2 ]] || fail "$name: exit code $rc, expected 2: $(tail -c 600 "$OUT/$name.err")"
  [[ $(grep -c . "$OUT/$name.err") == 1 ]] || fail "$name: expected one line: $(head -c 600 "$OUT/$name.err")"
  grep -qF -- "$text" "$OUT/$name.err" || fail "$name: message lacks '$text': $(cat "$OUT/$name.err")"
  [[ ! -e $OUT/$name ]] || fail "$name: the refused run created its output folder"
  echo "ok $name: $(cat "$OUT/$name.err")"
}
expect tiny_L "command line: key 'grid.L': grid spacing" "grid.L=1e-160" grid.stencil=5
expect huge_L "command line: key 'grid.L'" "grid.L=1e400"
expect huge_int "command line: key 'time.steps'" "time.steps=99999999999999999999"
expect huge_2d "key 'grid.n'" "grid.n=1000000000" "grid.L=1000000000.0"
expect huge_3d "key 'grid.n'" grid.dims=3 grid.stencil=27 "grid.n=70000" "grid.L=70000.0"
expect past_int32 "key 'grid.n'" "grid.n=[3000000000,1]" "grid.L=[3000000000.0,1.0]" grid.stencil=5 time.dt=0.5
grep -q "bytes per rank" "$OUT/huge_2d.err" || fail "huge_2d: the message does not give the bytes per rank"
expect overflow "key 'grid.n'" grid.dims=3 grid.stencil=27 "grid.n=1099511627776" "grid.L=1099511627776.0"

# Values with newlines or of any length still give one line that ends with the reason.
expect newline "allowed:" "output.colormap=\"a\nb\nc\""
expect long_value "allowed:" "output.colormap=$(head -c 20000 /dev/zero | tr '\0' x)"
[[ $(wc -c <"$OUT/long_value.err") -lt 1000 ]] || fail "long_value: the line is not shortened"

# The printed largest stable dt, pasted back, is accepted.
expect unstable "largest stable dt" "time.dt=100"
limit=$(sed -n 's/.*largest stable dt = \([^)]*\)).*/\1/p' "$OUT/unstable.err")
[[ -n $limit ]] || fail "no limit in: $(cat "$OUT/unstable.err")"
"$GRAYSCOTT" "$INPUT" "time.dt=$limit" time.steps=1 "output.dir=$OUT/pasted" >"$OUT/pasted.log" 2>&1 ||
  fail "the printed limit time.dt=$limit is refused: $(tail -2 "$OUT/pasted.log")"
echo "ok pasted: time.dt=$limit accepted"
echo "extreme values: refused naming the key"
