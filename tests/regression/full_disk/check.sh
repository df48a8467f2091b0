#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A full disk while checkpoints are written loses nothing and is never silent:
# (a) no room for the new 'latest' pointer: exit 1, one error line, 'latest'
#     still names the previous complete checkpoint (never a 0-byte file);
# (b) no room for the checkpoint's data, on 1 and 2 ranks: no hang, no signal,
#     exit 1, one error line, summary status failed, the .tmp removed, 'latest'
#     and the older checkpoint unchanged, and restart=latest still works.
# (e) the disk fills at any point of the second checkpoint (0 to 99 % of its
#     size free), on 1 and 2 ranks: the same, within seconds, every time.
# The full disk is a small tmpfs mounted on the checkpoints folder, so it needs
# root and mount(8); otherwise the test is skipped (exit 77).
# (d) below: the data write itself fails, on 1 and 2 ranks.
# (f) below: field files on a full disk, on 1 and 2 ranks.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
SKIP=77
rm -rf "$OUT" && mkdir -p "$OUT"
[[ $(id -u) == 0 ]] || { echo "SKIP: needs root to mount a small tmpfs (full-disk simulation)"; exit $SKIP; }
MOUNTS=()
cleanup() { for m in "${MOUNTS[@]}"; do umount "$m" 2>/dev/null || true; done; }
trap cleanup EXIT
PAGE=$(getconf PAGESIZE)

# Overrides for both runs of a case (the grid of the top-up case in (e)).
CASE_ARGS=()

# setup NAME: OUT/NAME/checkpoints is a 4 MiB tmpfs holding one complete checkpoint of step 10.
setup() {
  local dir=$OUT/$1
  mkdir -p "$dir/checkpoints"
  if ! mount -t tmpfs -o size=4m tmpfs "$dir/checkpoints" 2>"$OUT/mount.err"; then
    echo "SKIP: cannot mount a tmpfs: $(cat "$OUT/mount.err")"
    exit $SKIP
  fi
  MOUNTS+=("$dir/checkpoints")
  run_ranks 1 "$dir" "$INPUT" "${CASE_ARGS[@]}" time.steps=10 checkpoint.every=10 checkpoint.keep=5 || fail "$1: first run failed: $(tail -3 "$dir.log")"
  [[ $(cat "$dir/checkpoints/latest") == ckpt_00000010.h5 ]] || fail "$1: no checkpoint of step 10"
  cp "$dir/checkpoints/ckpt_00000010.h5" "$OUT/$1.ckpt10.h5"
}

# fill DIR PAGES: leaves exactly PAGES free pages on DIR's filesystem.
fill() {
  local free
  free=$(( $(stat -f -c '%a' "$1") * $(stat -f -c '%S' "$1") / PAGE ))
  (( free > $2 )) || fail "the tmpfs has only $free free pages, wanted $2"
  dd if=/dev/zero of="$1/filler" bs="$PAGE" count=$(( free - $2 )) status=none
}

# expect_failure NAME RANKS: the restart run must fail with exit 1 and one error line, quickly.
expect_failure() {
  local name=$1 ranks=$2 dir=$OUT/$1 rc=0
  timeout 120 "$MPIEXEC" -n "$ranks" "$GRAYSCOTT" "$INPUT" "${CASE_ARGS[@]}" time.steps=20 checkpoint.every=20 checkpoint.keep=5 \
    "output.dir=$dir" restart=latest >"$dir.out" 2>"$dir.err" || rc=$?
  [[ $rc != 124 ]] || fail "$name: the run hung (killed after 120 s)"
  [[ $rc == 1 ]] || fail "$name: exit code $rc, expected 1: $(cat "$dir.err")"
  [[ $(grep -c "grayscott: error" "$dir.err") == 1 ]] || fail "$name: expected one error line: $(cat "$dir.err")"
  ! grep -qiE "signal|segmentation|MPI_ABORT" "$dir.err" || fail "$name: crashed: $(cat "$dir.err")"
  [[ $(cat "$dir/checkpoints/latest") == ckpt_00000010.h5 ]] || fail "$name: 'latest' changed or was damaged: '$(cat "$dir/checkpoints/latest")'"
  cmp -s "$dir/checkpoints/ckpt_00000010.h5" "$OUT/$name.ckpt10.h5" || fail "$name: the checkpoint of step 10 changed"
  ! ls "$dir/checkpoints/" | grep -q '\.tmp$' || fail "$name: a .tmp file was left: $(ls "$dir/checkpoints")"
  echo "ok $name: $(cat "$dir.err")"
}

