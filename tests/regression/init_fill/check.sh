#!/usr/bin/env bash
# The default diamond-square start seeds about what the default Perlin start
# seeds: on the default input, v's mean at step 0 with init.type =
# diamond_square (neither init.fill nor init.threshold given, so the default
# fill applies) lies within 10% of its mean with init.type = perlin (threshold
# 0.1), for the smooth, default and roughest roughness. Before init.fill the
# diamond-square mean was 1.8e-5, four thousand times too low. The threshold
# line names exactly round(fill x cells) cells above it, on 1 and 3 ranks.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"

# v_mean of final_stats (time.steps = 0: the initial state).
v_mean() { json_field "$1/summary.json" final_stats.v_mean; }

run_ranks 1 "$OUT/perlin" "$INPUT" init.type=perlin time.steps=0 output.every=0 || fail "perlin run failed: $(tail -n 3 "$OUT/perlin.log")"
ref=$(v_mean "$OUT/perlin")
[[ -n $ref ]] || fail "no v_mean in $OUT/perlin/summary.json"
echo "perlin (init.threshold = 0.1): v mean $ref"

for r in 0.5 0.6 1.0; do
  for ranks in 1 3; do
    name="ds_r${r}_n${ranks}"
    run_ranks "$ranks" "$OUT/$name" "$INPUT" init.type=diamond_square init.roughness=$r time.steps=0 output.every=0 \
      || fail "$name run failed: $(tail -n 3 "$OUT/$name.log")"
    got=$(v_mean "$OUT/$name")
    line=$(grep '^init.fill = ' "$OUT/$name.log") || fail "$name: no threshold line in $OUT/$name.log"
    echo "diamond_square roughness $r, $ranks ranks: v mean $got; $line"
    read -r fill above cells < <(sed -n 's/^init.fill = \([0-9.e-]*\): threshold [^,]*, \([0-9]*\) of \([0-9]*\) cells above it$/\1 \2 \3/p' <<<"$line")
    [[ -n ${cells:-} ]] || fail "$name: threshold line not understood: $line"
    "$PY" - "$ref" "$got" "$fill" "$above" "$cells" <<'PY' || fail "$name: see above"
import sys
ref, got, fill = map(float, sys.argv[1:4])
above, cells = int(sys.argv[4]), int(sys.argv[5])
want = int(fill * cells + 0.5)
if above != want:
    sys.exit(f"FAIL: {above} cells above the threshold, round({fill} x {cells}) = {want}")
if not 0.9 * ref <= got <= 1.1 * ref:
    sys.exit(f"FAIL: diamond_square v mean {got} is outside 10% of perlin's {ref}")
PY
  done
done
echo "PASS: the default diamond_square start seeds exactly its fill, v mean within 10% of perlin's"
