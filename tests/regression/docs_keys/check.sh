#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Every key that `grayscott --help` lists is documented in docs/config.md, every
# default the docs' key tables give is the program's (defaults.py), every link
# between the pages reaches its heading (links.py), every repository path the
# docs and the source comments name exists and every key the docs name is one
# the program accepts (check_paths.py; alone, after moving files:
# python3 tests/regression/docs_keys/check_paths.py .), and every error
# message the docs quote is what the program prints (messages.py).
# usage: check.sh GRAYSCOTT_BINARY OUTDIR CONFIG_MD
# Extracts the key lines of the help ("  section.key  (type, unit, default)")
# and requires each key to appear in CONFIG_MD as `section.key` (in backticks).
set -euo pipefail

source "$(dirname "$0")/../lib.sh"
[[ $# -eq 3 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR CONFIG_MD"
bin=$1
outdir=$2
doc=$3

[[ -x $bin ]] || fail "$bin is not an executable"
[[ -f $doc ]] || fail "$doc does not exist"
mkdir -p "$outdir"

help=$outdir/help.txt
rc=0
"$bin" --help >"$help" 2>&1 || rc=$?
if [[ $rc -ne 0 ]]; then
  echo "FAIL: '$bin --help' exited with code $rc" >&2
  cat "$help" >&2
  exit 1
fi

mapfile -t keys < <(sed -nE 's/^  ([A-Za-z0-9_]+\.[A-Za-z0-9_]+)  \(.*/\1/p' "$help")
if [[ ${#keys[@]} -eq 0 ]]; then
  echo "FAIL: no keys found in the output of '$bin --help' (lines of the form '  section.key  (...')" >&2
  exit 1
fi

missing=()
for key in "${keys[@]}"; do
  grep -qF "\`$key\`" "$doc" || missing+=("$key")
done

if [[ ${#missing[@]} -ne 0 ]]; then
  echo "FAIL: ${#missing[@]} of ${#keys[@]} keys printed by --help are not documented in $doc as \`section.key\`:" >&2
  printf '  %s\n' "${missing[@]}" >&2
  exit 1
fi
echo "PASS: all ${#keys[@]} keys printed by --help appear in $doc"

# Each default the docs' key tables give is the one --help prints (defaults.py).
docs=$(dirname "$doc")
"$PY" "$(dirname "$0")/defaults.py" "$help" "$docs"
# The comparison must see an edited default: physics.F's row in a copy of the docs, changed.
edited=$outdir/edited_docs
rm -rf "$edited" && cp -r "$docs" "$edited"
sed -i -E 's/^(\| `physics\.F` \|[^|]*\| )`0\.037`/\1`0.038`/' "$edited/$(basename "$doc")"
! cmp -s "$doc" "$edited/$(basename "$doc")" || fail "could not edit physics.F's default in a copy of $doc (its row changed?)"
if "$PY" "$(dirname "$0")/defaults.py" "$help" "$edited" >"$outdir/edited.txt" 2>&1; then
  fail "defaults.py accepted docs where physics.F's default reads 0.038: $(cat "$outdir/edited.txt")"
fi
grep -q '`physics.F` documented default `0.038`' "$outdir/edited.txt" ||
  fail "defaults.py did not name the edited physics.F default: $(cat "$outdir/edited.txt")"
echo "PASS: an edited default (physics.F = 0.038 in a copy) is reported"
# Every relative link of README.md and docs/*.md reaches its file and heading.
"$PY" "$(dirname "$0")/links.py" "$(dirname "$docs")"
# Every repository path named in the docs and the comments exists; every key
# named in the docs is the program's.
"$PY" "$(dirname "$0")/check_paths.py" "$(dirname "$docs")" --keys "$help"
# The recognizer must see a stale path, a pattern matching nothing and an
# unknown key, and pass what exists: a made-up tree with one of each.
planted=$outdir/planted
rm -rf "$planted" && mkdir -p "$planted/src/core" "$planted/docs"
printf '#pragma once\n// read by src/core/a.hpp and core/a.hpp; made by tests/gone.sh\n' >"$planted/src/core/a.hpp"
printf '# Page\n\n`src/core/a.hpp`, `src/core/*.hpp`, `docs/p.md`: `time.dt`, not `out/src/x`.\n`src/core/*.cpp` and `time.dtt`\n' >"$planted/docs/p.md"
printf '  time.dt  (number, unit: time, default: 1)\n' >"$planted/help.txt"
if "$PY" "$(dirname "$0")/check_paths.py" "$planted" --keys "$planted/help.txt" >"$outdir/planted.txt" 2>&1; then
  fail "check_paths.py accepted a tree naming tests/gone.sh: $(cat "$outdir/planted.txt")"
fi
for expected in "src/core/a.hpp:2: tests/gone.sh" "docs/p.md:4: src/core/*.cpp" "docs/p.md:4: time.dtt"; do
  grep -qF "  $expected" "$outdir/planted.txt" || fail "check_paths.py did not report '$expected': $(cat "$outdir/planted.txt")"
done
[[ $(grep -c '^  ' "$outdir/planted.txt") -eq 3 ]] || fail "check_paths.py reported more than the 3 planted references: $(cat "$outdir/planted.txt")"
echo "PASS: a planted stale path, an empty pattern and an unknown key are reported, with file and line"
"$PY" "$(dirname "$0")/messages.py" "$bin" "$outdir/messages" "$(dirname "$doc")"
