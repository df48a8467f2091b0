# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Reads the images of pictures.sh's runs (folder given as argv[1]; boxes.json
# there holds each run's domain box in pixels, projected with the script's own
# camera) and measures what a reader sees: legend contrast, legend beside the
# domain, legend size against image size, a horizontal title, the step label
# and the triad.
import json
import os
import sys

import matplotlib.image as mpimg
import numpy as np

from png_runs import runs

work = sys.argv[1]
boxes = json.load(open(os.path.join(work, "boxes.json")))
failures = []


def check(ok, message):
    print(("ok   " if ok else "FAIL ") + message)
    if not ok:
        failures.append(message)


def image(run):
    path = os.path.join(work, run, "insitu", "isosurface_000010.png")
    assert os.path.exists(path), "%s was not written" % path
    img = mpimg.imread(path)[..., :3].astype(float)
    return img, img[0, 0]


def luminance(img):
    return 0.2126 * img[..., 0] + 0.7152 * img[..., 1] + 0.0722 * img[..., 2]


def ink(img, bg):
    """Anything drawn: pixels that differ from the background."""
    return np.abs(img - bg).max(axis=2) > 0.1


def text_ink(img, bg):
    """Grey pixels far from the background's luminance: text, tick marks, the bar outline."""
    grey = img.max(axis=2) - img.min(axis=2) < 0.08
    return grey & (np.abs(luminance(img) - luminance(bg)) > 0.5)


def bar_columns(img):
    """The colour bar: columns holding a run of coloured pixels at least half the image tall."""
    coloured = img.max(axis=2) - img.min(axis=2) > 0.15
    tall = [x for x in range(img.shape[1]) if any(b - a + 1 >= 0.5 * img.shape[0] for a, b in runs(coloured[:, x]))]
    assert tall, "no colour bar found"
    rows = [r for x in tall for r in runs(coloured[:, x]) if r[1] - r[0] + 1 >= 0.5 * img.shape[0]]
    top, bottom = min(r[0] for r in rows), max(r[1] for r in rows)
    # widened to the outline and any paler columns: drawn over most of the bar's height
    drawn = ink(img, img[0, 0])[top:bottom + 1].sum(axis=0) >= 0.9 * (bottom - top + 1)
    left, right = min(tall), max(tall)
    while left > 0 and drawn[left - 1]:
        left -= 1
    while right + 1 < img.shape[1] and drawn[right + 1]:
        right += 1
    return left, right, top, bottom


# 1. The legend beside the domain, never over it: the bar starts right of the
# domain's projected box, with a column of pure background between them (no
# label, title or step label reaches across), and the domain is drawn where
# the camera puts it (the first run of drawn columns spans the box).
def section_1():
    for run in ("long_white", "long_dark", "side_y", "small", "large", "thumb"):
        guarded(beside, run)


def beside(run):
    img, bg = image(run)
    x0, y0, x1, y1, triad = boxes[run]
    left, right, top, bottom = bar_columns(img)
    drawn_pixels = ink(img, bg)
    corner = int(np.ceil(triad))  # the triad's corner, which holds no part of the domain
    if corner:
        drawn_pixels[-corner:, :corner] = False
    drawn = drawn_pixels.any(axis=0)
    between = drawn[int(np.ceil(x1)) + 1:left - 1]
    first = runs(drawn)[0]
    check(left > x1 + 1 and not between.all(),
          "%s: domain box x %.0f..%.0f, legend bar from column %d, %d background columns between"
          % (run, x0, x1, left, int((~between).sum())))
    check(abs(first[0] - x0) <= 3 and abs(first[1] - x1) <= 3,
          "%s: the drawn domain spans columns %d..%d, the projected box %.0f..%.0f" % (run, first[0], first[1], x0, x1))
    check(0 <= x0 and x1 < img.shape[1] and 0 <= y0 and y1 < img.shape[0], "%s: the whole box in the image" % run)


# 2. Contrast: text pixels (grey, at least 0.5 in luminance from the
# background) in the legend margin, on white and on the dark default.
def section_2():
    for run in ("long_white", "long_dark", "side_y"):
        img, bg = image(run)
        left = bar_columns(img)[0]
        count = int(text_ink(img, bg)[:, left - 2:].sum())
        check(count > 400, "%s (background %s): %d contrasting text pixels in the legend margin" % (run, bg.round(2).tolist(), count))


def label_rows(img, bg):
    """Row runs of text right of the bar: the tick labels, top to bottom."""
    left, right, top, bottom = bar_columns(img)
    return runs(text_ink(img, bg)[:, right + 1:].any(axis=1)), (left, right, top, bottom)


