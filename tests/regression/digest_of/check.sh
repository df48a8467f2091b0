#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# digest_of (lib.sh), through which every check reads a summary's digest,
# accepts exactly 16 hex digits and fails, naming the file, on anything else:
# a missing key, null, a short or non-hex value, a missing summary. json_field
# alone gives "" for all of these, and two such digests compare equal.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"

run_ranks 1 "$OUT/run" "$INPUT" time.steps=20 output.every=0 || fail "run failed: $(tail -n 3 "$OUT/run.log")"
good=$OUT/run/summary.json
d=$(digest_of "$good")
echo "ok: $good: digest $d"

# edit NAME PYTHON: a copy of the summary with the digest changed by PYTHON (s is the summary).
edit() {
  $PY -c "import json, sys; s = json.load(open(sys.argv[1])); $2; json.dump(s, open(sys.argv[2], 'w'))" "$good" "$OUT/$1.json"
}
edit no_digest 'del s["digest"]'
edit null 's["digest"] = None'
edit short 's["digest"] = s["digest"][:15]'
edit long 's["digest"] = s["digest"] + "0"'
edit not_hex 's["digest"] = "g" + s["digest"][1:]'
edit number 's["digest"] = 1234567890123456'
[[ $(json_field "$OUT/no_digest.json" digest) == "$(json_field "$OUT/null.json" digest)" ]] ||
  fail "json_field no longer gives the same text for two missing digests; this check's premise changed"
for name in no_digest null short long not_hex number missing_file; do
  file=$OUT/$name.json
  rc=0
  (digest_of "$file") >"$OUT/$name.out" 2>"$OUT/$name.err" || rc=$?
  [[ $rc != 0 ]] || fail "digest_of accepted $name: '$(cat "$OUT/$name.out")'"
  grep -qF -- "FAIL: $file: \"digest\" is" "$OUT/$name.err" || fail "$name: message does not name $file: $(cat "$OUT/$name.err")"
  echo "ok $name refused: $(cat "$OUT/$name.err")"
done
echo "PASS"
