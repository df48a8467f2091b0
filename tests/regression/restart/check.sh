#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Restart equivalence: 2n steps in one go on 1 rank, versus n steps on 2 ranks,
# a checkpoint, and n more on 3 ranks (and on 4 with another layout): the final
# digests are equal. Also checks checkpoint.keep and the "latest" pointer.
# usage: check.sh GRAYSCOTT OUTDIR INPUT [section.key=value ...]
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
shift 3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
n=120
total=$((2 * n))

run_ranks 1 "$OUT/straight" "$INPUT" "$@" time.steps=$total || fail "uninterrupted run failed"
ref=$(digest_of "$OUT/straight/summary.json")

run_ranks 2 "$OUT/split" "$INPUT" "$@" time.steps=$n checkpoint.every=40 checkpoint.keep=2 \
  || fail "first half failed: $(tail -n 3 "$OUT/split.log")"
ckpts=$(ls "$OUT/split/checkpoints" | grep -c '^ckpt_.*\.h5$')
[[ $ckpts == 2 ]] || fail "checkpoint.keep=2 left $ckpts checkpoints: $(ls "$OUT/split/checkpoints")"
[[ $(cat "$OUT/split/checkpoints/latest") == ckpt_00000120.h5 ]] || fail "latest points at $(cat "$OUT/split/checkpoints/latest")"
[[ -z $(ls "$OUT/split/checkpoints" | grep '\.tmp$' || true) ]] || fail "temporary files left behind"

# Standard tools read the layout documented in docs/io.md.
ck="$OUT/split/checkpoints/ckpt_00000120.h5"
h5dump -A "$ck" >"$OUT/h5dump.txt" || fail "h5dump cannot read the checkpoint"
grep -q 'ATTRIBUTE "format_version"' "$OUT/h5dump.txt" || fail "h5dump shows no format_version"
"$PY" - "$ck" <<'PYEOF' || fail "h5py cannot read the checkpoint as documented"
import sys, h5py, json
f = h5py.File(sys.argv[1], "r")
n = list(f.attrs["n"])
assert f.attrs["format"] == b"grayscott-checkpoint" or f.attrs["format"] == "grayscott-checkpoint"
assert f["u"].shape == tuple(reversed(n)) and f["v"].shape == tuple(reversed(n)), (f["u"].shape, n)
assert json.loads(f.attrs["config"])["grid"]["n"] == n
assert int(f.attrs["step"]) == 120
PYEOF

cp -r "$OUT/split" "$OUT/split_copy"
run_ranks 3 "$OUT/split" "$INPUT" "$@" time.steps=$total restart=latest || fail "restart on 3 ranks failed: $(tail -n 3 "$OUT/split.log")"
grep -q "restart from .*ckpt_00000120.h5 at step $n" "$OUT/split.log" || fail "restart did not start from step $n"
got=$(digest_of "$OUT/split/summary.json")
[[ $got == "$ref" ]] || fail "2 -> 3 ranks restart digest $got, uninterrupted $ref"
echo "2 ranks -> checkpoint at $n -> 3 ranks: $got == $ref"

# The same checkpoint by file path, on 4 ranks laid out along one axis.
dims=$(json_field "$OUT/straight/summary.json" config.grid.dims)
layout=$([[ $dims == 2 ]] && echo "[1,4]" || echo "[1,1,4]")
run_ranks 4 "$OUT/split_copy" "$INPUT" "$@" time.steps=$total "parallel.layout=$layout" \
  "restart=$OUT/split_copy/checkpoints/ckpt_00000120.h5" || fail "restart on 4 ranks failed: $(tail -n 3 "$OUT/split_copy.log")"
got=$(digest_of "$OUT/split_copy/summary.json")
[[ $got == "$ref" ]] || fail "2 -> 4 ranks ($layout) restart digest $got, uninterrupted $ref"
echo "2 ranks -> checkpoint at $n -> 4 ranks $layout: $got == $ref"
echo "PASS"
