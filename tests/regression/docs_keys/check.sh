#!/usr/bin/env bash
# Every key that `grayscott --help` lists is documented in docs/config.md, and
# every error message the docs quote is what the program prints (messages.py).
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
"$PY" "$(dirname "$0")/messages.py" "$bin" "$outdir/messages" "$(dirname "$doc")"
