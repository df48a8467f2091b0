#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# cmake/GrayScottSourceInfo.cmake, the writer of the build's provenance
# (source_info.cpp), on made-up source folders: a git checkout, clean then with
# a tracked file edited (modified, "-dirty") and with an untracked file only
# (not modified); a folder that is no checkout, and one inside another
# checkout (a tarball unpacked there), both "unknown". An unchanged tree
# leaves the file untouched (nothing recompiles), a new commit rewrites it.
# usage: source_info.sh CMAKE SCRIPT OUTDIR
set -euo pipefail
CMAKE=$1 SCRIPT=$2 OUT=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v git >/dev/null || { echo "SKIP: no git"; exit 77; }
rm -rf "$OUT" && mkdir -p "$OUT"
gen() {  # gen SOURCE_DIR: writes $OUT/source_info.cpp, prints its info line
  "$CMAKE" -DGS_SOURCE_DIR="$1" -DGS_OUTPUT="$OUT/source_info.cpp" -DGIT_EXECUTABLE="$(command -v git)" -P "$SCRIPT"
  sed -n 's/.*static const SourceInfo info{\(.*\)};/\1/p' "$OUT/source_info.cpp"
}
g() { git -C "$OUT/repo" -c user.name=t -c user.email=t@t "$@"; }

mkdir -p "$OUT/plain"
[[ $(gen "$OUT/plain") == '"unknown", "unknown", -1' ]] || fail "a folder that is no checkout: $(gen "$OUT/plain")"

mkdir -p "$OUT/repo/tarball"
g init -q && echo a >"$OUT/repo/a.txt" && g add a.txt && g commit -q -m one
head=$(g rev-parse HEAD)
info=$(gen "$OUT/repo")
[[ $info == "\"$head\", \"${head:0:12}\", 0" ]] || fail "clean checkout: $info (HEAD $head)"
before=$(stat -c '%i %Y %s' "$OUT/source_info.cpp")
sleep 1.1
gen "$OUT/repo" >/dev/null
[[ $(stat -c '%i %Y %s' "$OUT/source_info.cpp") == "$before" ]] || fail "an unchanged tree rewrote source_info.cpp"
echo b >"$OUT/repo/untracked.txt"
[[ $(gen "$OUT/repo") == "$info" ]] || fail "an untracked file counted as a change: $(gen "$OUT/repo")"
echo b >>"$OUT/repo/a.txt"
info=$(gen "$OUT/repo")
[[ $info == "\"$head\", \"${head:0:12}-dirty\", 1" ]] || fail "edited tracked file: $info"
g commit -q -am two
head2=$(g rev-parse HEAD)
info=$(gen "$OUT/repo")
[[ $info == "\"$head2\", \"${head2:0:12}\", 0" ]] || fail "after a new commit: $info"
g tag -a v9.9.9 -m release
[[ $(gen "$OUT/repo") == "\"$head2\", \"v9.9.9\", 0" ]] || fail "tagged commit: $(gen "$OUT/repo")"
echo x >"$OUT/repo/tarball/CMakeLists.txt"
[[ $(gen "$OUT/repo/tarball") == '"unknown", "unknown", -1' ]] ||
  fail "a source folder inside another checkout took its commit: $(gen "$OUT/repo/tarball")"
echo "PASS: commit, modified and unknown as expected; an unchanged tree leaves the file alone"
