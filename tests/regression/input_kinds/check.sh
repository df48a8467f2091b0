#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# An input that is not a regular file is refused with exit 2 and one line
# saying what it is; nothing is created.
# usage: check.sh GRAYSCOTT OUTDIR
set -euo pipefail
GRAYSCOTT=$1 OUT=$2
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT/folder.toml"
mkfifo "$OUT/pipe.toml"
expect() {
  local name=$1 input=$2 text=$3 rc=0
  (cd "$OUT" && timeout 60 "$GRAYSCOTT" "$input" output.dir=created) >"$OUT/$name.out" 2>"$OUT/$name.err" || rc=$?
  [[ $rc == 2 ]] || fail "$name: exit code $rc, expected 2: $(cat "$OUT/$name.err")"
  [[ $(grep -c . "$OUT/$name.err") == 1 ]] || fail "$name: expected one line: $(cat "$OUT/$name.err")"
  grep -qF -- "$input: the input is $text" "$OUT/$name.err" || fail "$name: message lacks '$text': $(cat "$OUT/$name.err")"
  [[ ! -e $OUT/created ]] || fail "$name: an output folder was created"
  echo "ok $name: $(cat "$OUT/$name.err")"
}
expect directory "$OUT/folder.toml" "a directory"
expect device /dev/urandom "a character device"
expect fifo "$OUT/pipe.toml" "a pipe"
echo "input kinds: non-regular inputs refused"
