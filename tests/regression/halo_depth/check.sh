#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# parallel.halo_depth changes nothing but speed: on 1 to 4 ranks and with
# halo_depth 1 to 4, the final digest, the digest of every output step and
# every progress line (rates aside) equal those of 1 rank with halo_depth 1,
# and the images are the same bytes. Call it with time.steps, output.every and
# output.log_every that are not multiples of the depths, so blocks end early
# at outputs and the run ends with a shorter block.
# usage: check.sh GRAYSCOTT OUTDIR INPUT [section.key=value ...]
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
shift 3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"

# What every run must reproduce: output steps with their digests, progress
# lines without the rate and ETA, and the images' bytes. Every output step's
# line names its image, which must exist: a run that wrote none would
# otherwise trace no image bytes and match a reference that wrote none either.
trace() {
  grep -E '^(output step|step [0-9]+/)' "$1.log" | sed -E 's/  [0-9.e+-]+ steps\/s.*//; s/  image .*//'
  local image images
  images=$(sed -n 's/^output step .*  image //p' "$1.log")
  [[ -n $images ]] || fail "$1.log: no output step names an image"
  while read -r image; do
    [[ -f $image ]] || fail "$1: image '$image' of an output step in $1.log was not written"
    (cd "$(dirname "$image")" && md5sum "./$(basename "$image")")
  done <<<"$images"
}

one_layer=0
run_ranks 1 "$OUT/ref" "$INPUT" "$@" parallel.halo_depth=1 || fail "reference run failed: $(tail -n 3 "$OUT/ref.log")"
ref=$(digest_of "$OUT/ref/summary.json")
trace "$OUT/ref" >"$OUT/ref.trace"
outputs=$(grep -c '^output step' "$OUT/ref.trace" || true)
(( outputs >= 3 )) || fail "the reference wrote $outputs outputs; the check needs outputs inside the run"
echo "1 rank, halo_depth 1: digest $ref, $outputs output steps"

for ranks in 1 2 3 4; do
  for depth in 1 2 3 4; do
    [[ $ranks == 1 && $depth == 1 ]] && continue
    name="r${ranks}_t${depth}"
    run_ranks "$ranks" "$OUT/$name" "$INPUT" "$@" "parallel.halo_depth=$depth" ||
      fail "$ranks ranks, halo_depth $depth failed: $(tail -n 3 "$OUT/$name.log")"
    got=$(digest_of "$OUT/$name/summary.json")
    [[ $(json_field "$OUT/$name/summary.json" config.parallel.halo_depth) == "$depth" ]] ||
      fail "summary.json of $name does not record halo_depth $depth"
    [[ $got == "$ref" ]] || fail "$ranks ranks, halo_depth $depth: digest $got, reference $ref"
    trace "$OUT/$name" >"$OUT/$name.trace"
    diff "$OUT/ref.trace" "$OUT/$name.trace" >"$OUT/$name.diff" ||
      fail "$ranks ranks, halo_depth $depth: outputs differ from the reference: $(head -n 4 "$OUT/$name.diff")"
    # The deep path really ran: with neighbours, each exchange carries depth x stages layers.
    bytes=$(json_field "$OUT/$name/summary.json" halo_bytes_per_exchange_rank0)
    if [[ $depth == 1 ]]; then
      one_layer=$bytes
    elif [[ $ranks -gt 1 ]]; then
      (( bytes > one_layer )) || fail "$ranks ranks, halo_depth $depth: $bytes halo bytes per exchange, no more than halo_depth 1's $one_layer"
    fi
    echo "$ranks ranks, halo_depth $depth: digest $got, same outputs, $bytes halo bytes per exchange"
  done
done
echo "PASS: the same bits for every halo_depth and rank count"
