#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Every kind of bad checkpoint is refused with exit code 2 and one line naming
# the file and the mismatch; fuzzed files never crash the reader; nothing in
# the output folder is overwritten.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
$PY -c "import h5py, numpy" 2>/dev/null || fail "needs Debian's python3-h5py and python3-numpy for $PY"
rm -rf "$OUT" && mkdir -p "$OUT"

run_ranks 2 "$OUT/run" "$INPUT" time.steps=40 checkpoint.every=40 || fail "could not make a checkpoint"
good="$OUT/run/checkpoints/ckpt_00000040.h5"
[[ -f $good ]] || fail "no checkpoint written"
snapshot() { (cd "$OUT/run" && find . -type f -exec md5sum {} + | sort); }
before=$(snapshot)

# expect NAME TEXT FILE [overrides...]: restart from FILE must fail with exit 2 naming FILE and TEXT.
expect() {
  local name=$1 text=$2 file=$3
  shift 3
  local rc=0
  "$GRAYSCOTT" "$INPUT" time.steps=80 "output.dir=$OUT/run" "restart=$file" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" || rc=$?
  [[ $rc == 2 ]] || fail "$name: exit code $rc, expected 2: $(cat "$OUT/$name.err")"
  [[ $(grep -c . "$OUT/$name.err") == 1 ]] || fail "$name: expected one line: $(cat "$OUT/$name.err")"
  grep -qF -- "$file" "$OUT/$name.err" || fail "$name: message does not name the file: $(cat "$OUT/$name.err")"
  grep -qF -- "$text" "$OUT/$name.err" || fail "$name: message lacks '$text': $(cat "$OUT/$name.err")"
  echo "ok $name: $(cat "$OUT/$name.err")"
}

expect missing "does not exist" "$OUT/none.h5"
rc=0
"$GRAYSCOTT" "$INPUT" "output.dir=$OUT/never" "restart=$OUT/none.h5" >/dev/null 2>&1 || rc=$?
[[ $rc == 2 && ! -e $OUT/never ]] || fail "a refused restart into a new folder exited $rc or created the folder"
head -c 2000 "$good" >"$OUT/truncated.h5"
expect truncated "HDF5 cannot open it" "$OUT/truncated.h5"
head -c 0 "$good" >"$OUT/empty.h5"
expect empty "not an HDF5 file" "$OUT/empty.h5"
echo "plain text" >"$OUT/text.h5"
expect not_hdf5 "not an HDF5 file" "$OUT/text.h5"
expect other_grid "grid.n = [90, 74], this run has grid.n = [80, 74]" "$good" "grid.n=[80,74]" "grid.L=[80.0,74.0]"
expect other_dims "written with grid.dims = 2, this run has grid.dims = 3" "$good" grid.dims=3 grid.n=30 grid.L=30.0 grid.stencil=27
expect other_stencil "grid.stencil = 9, this run has grid.stencil = 5" "$good" grid.stencil=5 time.dt=0.5
expect other_physics "physics.F" "$good" physics.F=0.03
expect other_dt "time.dt" "$good" time.dt=0.5

cp "$good" "$OUT/version.h5"
$PY -c "import h5py,sys; f=h5py.File(sys.argv[1],'r+'); f.attrs['format_version']=99; f.close()" "$OUT/version.h5"
expect format_version "format version 99 is not supported" "$OUT/version.h5"
cp "$good" "$OUT/tampered.h5"
$PY -c "import h5py,sys; f=h5py.File(sys.argv[1],'r+'); f['v'][3,5]+=1e-9; f.close()" "$OUT/tampered.h5"
expect digest "do not match the stored digest" "$OUT/tampered.h5"
cp "$good" "$OUT/nodata.h5"
$PY -c "import h5py,sys; f=h5py.File(sys.argv[1],'r+'); del f['u']; f.close()" "$OUT/nodata.h5"
expect no_dataset "dataset 'u' is missing" "$OUT/nodata.h5"

# A read that fails on one rank only (rank 1 of 2, through the test hook) is
# refused on every rank alike: exit 2 within seconds, one error line, instead of
# rank 0 going on alone into the collective read of 'v' and waiting forever.
rc=0
GS_TEST_READ_FAIL_RANK=1 timeout 60 "$MPIEXEC" -n 2 "$GRAYSCOTT" "$INPUT" time.steps=80 "output.dir=$OUT/run" "restart=$good" \
  >"$OUT/one_rank_read.out" 2>"$OUT/one_rank_read.err" || rc=$?
[[ $rc != 124 ]] || fail "a read failing on rank 1 only hung the restart (killed after 60 s)"
[[ $rc == 2 ]] || fail "a read failing on rank 1 only: exit code $rc, expected 2: $(cat "$OUT/one_rank_read.err")"
line="grayscott: error: $good: dataset 'u' cannot be read on rank 1 (test hook GS_TEST_READ_FAIL_RANK)"
[[ $(grep -c '^grayscott: error:' "$OUT/one_rank_read.err") == 1 ]] && grep -qxF -- "$line" "$OUT/one_rank_read.err" ||
  fail "a read failing on rank 1 only: expected the one line '$line', got: $(cat "$OUT/one_rank_read.err")"
echo "ok one_rank_read: $line"

# Allowed on request: other physics.
"$GRAYSCOTT" "$INPUT" time.steps=45 "output.dir=$OUT/physics_ok" physics.F=0.03 checkpoint.allow_physics_change=true \
  "restart=$good" >"$OUT/physics_ok.log" 2>&1 || fail "allow_physics_change did not allow the change"

# Fuzzing: random bytes flipped anywhere, or the file cut anywhere. The reader
# must refuse (exit 1 or 2) or, if the damage missed everything it reads, run
# to the end (exit 0) -- never die from a signal.
size=$(stat -c %s "$good")
for i in $(seq 1 40); do
  $PY - "$good" "$OUT/fuzz.h5" "$i" <<'PYEOF'
import random, sys
src, dst, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = bytearray(open(src, 'rb').read())
rng = random.Random(seed)
if seed % 4 == 0:
    data = data[:rng.randrange(8, len(data))]
else:
    for _ in range(rng.choice([1, 4, 32])):
        data[rng.randrange(len(data))] = rng.randrange(256)
open(dst, 'wb').write(data)
PYEOF
  rc=0
  timeout 60 "$GRAYSCOTT" "$INPUT" time.steps=41 "output.dir=$OUT/fuzz_out" restart="$OUT/fuzz.h5" >"$OUT/fuzz.log" 2>&1 || rc=$?
  case $rc in
    0 | 1 | 2) ;;
    *) cp "$OUT/fuzz.h5" "$OUT/fuzz_crash_$i.h5"; fail "fuzz case $i: exit code $rc (crash or hang); kept as $OUT/fuzz_crash_$i.h5" ;;
  esac
  counts[$rc]=$((${counts[$rc]:-0} + 1))
done
echo "fuzz: 40 damaged files of $size bytes: exit 0 x${counts[0]:-0}, 1 x${counts[1]:-0}, 2 x${counts[2]:-0}"

[[ $(snapshot) == "$before" ]] || fail "files in the output folder changed"
echo "PASS"
