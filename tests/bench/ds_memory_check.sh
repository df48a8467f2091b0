#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Per-rank memory of the diamond-square start follows the local box, not the
# global grid: for a fixed local box the peak resident set above start-up, and
# the peak of what Kokkos holds in the field memory space (device memory on a
# GPU build), may each grow by at most 15% (+1 MiB) from the smallest to the
# largest global grid, while the global field grows by orders of magnitude (up
# to petabytes).
# usage: ds_memory_check.sh DS_MEMORY_BINARY
set -euo pipefail

if [[ $# -ne 1 ]]; then
  echo "usage: $0 DS_MEMORY_BINARY" >&2
  exit 2
fi
bin=$1
[[ -x $bin ]] || { echo "FAIL: $bin is not an executable" >&2; exit 1; }

status=0
check() {  # dims local global...
  local dims=$1 local_n=$2
  shift 2
  local lines="" line
  for global in "$@"; do
    line=$("$bin" "$dims" "$local_n" "$global")
    echo "$line"
    lines+="$line"$'\n'
  done
  local field first last limit
  for field in generator_kb space_peak_kb; do
    first=$(sed -nE "s/.* $field=([0-9-]+).*/\1/p" <<<"$lines" | head -1)
    last=$(sed -nE "s/.* $field=([0-9-]+).*/\1/p" <<<"$lines" | tail -1)
    [[ -n $first && -n $last ]] || { echo "FAIL: no $field in the output" >&2; status=1; continue; }
    # The field alone must register, or the callbacks counted nothing.
    if [[ $field == space_peak_kb ]] && (( first * 1024 < 8 * local_n ** dims )); then
      echo "FAIL: ${dims}D local ${local_n}: $field=$first KiB is less than the local field itself" >&2
      status=1
      continue
    fi
    limit=$(( first * 115 / 100 + 1024 ))
    if (( last > limit )); then
      echo "FAIL: ${dims}D local ${local_n}: $field grew from ${first} KiB to ${last} KiB (limit ${limit} KiB)" >&2
      status=1
    else
      echo "ok: ${dims}D local ${local_n}: $field ${first} KiB at global $1, ${last} KiB at global ${*: -1} (limit ${limit} KiB)"
    fi
  done
}

check 3 64 128 1024 8192 65536
check 2 512 1024 16384 262144 4194304

if (( status == 0 )); then echo "PASS: per-rank diamond-square memory does not grow with the global grid"; fi
exit $status