# (a) Room for the checkpoint and its XDMF sidecar, not for 'latest'.
setup latest
pages=$(( ($(stat -c %s "$OUT/latest.ckpt10.h5") + PAGE - 1) / PAGE ))
fill "$OUT/latest/checkpoints" $(( pages + 1 ))
expect_failure latest 1
grep -q "latest-checkpoint pointer" "$OUT/latest.err" || fail "latest: the error does not name the pointer: $(cat "$OUT/latest.err")"
[[ $(json_field "$OUT/latest/summary.json" status) == failed ]] || fail "latest: summary status is not failed"

# (b) No room for the checkpoint's data, on 1 and 2 ranks.
for ranks in 1 2; do
  name=data_r$ranks
  setup $name
  fill "$OUT/$name/checkpoints" $(( pages / 2 ))
  expect_failure $name $ranks
  [[ $(json_field "$OUT/$name/summary.json" status) == failed ]] || fail "$name: summary status is not failed"
  grep -q "checkpoint" "$OUT/$name/summary.json" || fail "$name: the summary does not say why"
  # Nothing lost: with room again, restart=latest continues from step 10.
  rm -f "$OUT/$name/checkpoints/filler"
  run_ranks $ranks "$OUT/$name" "$INPUT" time.steps=20 checkpoint.every=20 restart=latest ||
    fail "$name: restart=latest after the failure did not work: $(tail -3 "$OUT/$name.log")"
done
# (d) The checkpoint write itself fails (the space reservation before it is
#     switched off by a test hook). With room for half the data, on 1 rank,
#     HDF5 1.10 used to fail to close the file and then crash in MPI_Finalize
#     (SIGSEGV in H5F__close_cb); all metadata is now flushed before any data,
#     so the failure comes early and the file closes. With room for the
#     metadata and u but not v, the data write fails, on 1 and 2 ranks.
#     (A failure inside HDF5's collective metadata write on several ranks is
#     not agreed across ranks by HDF5 1.10 and hangs: the reservation guards
#     it, tested in (e).)
for c in half:1:2 most:1:3 most:2:3; do
  IFS=: read -r room ranks quarters_free <<<"$c"
  name=write_fails_${room}_r$ranks
  setup $name
  fill "$OUT/$name/checkpoints" $(( pages * quarters_free / 4 ))
  GS_TEST_NO_SPACE_CHECK=1 expect_failure $name $ranks
  grep -q "writing the checkpoint data failed" "$OUT/$name.err" || fail "$name: not a failed data write: $(cat "$OUT/$name.err")"
  [[ $(json_field "$OUT/$name/summary.json" status) == failed ]] || fail "$name: summary status is not failed"
