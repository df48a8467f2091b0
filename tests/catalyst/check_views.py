# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Reads the images of views.sh's runs (folder given as argv[1]) and checks what
# the view keys asked for: size, background, camera, the slice+contour script's
# output on 1 and 2 ranks, and a legend clear of the plane.
import os
import sys

import matplotlib.image as mpimg
import numpy as np

from png_runs import runs

work = sys.argv[1]
MAGENTA = np.array([1.0, 0.0, 1.0])


def image(run, name):
    path = os.path.join(work, run, "insitu", name)
    assert os.path.exists(path), "%s was not written (folder holds %s)" % (path, sorted(os.listdir(os.path.dirname(path))))
    return mpimg.imread(path)[..., :3]


def background_mask(img, colour=MAGENTA):
    return np.abs(img - colour).max(axis=2) < 0.02


# 1. Size, background, camera.
for step in (0, 10, 20):
    name = "isosurface_%06d.png" % step
    a, b = image("camera", name), image("preset", name)
    assert a.shape[:2] == (240, 320) and b.shape[:2] == (240, 320), "%s: %s and %s, expected 320x240" % (name, a.shape, b.shape)
    for img in (a, b):
        for corner in (img[0, 0], img[-1, -1], img[0, -1], img[-1, 0]):
            assert np.abs(corner - MAGENTA).max() < 0.02, "%s: corner %s, expected the background [1, 0, 1]" % (name, corner)
    # Nothing cut at the right edge: the legend fits a small image too.
    assert background_mask(a)[:, -1].all(), "%s: something (the legend) runs past the right edge" % name
    shown = 1 - background_mask(a).mean()
    differ = np.mean(np.abs(a - b).max(axis=2) > 0.1)
    print("%s: 320x240, magenta corners, %.1f%% drawn, %.1f%% of pixels differ from the default camera's" % (name, 100 * shown, 100 * differ))
    assert shown > 0.02, "%s shows (almost) nothing but background" % name
    assert differ > 0.02, "%s: the explicit camera gave the default camera's image" % name

# 2. Slice + contour on 1 and 2 ranks.
for run in ("inside1", "inside2"):
    for step in (0, 10, 20):
        img = image(run, "slice_contour_%06d.png" % step)
        assert img.shape[:2] == (600, 800), "%s: %s, expected the default 800x600" % (run, img.shape)
        drawn = ~background_mask(img, img[0, 0])
        colours = len(np.unique((img[drawn] * 15).round(), axis=0))
        print("%s slice_contour_%06d.png: %.1f%% drawn, %d distinct colours" % (run, step, 100 * drawn.mean(), colours))
        assert drawn.mean() > 0.1 and colours >= 8, "%s: the slice+contour image shows (almost) nothing" % run


# 3. The legend lies right of the plane: columns holding anything but
# background form the plane's run, then a background gap, then the legend's.
def column_runs(img):
    return runs(~background_mask(img).all(axis=0))


for run, name in (("plane2d", "slice_000200.png"), ("inside1", "slice_xy_000020.png"), ("inside1", "slice_xz_000020.png")):
    img = image(run, name)
    width = img.shape[1]
    columns = column_runs(img)
    print("%s %s: drawn column runs %s" % (run, name, columns))
    assert len(columns) >= 2, "%s: the legend touches or covers the plane (one run of drawn columns: %s)" % (name, columns)
    plane, legend = columns[0], columns[1:]
    assert plane[1] - plane[0] + 1 >= 0.5 * width, "%s: the plane is only %d columns wide" % (name, plane[1] - plane[0] + 1)
    assert legend[0][0] - plane[1] > 3, "%s: no gap between plane and legend" % name
    # The plane itself is a full block: every row of its middle third is drawn across its columns.
    rows = img.shape[0]
    block = ~background_mask(img[rows // 3: 2 * rows // 3, plane[0]:plane[1] + 1])
    assert block.mean() > 0.99, "%s: the plane region holds background (%.1f%% drawn)" % (name, 100 * block.mean())
print("PASS: view keys reach the images")
