# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Reads the images of legends.sh's runs (folder given as argv[1]) and measures,
# without reading the text, what a ParaView user would see wrong:
#  - legend text inside the image and tick labels that differ from each other,
#    both ends labelled, at any value range (v about 1e-15 on an "auto" range,
#    [1e-9, 2e-9] with labels all as wide, [0, 2500000]);
#  - a nearly constant u (1 - 1e-14) on an "auto" range: one label, inside;
#  - in a tall image, the step label and the legend title on rows of their
#    own, and no text cut at the bottom edge (2D, and slice.py's 3D planes);
#  - slice_contour.py coloured by one array: one legend over the whole height;
#  - the contour values named below the legend (one text line each) and, in
#    2D, each value's lines in a colour of its own;
#  - the triad as large as the legend's font asks at 400x300, the outline
#    box dark on white, a plane's edge drawn apart from a dark background.
import os
import sys

import matplotlib.image as mpimg
import numpy as np

from png_runs import runs

work = sys.argv[1]
failures = []


def check(ok, message):
    print(("ok   " if ok else "FAIL ") + message)
    if not ok:
        failures.append(message)


def image(run, name):
    path = os.path.join(work, run, "insitu", name)
    assert os.path.exists(path), "%s was not written" % path
    img = mpimg.imread(path)[..., :3].astype(float)
    return img, img[0, 0]


def luminance(img):
    return 0.2126 * img[..., 0] + 0.7152 * img[..., 1] + 0.0722 * img[..., 2]


def text_ink(img, bg):
    """Grey pixels far from the background's luminance: text, tick marks, the bar outline."""
    grey = img.max(axis=2) - img.min(axis=2) < 0.08
    return grey & (np.abs(luminance(img) - luminance(bg)) > 0.3)


def bar(img):
    """The colour bar: (left, right, top, bottom), right being its outline's
    right-hand column and top, bottom its outline's ends (the dark end of a
    colour map is not "coloured"): from the columns holding a run of coloured
    pixels at least a third of the image tall."""
    coloured = img.max(axis=2) - img.min(axis=2) > 0.15
    tall = [x for x in range(img.shape[1]) if any(b - a + 1 >= img.shape[0] / 3.0 for a, b in runs(coloured[:, x]))]
    assert tall, "no colour bar found"
    groups = runs(np.isin(np.arange(img.shape[1]), tall))
    left, right = groups[-1]  # the rightmost group: a coloured plane is tall too
    rows = [r for x in range(left, right + 1) for r in runs(coloured[:, x]) if r[1] - r[0] + 1 >= img.shape[0] / 3.0]
    top, bottom = min(r[0] for r in rows), max(r[1] for r in rows)
    text = text_ink(img, img[0, 0])
    for x in range(right + 1, min(right + 8, img.shape[1])):
        if text[top:bottom + 1, x].mean() > 0.9:
            right = x
            run = [r for r in runs(text[:, x]) if r[0] <= top and r[1] >= bottom]
            if run:
                bottom = run[0][1]
    return left, right, top, bottom


def glyphs(ink):
    """The ink of a band, cropped to its bounding box."""
    ys, xs = np.nonzero(ink)
    return ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def tick_labels(run, name, within=True):
    """The tick labels right of the bar: (their ink, cropped, one per label;
    text pixels on the image's edge; pixels between the text and the right
    edge; the legend's padding there: 8 px at 800x600, 2 at least). Labels
    within 8 rows above the bar count, its top label's upper half; not
    `within`, only those from its top down (no part of the title)."""
    img, bg = image(run, name)
    left, right, top, bottom = bar(img)
    text = text_ink(img, bg)
    margin = text[:, left - 2:]
    edge = int(margin[:, -2:].sum() + margin[-2:, :].sum() + margin[:2, :].sum())
    pad = max(2, int(round(8 * min(img.shape[1] / 800.0, img.shape[0] / 600.0))))
    gap = img.shape[1] - 1 - np.nonzero(text[top - 8:bottom + 9, right + 1:].any(axis=0))[0].max() - (right + 1)
    right_side = text[top - 8:bottom + 9, right + 1:]
    bands = [b for b in runs(right_side.any(axis=1)) if b[1] - b[0] >= 2]
    tallest = max([b[1] - b[0] for b in bands] + [0])
    bands = [b for b in bands if b[1] - b[0] >= 0.5 * tallest]  # not a tick mark alone
    return [glyphs(right_side[a:b + 1]) for a, b in bands if within or a >= 8], edge, gap, pad, ends(bands, top, bottom)


