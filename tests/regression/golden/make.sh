#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Prints digests.txt for cases.txt: "DIGEST INPUT [key=value ...]" per case.
# usage: make.sh GRAYSCOTT > digests.txt   (from anywhere)
set -euo pipefail
GRAYSCOTT=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
source "$here/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"
i=0
grep -v '^#' "$here/cases.txt" | grep . | while read -r input overrides; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  "$GRAYSCOTT" "$input" $overrides output.every=0 "output.dir=$tmp/$i" >"$tmp/$i.log" 2>&1 \
    || { echo "case failed: $input $overrides: $(tail -n 2 "$tmp/$i.log")" >&2; exit 1; }
  digest=$(digest_of "$tmp/$i/summary.json")
  echo "$digest $input $overrides"
done
