#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
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

# A NUL in a value is shown escaped, and the message goes on to its allowed list.
printf '[init]\ntype = "spots\\u0000x"\n' >"$OUT/nul.toml"
INPUT_SAVED=$INPUT INPUT=$OUT/nul.toml
expect nul_value '"spots\x00x"; allowed: "patch"'
INPUT=$INPUT_SAVED
# A path too long for the file system: the reason at the end survives the cut, on 1 and 2 ranks.
long_dir=$OUT/$(head -c 100000 /dev/zero | tr '\0' d)
for ranks in 1 2; do
  rc=0
  "$MPIEXEC" -n $ranks "$GRAYSCOTT" "$INPUT" time.steps=1 "output.dir=$long_dir" >"$OUT/long_dir$ranks.out" 2>"$OUT/long_dir$ranks.err" || rc=$?
  # (mpiexec adds its own lines about the exit code: only the program's count)
  grep '^grayscott:' "$OUT/long_dir$ranks.err" >"$OUT/long_dir$ranks.line" || true
  [[ $rc == 2 && $(grep -c . "$OUT/long_dir$ranks.line") == 1 ]] && grep -qF "(File name too long)" "$OUT/long_dir$ranks.line" ||
    fail "long_dir on $ranks rank(s): exit $rc: $(head -c 600 "$OUT/long_dir$ranks.err")"
  [[ $(wc -c <"$OUT/long_dir$ranks.line") -lt 1000 ]] || fail "long_dir: the line is not shortened"
  echo "ok long_dir on $ranks rank(s): $(cut -c 1-100 "$OUT/long_dir$ranks.line") ... $(tail -c 60 "$OUT/long_dir$ranks.line")"
done
# An override holding a line break would smuggle in further lines of TOML.
expect override_newline "holds a line break" $'physics.F=0.03\n[grid]\nn = 5'
# Subnormal numbers act as 0 under flush-to-zero: the message says so.
expect subnormal_dt "is subnormal" "time.dt=5e-324"
expect subnormal_fill "is subnormal" init.type=perlin "init.fill=5e-324"

# The benchmark's sizes are checked like grid.n, before anything is allocated.
bench_expect() {  # bench_expect NAME TEXT ARGS...
  local name=$1 text=$2 rc=0
  shift 2
  timeout 120 "$GRAYSCOTT" --benchmark "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" || rc=$?
  [[ $rc == 2 && $(grep -c . "$OUT/$name.err") == 1 ]] || fail "$name: exit $rc: $(head -c 600 "$OUT/$name.err")"
  grep -qF -- "$text" "$OUT/$name.err" || fail "$name: message lacks '$text': $(cat "$OUT/$name.err")"
  [[ ! -s $OUT/$name.out ]] || fail "$name: the refused benchmark measured something: $(head -3 "$OUT/$name.out")"
  echo "ok $name: $(cat "$OUT/$name.err")"
}
bench_expect bench_n2d "benchmark key 'n2d' = 100000: the state needs" n2d=100000
bench_expect bench_stream "benchmark key 'stream_mib' = 1048576" stream_mib=1048576
bench_expect bench_no_cases "benchmark key 'cases' is empty" cases=

# --check given twice means once; --kokkos-help is Kokkos' list, then exit 0.
"$GRAYSCOTT" --check --check "$INPUT" >"$OUT/check2.out" 2>&1 || fail "--check --check: $(cat "$OUT/check2.out")"
"$GRAYSCOTT" --kokkos-help >"$OUT/kokkos_help.out" 2>&1 || fail "--kokkos-help exits non-zero"
"$GRAYSCOTT" --help >"$OUT/help.out"
grep -q -- "--kokkos-threads" "$OUT/help.out" || fail "--help does not name the --kokkos- options"

# The printed largest stable dt, pasted back, is accepted.
expect unstable "largest stable dt" "time.dt=100"
limit=$(sed -n 's/.*largest stable dt = \([^)]*\)).*/\1/p' "$OUT/unstable.err")
[[ -n $limit ]] || fail "no limit in: $(cat "$OUT/unstable.err")"
"$GRAYSCOTT" "$INPUT" "time.dt=$limit" time.steps=1 "output.dir=$OUT/pasted" >"$OUT/pasted.log" 2>&1 ||
  fail "the printed limit time.dt=$limit is refused: $(tail -2 "$OUT/pasted.log")"
echo "ok pasted: time.dt=$limit accepted"
echo "extreme values: refused naming the key"
