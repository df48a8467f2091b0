#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The HDF5 probe of a build folder whose path holds a space: FindHDF5 runs the
# compiler wrapper on a test file there, which Debian's h5pcc splits at the
# space ("cc1: fatal error: ace/t.c: No such file"). Through
# cmake/hdf5/wrapper_in_safe_path.sh the same call compiles, and `-show`
# prints the include folder CMake reads. Skipped (77) without an HDF5 wrapper.
# usage: hdf5_probe_space.sh SOURCE_DIR
set -euo pipefail
wrapper=$(command -v h5pcc || command -v h5cc || true)
[[ -n $wrapper ]] || { echo "SKIP: no h5pcc or h5cc on PATH"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/gs hdf5 probe.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/sp ace"
printf '#include <hdf5.h>\nint main(void) { hid_t f = H5Fcreate("x.h5", H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT); return f < 0; }\n' \
  >"$work/sp ace/cmake_hdf5_test.c"
cd "$work/sp ace"
bash "$1/cmake/hdf5/wrapper_in_safe_path.sh" "$wrapper" "$work/sp ace/cmake_hdf5_test.c" >"$work/compile.log" 2>&1 ||
  { cat "$work/compile.log"; echo "FAIL: the wrapper did not compile the test file in a folder with a space"; exit 1; }
show=$(bash "$1/cmake/hdf5/wrapper_in_safe_path.sh" "$wrapper" -show "$work/sp ace/cmake_hdf5_test.c")
[[ $show == *-I* && $show != *"sp ace"* ]] || { echo "FAIL: -show printed: $show"; exit 1; }
[[ -z $(ls "$work/sp ace" | grep -v cmake_hdf5_test.c) ]] || { echo "FAIL: the probe left files beside the test file"; exit 1; }
echo "PASS: the HDF5 wrapper compiles a test file under a path with a space, -show names the include folder"
