#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Makes the pictures of docs/noise.md with the project's own binary and inputs.
# usage: docs/noise_images.sh GRAYSCOTT_BINARY [RANKS]
# Writes docs/images/noise-*.png (raw noise fields), pattern-*.png (the inputs
# run to their last step) and parameter-map*.png. The full set takes about
# 4 minutes on one core; RANKS > 1 runs each input under mpiexec (same bits).
set -euo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: $0 GRAYSCOTT_BINARY [RANKS]" >&2
  exit 2
fi
bin=$(realpath "$1")
ranks=${2:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
images=$root/docs/images
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$images"

launch() {
  if (( ranks > 1 )); then
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
      OMPI_MCA_btl_vader_single_copy_mechanism=none mpiexec -n "$ranks" "$bin" "$@"
  else
    "$bin" "$@"
  fi
}

# Raw field: threshold 0 and a smooth step 2 wide make v = S((n + 1) / 2), a
# monotone image of the normalised noise n; the colours span n = -0.5 .. 0.5.
for name in perlin-2d perlin-3d diamond-square-2d diamond-square-3d; do
  launch "$root/inputs/$name.toml" time.steps=0 init.threshold=0 init.smoothing=2 init.amplitude=1 \
    output.vmin=0.156 output.vmax=0.844 output.colormap=viridis "output.dir=$work/raw-$name" >"$work/raw-$name.log"
  cp "$work/raw-$name/v_000000.png" "$images/noise-$name.png"
done

# The thresholded initial state and the grown pattern of each input.
for name in perlin-2d perlin-3d diamond-square-2d diamond-square-3d parameter-map-noise parameter-map; do
  launch "$root/inputs/$name.toml" output.every=0 "output.dir=$work/$name" >"$work/$name.log"
  last=$(ls "$work/$name"/v_*.png | sort | tail -n 1)
  case $name in
    parameter-map*) cp "$last" "$images/$name.png" ;;
    *) cp "$last" "$images/pattern-$name.png" ;;
  esac
  [[ $name == perlin-2d ]] && cp "$work/$name/v_000000.png" "$images/start-$name.png"
done
echo "pictures written to $images"