done
# (e) The disk fills at any point of the second checkpoint, through the
#     production path (no hook): free space for 0, 10, 50, 90 and 99 % of the
#     checkpoint's size, so an unguarded write would run out in its first
#     metadata, in u, in v or in its last page; on 1 and 2 ranks. Without the
#     reservation, 2 ranks hung at 99 % (HDF5's collective metadata write
#     failed on one rank only). Each must end with exit 1 in at most 30 s, one
#     error line saying how much space is needed, a failed summary, 'latest'
#     and the first checkpoint unchanged (expect_failure checks those).
size=$(stat -c %s "$OUT/latest.ckpt10.h5")
for ranks in 1 2; do
  for pct in 0 10 50 90 99; do
    name=fill${pct}_r$ranks
    setup $name
    fill "$OUT/$name/checkpoints" $(( size * pct / 100 / PAGE ))
    t0=$SECONDS
    expect_failure $name $ranks
    (( SECONDS - t0 <= 30 )) || fail "$name: took $(( SECONDS - t0 )) s to fail"
    grep -q "not enough free space" "$OUT/$name.err" || fail "$name: the error does not say the space is short: $(cat "$OUT/$name.err")"
    [[ $(json_field "$OUT/$name/summary.json" status) == failed ]] || fail "$name: summary status is not failed"
  done
  # The first reservation (the data and a page, made before HDF5 creates the
  # file) fits, the top-up to the file's exact size (once HDF5 has laid it
  # out, before it writes anything) does not: a 96x74 grid puts the two in
  # different pages.
  CASE_ARGS=("grid.n=[96,74]" "grid.L=[96,74]")
  name=topup_r$ranks
  setup $name
  first_pages=$(( (2 * 8 * 96 * 74 + 4096 + PAGE - 1) / PAGE ))
  (( first_pages < ($(stat -c %s "$OUT/$name.ckpt10.h5") + PAGE - 1) / PAGE )) || fail "$name: the grid no longer separates the two reservations"
  fill "$OUT/$name/checkpoints" $first_pages
  expect_failure $name $ranks
  grep -q "not enough free space" "$OUT/$name.err" || fail "$name: the error does not say the space is short: $(cat "$OUT/$name.err")"
  [[ $(json_field "$OUT/$name/summary.json" status) == failed ]] || fail "$name: summary status is not failed"
  CASE_ARGS=()
