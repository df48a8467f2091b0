#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# slice.py on a 2D run (2 ranks): one coloured image per in-situ step, and
# the same images on 1 rank (within 0.2% of the pixels).
source "$(dirname "$0")/common.sh"
for ranks in 2 1; do
  run_gs $ranks 300 "$SRC/inputs/default.toml" time.steps=400 output.every=0 insitu.every=200 \
    insitu.script="$SRC/inputs/catalyst/slice.py" output.dir="$WORK/run$ranks" >"$WORK/run$ranks.log" 2>&1 \
    || { cat "$WORK/run$ranks.log"; exit 1; }
done
$PY - "$WORK/run2/insitu" "$WORK/run1/insitu" <<'PYEOF'
import os, sys
import matplotlib.image as mpimg
import numpy as np
folder = sys.argv[1]
found = sorted(os.listdir(folder))
want = ["slice_%06d.png" % s for s in (0, 200, 400)]
assert found == want, "images %s, expected %s" % (found, want)
img = mpimg.imread(os.path.join(folder, want[-1]))[..., :3]
# Coloured: many pixels whose channels differ (not grey), with several distinct hues.
chroma = img.max(axis=2) - img.min(axis=2)
coloured = np.mean(chroma > 0.2)
colours = len(np.unique((img[chroma > 0.2] * 15).round(), axis=0))
print("%s: %.1f%% coloured pixels, %d distinct colours" % (want[-1], 100 * coloured, colours))
assert coloured > 0.05 and colours >= 8, "the slice image is not coloured"
for name in want:
    a = mpimg.imread(os.path.join(folder, name))[..., :3]
    b = mpimg.imread(os.path.join(sys.argv[2], name))[..., :3]
    differ = np.mean(np.abs(a - b).max(axis=2) > 0.1)
    print("%s: %.3f%% of the pixels differ by more than 10%% between 2 ranks and 1" % (name, 100 * differ))
    assert a.shape == b.shape and differ < 0.002, "the image depends on the rank count"
PYEOF
