#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# CMake's FindHDF5 learns the include folders and libraries by running the HDF5
# compiler wrapper (h5pcc) on a test file under the build folder. Debian's
# h5pcc splits its arguments at white space, so a build folder whose path holds
# a space (/tmp/fresh clone/gs/build) made it fail and HDF5 "not found". This
# stand-in copies every file argument whose path holds white space into a
# private folder without any, runs the real wrapper there on the copies, and
# removes the folder. usage: wrapper_in_safe_path.sh REAL_WRAPPER ARG...
set -euo pipefail
real=$1
shift
safe=$(mktemp -d "${TMPDIR:-/tmp}/gs-hdf5-probe.XXXXXX")
trap 'rm -rf "$safe"' EXIT
args=()
for a in "$@"; do
  if [[ $a == *[[:space:]]* && -f $a ]]; then
    cp -- "$a" "$safe/"
    a=$safe/$(basename -- "$a")
  fi
  args+=("$a")
done
cd "$safe"
"$real" "${args[@]}"