done
# (f) Field files (output.fields_every; compressed; sub-sampled) on a disk that fills while the third
#     one (step 20) is written: room for everything the run writes before it,
#     plus 0, 50 or 90 % of one field file (the final summary's pages, free
#     until the end, add a little, so not 99 %). On 1 and 2 ranks: exit 1 within
#     30 s (2 ranks used to hang in HDF5's collective metadata write), one
#     error line saying the space is short, no .tmp left, the earlier field
#     files byte for byte unchanged, and a failed summary.
# The same for a compressed field output and a sub-sampled one (the space
# reserved is the uncompressed size: docs/io.md).
for variant in plain deflate sub; do
  case $variant in
    plain) FIELD_ARGS=(time.steps=20 output.fields_every=10 output.every=0) prefix=fields noun="field output" pcts="0 50 90" ;;
    deflate) FIELD_ARGS=(time.steps=20 output.fields_every=10 output.every=0 output.fields_compression=deflate)
      prefix=fields noun="field output" pcts="0 90" ;;
    sub) FIELD_ARGS=(time.steps=20 output.subsample_every=10 output.subsample_stride=2 output.every=0)
      prefix=fields_sub noun="fields_sub output" pcts="0 50" ;;
  esac
  ref=$OUT/fields_ref_$variant
  mkdir -p "$ref"
  mount -t tmpfs -o size=4m tmpfs "$ref" || fail "cannot mount a tmpfs"
  MOUNTS+=("$ref")
  run_ranks 1 "$ref/run" "$INPUT" "${FIELD_ARGS[@]}" || fail "fields $variant: reference run failed: $(tail -3 "$ref/run.log")"
  rm -f "$ref/run.log"
  used_pages=$(( ($(stat -f -c '%b' "$ref") - $(stat -f -c '%f' "$ref")) * $(stat -f -c '%S' "$ref") / PAGE ))
  field_pages=$(( ($(stat -c %s "$ref/run/${prefix}_00000020.h5") + PAGE - 1) / PAGE ))
  for ranks in 1 2; do
    for pct in $pcts; do
      name=fields_${variant}${pct}_r$ranks dir=$OUT/fields_${variant}${pct}_r$ranks/run
      mkdir -p "$OUT/$name"
      mount -t tmpfs -o size=4m tmpfs "$OUT/$name" || fail "cannot mount a tmpfs"
      MOUNTS+=("$OUT/$name")
      fill "$OUT/$name" $(( used_pages - field_pages + field_pages * pct / 100 ))
      rc=0 t0=$SECONDS
      timeout 120 "$MPIEXEC" -n "$ranks" "$GRAYSCOTT" "$INPUT" "${FIELD_ARGS[@]}" "output.dir=$dir" >"$OUT/$name.out" 2>"$OUT/$name.err" || rc=$?
      [[ $rc != 124 ]] || fail "$name: the run hung (killed after 120 s)"
      [[ $rc == 1 ]] || fail "$name: exit code $rc, expected 1: $(cat "$OUT/$name.err")"
      (( SECONDS - t0 <= 30 )) || fail "$name: took $(( SECONDS - t0 )) s to fail"
      [[ $(grep -c "grayscott: error" "$OUT/$name.err") == 1 ]] || fail "$name: expected one error line: $(cat "$OUT/$name.err")"
      # A compressed output reserves its uncompressed size, which may not fit before step 20.
      step=$(sed -n "s/.*cannot write the $noun of step \([0-9]*\): not enough free space.*/\1/p" "$OUT/$name.err")
      [[ -n $step ]] || fail "$name: not the field file's space: $(cat "$OUT/$name.err")"
      [[ $step == 20 || $variant == deflate ]] || fail "$name: failed at step $step, expected 20"
      ! ls "$dir" | grep -q '\.tmp$' || fail "$name: a .tmp file was left: $(ls "$dir")"
      earlier=()
      for s in 0 10; do (( s < step )) && earlier+=("$(printf %08d $s)"); done
      [[ $(ls "$dir" | grep -c "^${prefix}_.*\.h5$") == "${#earlier[@]}" ]] || fail "$name: field files $(ls "$dir"), expected ${earlier[*]}"
      for s in "${earlier[@]}"; do
        cmp -s "$dir/${prefix}_$s.h5" "$ref/run/${prefix}_$s.h5" ||
          "$PY" - "$dir/${prefix}_$s.h5" "$ref/run/${prefix}_$s.h5" <<'PY' || fail "$name: ${prefix}_$s.h5 differs from the reference run"
import sys, h5py, numpy as np
a, b = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
sys.exit(0 if all(np.array_equal(a[k][...], b[k][...]) for k in ("u", "v")) else 1)
PY
      done
      (( step == 0 )) || { grep -q "${prefix}_${earlier[-1]}.h5" "$dir/$prefix.xmf" && ! grep -q "${prefix}_$(printf %08d "$step").h5" "$dir/$prefix.xmf"; } ||
        fail "$name: $prefix.xmf does not list the earlier files only"
      [[ $(json_field "$dir/summary.json" status) == failed ]] || fail "$name: summary status is not failed"
      echo "ok $name: $(cat "$OUT/$name.err")"
    done
  done
done
# (c) A read-only output folder is found before step 0: exit 2, one line naming output.dir.
mkdir -p "$OUT/ro"
mount -t tmpfs -o ro,size=64k tmpfs "$OUT/ro" || fail "cannot mount a read-only tmpfs"
MOUNTS+=("$OUT/ro")
rc=0
"$GRAYSCOTT" "$INPUT" time.steps=10 "output.dir=$OUT/ro" >"$OUT/ro.out" 2>"$OUT/ro.err" || rc=$?
[[ $rc == 2 && $(grep -c . "$OUT/ro.err") == 1 ]] || fail "read-only: exit $rc: $(cat "$OUT/ro.err")"
grep -q "key 'output.dir'" "$OUT/ro.err" || fail "read-only: the message does not name output.dir: $(cat "$OUT/ro.err")"
echo "ok read_only: $(cat "$OUT/ro.err")"
echo "full disk: nothing lost, nothing silent, no hang"
