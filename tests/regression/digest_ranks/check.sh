#!/usr/bin/env bash
# Same input, same bits: the final digest of a pattern-forming run must be
# identical on 1, 2, 3, 4, 6 and 8 ranks and on non-default layouts.
# usage: check.sh GRAYSCOTT OUTDIR INPUT [section.key=value ...]
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
shift 3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"

run_ranks 1 "$OUT/r1" "$INPUT" "$@" || fail "1-rank run failed: $(tail -n 3 "$OUT/r1.log")"
ref=$(digest_of "$OUT/r1/summary.json")
steps=$(json_field "$OUT/r1/summary.json" steps)
dims=$(json_field "$OUT/r1/summary.json" config.grid.dims)
echo "1 rank: digest $ref after $steps steps (${dims}D)"

cases=("2" "3" "4" "6" "8")
if [[ $dims == 2 ]]; then
  cases+=("4:parallel.layout=[4,1]" "4:parallel.layout=[1,4]" "6:parallel.layout=[1,6]")
else
  cases+=("4:parallel.layout=[1,1,4]" "4:parallel.layout=[4,1,1]" "6:parallel.layout=[1,3,2]")
fi
for c in "${cases[@]}"; do
  ranks=${c%%:*}
  extra=()
  [[ $c == *:* ]] && extra=("${c#*:}")
  name="r${ranks}${extra:+_$(tr -c 'a-z0-9' '_' <<<"${extra[0]}")}"
  run_ranks "$ranks" "$OUT/$name" "$INPUT" "$@" "${extra[@]}" || fail "$c run failed: $(tail -n 3 "$OUT/$name.log")"
  got=$(digest_of "$OUT/$name/summary.json")
  layout=$(json_field "$OUT/$name/summary.json" layout)
  echo "$ranks ranks, layout $layout: digest $got"
  [[ $got == "$ref" ]] || fail "digest on $ranks ranks (layout $layout) is $got, 1 rank gave $ref"
done
echo "PASS: identical digests on every rank count and layout"