def ends(bands, top, bottom):
    """Pixels from the bar's top to the first label's middle and from the
    last one's to its bottom (bands counted from 8 rows above the top): 0
    where both ends are labelled (0.9 of [0.2, 0.9] was not: ParaView's map
    ended at 0.8999999999999999)."""
    if not bands:
        return (999, 999)
    return (abs(0.5 * sum(bands[0]) - 8), abs(bottom - top + 8 - 0.5 * sum(bands[-1])))


def labels_fit(run, name, same_width=False):
    """Tick labels right of the bar: inside the image and all different;
    with same_width, labels of as many characters drawn as wide (one number
    format: "2.0e-09" at the ends beside "1.8e-9" was wider)."""
    crops, edge, gap, pad, off = tick_labels(run, name)
    same = sum(1 for i in range(len(crops)) for j in range(i + 1, len(crops))
               if crops[i].shape == crops[j].shape and (crops[i] == crops[j]).all())
    widths = [c.shape[1] for c in crops]
    even = not same_width or max(widths) - min(widths) <= 1
    check(edge == 0 and gap >= pad and len(crops) >= 2 and same == 0 and even and max(off) <= 3,
          "%s %s: %d tick labels (widths %s px%s), %d pairs drawn alike, %d text pixels on the image's edge, %d px from the right edge, "
          "the end labels %.1f and %.1f px from the bar's ends"
          % (run, name, len(crops), widths, ", one format: all alike" if same_width else "", same, edge, gap, off[0], off[1]))


def section_ranges():
    labels_fit("tiny", "slice_xy_000300.png")
    labels_fit("nano", "slice_xy_000010.png", same_width=True)
    labels_fit("mega", "slice_xy_000010.png")


def section_flat():
    """u = 1 - 1e-14 on an "auto" range: one value to a float colour map, one
    label inside the image (ParaView widened the range to 1.000244 and both
    ends' labels ran off the right edge)."""
    for run in ("flat400", "flat240"):
        crops, edge, gap, pad, _ = tick_labels(run, "slice_xy_000001.png", within=False)
        widths = [c.shape[1] for c in crops]
        check(len(crops) == 1 and edge == 0 and gap >= pad,
              "%s, u nearly constant: %d labels (want 1; widths %s px), %d text pixels on the image's edge, %d px from the right edge"
              % (run, len(crops), widths, edge, gap))


def section_tall_3d():
    """slice.py's 3D planes at 240x900, no contour values under the legend:
    ParaView drew a cut copy of the lowest label at the bottom edge."""
    for name in ("slice_xy_000010.png", "slice_yz_000010.png"):
        img, bg = image("tall3d", name)
        low = int(text_ink(img, bg)[-4:, :].sum())
        check(low == 0, "tall3d %s: %d text pixels in the bottom 4 rows (a cut label)" % (name, low))
    labels_fit("tall3d", "slice_xy_000010.png")


