# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Runs of True in a row or column of image flags, shared by the in-situ image checkers."""


def runs(flags):
    """[(first, last)] of the runs of True in a 1D sequence."""
    out, start = [], None
    for i, f in enumerate(list(flags) + [False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            out.append((start, i - 1))
            start = None
    return out
