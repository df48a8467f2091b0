# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# digest_of SUMMARY: its "digest", which must be exactly 16 hex digits, else
# FAIL naming the file (two missing digests must not compare equal: a check
# that read "" for both would pass). Use it as a plain assignment
# (d=$(digest_of F)), whose failure stops a script under set -e. Sourced by
# the regression, Slurm and in-situ test libraries, which define fail.
digest_of() {
  local d
  # A string as it is; anything else (no key, null, a number) in <>, never a match.
  d=$("${PY:-/usr/bin/python3}" -c 'import json, sys
s = json.load(open(sys.argv[1]))
d = s.get("digest")
print("<no such key>" if "digest" not in s else d if isinstance(d, str) else "<%s>" % json.dumps(d))' "$1" 2>/dev/null) || d="<no readable summary>"
  [[ $d =~ ^[0-9a-f]{16}$ ]] || fail "$1: \"digest\" is '$d', expected a string of 16 hex digits"
  echo "$d"
}