# 3. Scale: labels and bar 4 times larger in a 1600x1200 image than in a
# 400x300 one (the lowest label's height, the bar's thickness); a 64x48 image
# gets the bar alone, in a thin margin.
def section_3():
    small, bg_small = image("small")
    large, bg_large = image("large")
    rows_small, bar_small = label_rows(small, bg_small)
    rows_large, bar_large = label_rows(large, bg_large)
    h_small = rows_small[-1][1] - rows_small[-1][0] + 1
    h_large = rows_large[-1][1] - rows_large[-1][0] + 1
    t_small = bar_small[1] - bar_small[0] + 1
    t_large = bar_large[1] - bar_large[0] + 1
    check(h_large >= 2.5 * h_small and t_large >= 2.5 * t_small,
          "400x300 -> 1600x1200: label height %d -> %d px, bar thickness %d -> %d px" % (h_small, h_large, t_small, t_large))
    thumb, bg_thumb = image("thumb")
    margin = thumb.shape[1] - bar_columns(thumb)[0]
    # text left of the bar, the domain's outline box (its projected box, 2 pixels wider) aside
    over = text_ink(thumb, bg_thumb)
    x0, y0, x1, y1 = [int(round(c)) for c in boxes["thumb"][:4]]
    over[max(0, y0 - 2):y1 + 3, max(0, x0 - 2):x1 + 3] = False
    check(margin <= 0.15 * thumb.shape[1] and over[:, :bar_columns(thumb)[0] - 1].sum() == 0,
          "64x48: the legend takes the right %d columns and draws no text over the picture" % margin)


def bands_above_bar(img, bg):
    """Row runs of text in the legend margin above the bar, less the top tick label's upper half."""
    left, right, top, bottom = bar_columns(img)
    text = text_ink(img, bg)[:top, left - 4:]
    bands = runs(text.any(axis=1))
    if bands and bands[-1][1] >= top - 2:
        bands = bands[:-1]
    return bands, text


# 4. The title is horizontal: the glyph above the bar is a "u" that opens
# upwards: its middle column is drawn only in its lower part (the bowl);
# rotated, the middle column crossed both arms (it read as "c" or ">").
def section_4():
    img, bg = image("long_bare")
    bands, text = bands_above_bar(img, bg)
    if not bands:
        check(False, "no title above the bar (a vertical title stands beside it)")
        return
    glyph = text[bands[-1][0]:bands[-1][1] + 1]
    cols = np.nonzero(glyph.any(axis=0))[0]
    glyph = glyph[:, cols.min():cols.max() + 1]
    middle = np.nonzero(glyph[:, glyph.shape[1] // 2])[0]
    check(glyph.shape[1] >= 0.6 * glyph.shape[0] and len(middle) > 0 and middle.min() >= 0.6 * glyph.shape[0],
          "title glyph %dx%d px, its middle column drawn in rows %s of it (a horizontal 'u': only the bottom)"
          % (glyph.shape[1], glyph.shape[0], middle.tolist()))


# 5. Step label and triad: present by default, gone with insitu.step_label =
# false and insitu.axes = false; the triad clear of the domain.
def section_5():
    for run, want in (("long_white", True), ("long_bare", False)):
        img, bg = image(run)
        label = len(bands_above_bar(img, bg)[0]) >= 2  # a band above the title's
        corner = int(0.2 * min(img.shape[:2]))
        triad = ink(img, bg)[-corner:, :corner]
        x0, y0, x1, y1 = boxes[run][:4]
        clear = True
        if triad.any():
            ys, xs = np.nonzero(triad)
            clear = xs.min() > x1 or ys.min() + img.shape[0] - corner > y1 or xs.max() < x0
        check(label == want and triad.any() == want and clear,
              "%s: step label %s, triad %s%s" % (run, "drawn" if label else "absent", "drawn" if triad.any() else "absent",
                                                ", clear of the box" if triad.any() and clear else ""))


def guarded(function, *args):
    try:
        function(*args)
    except Exception as e:  # a picture so wrong a measurement cannot be made: one failure, go on
        check(False, "%s%s: %s: %s" % (function.__name__, args, type(e).__name__, e))


for section in (section_1, section_2, section_3, section_4, section_5):
    guarded(section)

if failures:
    print("FAIL: %d picture checks" % len(failures))
    sys.exit(1)
print("PASS: legends contrast, sit beside the domain, scale with the image; horizontal title; step label and triad")
