#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Every golden case (cases.txt) still gives the digest recorded in digests.txt,
# bit for bit: refactors and speed work must not change a single result.
# usage: check.sh GRAYSCOTT OUTDIR
set -euo pipefail
GRAYSCOTT=$1 OUT=$2
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
bash "$here/make.sh" "$GRAYSCOTT" >"$OUT/digests.txt" || fail "a golden case failed to run"
if ! diff "$here/digests.txt" "$OUT/digests.txt" >"$OUT/diff.txt"; then
  cat "$OUT/diff.txt" >&2
  fail "digests differ from tests/regression/golden/digests.txt (< recorded, > now)"
fi
echo "PASS: $(grep -c . "$OUT/digests.txt") golden digests unchanged"
