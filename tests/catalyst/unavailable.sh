#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A build without ParaView Catalyst refuses insitu.script before any step:
# exit 2, one error line naming the key and what is missing, no output folder.
# Usage: unavailable.sh GRAYSCOTT WORKDIR SOURCE_TREE
set -euo pipefail
GS=$1 WORK=$2 SRC=$3
rm -rf "$WORK" && mkdir -p "$WORK"
fail() { echo "FAIL: $*"; exit 1; }

rc=0
"$GS" "$SRC/inputs/default.toml" insitu.script="$SRC/inputs/catalyst/slice.py" output.dir="$WORK/run" \
  </dev/null >"$WORK/stdout" 2>"$WORK/stderr" || rc=$?
echo "insitu.script in a build without Catalyst: exit $rc"
cat "$WORK/stderr"
[[ $rc == 2 ]] || { cat "$WORK/stdout"; fail "expected exit 2"; }
[[ $(wc -l <"$WORK/stderr") == 1 ]] || fail "expected one line on stderr"
grep -q "insitu.script.*no ParaView Catalyst" "$WORK/stderr" || fail "the line does not name insitu.script and the missing Catalyst"
[[ ! -s $WORK/stdout ]] || { cat "$WORK/stdout"; fail "the program printed more than the error (a step ran?)"; }
[[ ! -e $WORK/run ]] || fail "output.dir was created"
echo "PASS: refused with one line, exit 2, nothing written"