def section_tall():
    img, bg = image("tall", "slice_000100.png")
    left, right, top, bottom = bar(img)
    text = text_ink(img, bg)
    above = runs(text[:top - 1, left - 4:].any(axis=1))
    if above and above[-1][1] >= top - 4:
        above = above[:-1]  # the top tick label's upper half
    check(len(above) >= 2, "tall 240x900: %d text bands above the bar (%s): the step label and the title on rows of their own"
          % (len(above), above))
    low = int(text[-3:, :].sum())
    check(low == 0, "tall 240x900: %d text pixels in the bottom 3 rows (a label cut at the edge)" % low)
    drawn = np.abs(img - bg).max(axis=2) > 0.25  # the values are named in their lines' colours
    below = runs(drawn[bottom + 8:, left - 4:].any(axis=1))
    check(len(below) == 2, "tall: %d text lines below the legend (want 2: the insitu.iso values)" % len(below))
    # The lines of each value in its own colour (gs_view.LINE_COLOURS), left of the legend.
    picture = img[:, :left - 4]
    counts = [int((np.abs(picture - np.array(c)).max(axis=2) < 0.12).sum()) for c in ([0.3, 0.9, 1.0], [1.0, 0.35, 0.85])]
    check(min(counts) >= 50, "2D insitu.iso = [0.1, 0.3]: %d and %d pixels in the first and second line colour" % tuple(counts))
    # The plane's edge on the dark background: a long straight run of a light grey.
    edge = (np.abs(picture - picture[0, 0]).max(axis=2) > 0.3) & (picture.max(axis=2) - picture.min(axis=2) < 0.08)
    longest = max([b - a + 1 for x in range(edge.shape[1]) for a, b in runs(edge[:, x])] + [0])
    check(longest >= 100, "tall: the plane's edge, a grey column run of %d px on the dark background" % longest)


def section_slice_contour():
    img, bg = image("sc", "slice_contour_000010.png")
    left, right, top, bottom = bar(img)
    share = (bottom - top + 1) / float(img.shape[0])
    check(share >= 0.6, "slice_contour.py coloured by u: the legend bar spans %.0f%% of the image height" % (100 * share))
    text = text_ink(img, bg)[top - 8:bottom + 9, right + 1:]
    bands = [b for b in runs(text.any(axis=1)) if b[1] - b[0] >= 2]
    centres = [0.5 * (a + b) for a, b in bands]
    gaps = np.diff(centres[1:-1]) if len(centres) > 3 else np.array([0.0])
    off = ends(bands, top, bottom)
    check(len(bands) >= 5 and gaps.max() - gaps.min() <= 2.5 and max(off) <= 3,
          "slice_contour.py coloured by u: %d tick labels, inner spacing %s px (even), the end labels %.1f and %.1f px from the bar's ends"
          % (len(bands), gaps.round(1).tolist(), off[0], off[1]))


def section_iso():
    img, bg = image("iso2", "isosurface_000010.png")
    left, right, top, bottom = bar(img)
    text = text_ink(img, bg)
    below = runs(text[bottom + 8:, left - 4:].any(axis=1))
    check(len(below) == 2, "isosurface.py, insitu.iso = [0.1, 0.3]: %d text lines below the legend (want 2)" % len(below))
    # The triad in the lower left corner: its red x and green z axes.
    corner = int(0.45 * img.shape[0])
    r, g, b = (img[-corner:, :corner, k] for k in range(3))
    axes = ((r > 0.6) & (g < 0.3) & (b < 0.3)) | ((g > 0.6) & (r < 0.3) & (b < 0.3))
    ys, xs = np.nonzero(axes)
    extent = max(xs.max() - xs.min(), ys.max() - ys.min()) + 1 if len(xs) else 0
    check(extent >= 30, "400x300: the triad spans %d px (22 with ParaView's own size)" % extent)
    # The outline box on white: its thin grey lines well away from white.
    grey = (img.max(axis=2) - img.min(axis=2) < 0.05) & (luminance(img) < 0.95)
    picture = grey[:, :left - 4]
    levels = luminance(img)[:, :left - 4][picture]
    dark = np.percentile(levels, 10) if levels.size else 1.0
    check(levels.size > 200 and dark <= 0.55,
          "outline on white: its darkest tenth of %d grey pixels at luminance %.2f or below (0.7 grey was faint)" % (levels.size, dark))


for section in (section_ranges, section_flat, section_tall, section_tall_3d, section_slice_contour, section_iso):
    try:
        section()
    except Exception as e:  # a picture so wrong a measurement cannot be made: one failure, go on
        check(False, "%s: %s: %s" % (section.__name__, type(e).__name__, e))

if failures:
    print("FAIL: %d legend checks" % len(failures))
    sys.exit(1)
print("PASS: legend labels fit and differ at any range, tall images, whole-margin legends, contour values named, triad and edges")
