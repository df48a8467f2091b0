#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The GPU check, prepared to run in one go on a machine with an NVIDIA GPU and
# no network (see docs/performance.md, "GPU"). ctest knows it as gpu.device_check
# (label gpu); without a GPU (no nvidia-smi, or it sees none) it exits 77 at once,
# which ctest reports as skipped: CI only compiles and links the CUDA build.
# From the repository root:
#
#   GS_CACHE_DIR=DIR bash tests/gpu/device_check.sh OUTDIR
#
# DIR must already hold DIR/src/trilinos_*.orig.tar.* (cmake/kokkos/build_kokkos.sh
# fetched it on a networked machine: copy /var/cache/grayscott/src along); if
# DIR/debs holds .deb files they are installed first (Open MPI, parallel HDF5,
# toml11, libpng, GoogleTest, Debian's Kokkos for the CPU reference). It:
#   1. builds Kokkos with CUDA (sm_80 code, which newer GPUs run through PTX)
#      and the project with it, and the Serial build for reference;
#   2. runs the digest and rank-independence tests and the halo tests
#      (gpu_aware_mpi off; on as well where MPI reports CUDA support);
#   3. compares the GPU digest of both pattern inputs with the CPU's;
#   4. runs grayscott --benchmark --json OUTDIR/bench-cuda-1rank.json.
# Everything it prints also goes to OUTDIR/device_check.log. Exit 0: all passed;
# 1: a step failed; 77: no GPU here.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:?usage: device_check.sh OUTDIR}
mkdir -p "$out"
exec > >(tee "$out/device_check.log") 2>&1
cache=${GS_CACHE_DIR:-/var/cache/grayscott}
export GS_CACHE_DIR=$cache GS_KOKKOS_JOBS=${GS_KOKKOS_JOBS:-$(nproc)}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
py=${GS_PYTHON:-/usr/bin/python3}
status=0
step() { echo; echo "=== $* ($(date +%T))"; }
check() { if "$@"; then echo "ok: $*"; else echo "FAILED: $*"; status=1; fi; }
digest() { "$py" -c 'import json, sys; print(json.load(open(sys.argv[1]))["digest"])' "$1" 2>/dev/null; }

step "GPU"
if ! command -v nvidia-smi >/dev/null || ! nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv; then
  echo "SKIP: no GPU visible (nvidia-smi missing or it lists none)"
  exit 77
fi
if compgen -G "$cache/debs/*.deb" >/dev/null; then
  step "installing carried Debian packages"
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$cache"/debs/*.deb >/dev/null || status=1
fi

step "Kokkos (CUDA) and the project"
export PATH=${GS_CUDA_HOME:-/usr/local/cuda}/bin:$PATH
kokkos=$(bash "$root/cmake/kokkos/build_kokkos.sh" cuda) || exit 1
cmake -S "$root" -B "$out/build-cuda" -DCMAKE_BUILD_TYPE=Release -DKokkos_ROOT="$kokkos" \
  -DCMAKE_CXX_COMPILER="$kokkos/bin/nvcc_wrapper" >"$out/configure-cuda.log" || exit 1
cmake --build "$out/build-cuda" -j "$(nproc)" >"$out/build-cuda.log" 2>&1 || { tail -n 30 "$out/build-cuda.log"; exit 1; }
cpu_ok=0
if cmake -S "$root" -B "$out/build-serial" -DCMAKE_BUILD_TYPE=Release >"$out/configure-serial.log" 2>&1 &&
   cmake --build "$out/build-serial" -j "$(nproc)" --target grayscott >"$out/build-serial.log" 2>&1; then
  cpu_ok=1
fi

step "digest, rank-independence and halo tests on the GPU"
check ctest --test-dir "$out/build-cuda" --output-on-failure -R "regression.digest|mpi.halo|mpi.linear_decay|^Stencil"

step "CPU and GPU give the same bits (pattern inputs, 200 steps)"
if ((cpu_ok)); then
  for input in pattern-2d pattern-3d; do
    for b in cuda serial; do
      "$out/build-$b/src/grayscott" "$root/tests/regression/digest_ranks/$input.toml" time.steps=200 \
        output.every=1000 output.dir="$out/$input-$b" >"$out/$input-$b.log" 2>&1
    done
    g=$(digest "$out/$input-cuda/summary.json")
    c=$(digest "$out/$input-serial/summary.json")
    echo "$input: GPU $g, CPU $c"
    # Both must be real digests (16 hex digits): two missing ones would be equal.
    [[ $g =~ ^[0-9a-f]{16}$ ]] || { echo "FAILED: $out/$input-cuda/summary.json: no valid digest ('$g')"; status=1; }
    [[ $c =~ ^[0-9a-f]{16}$ ]] || { echo "FAILED: $out/$input-serial/summary.json: no valid digest ('$c')"; status=1; }
    [[ $g == "$c" ]] || { echo "DIFFERENT bits on GPU and CPU for $input"; status=1; }
  done
else
  echo "no Serial build (Debian's libtrilinos-kokkos-dev missing): CPU comparison skipped"
fi

step "halo with gpu_aware_mpi on"
for ranks in 2 4; do
  mpiexec -n $ranks "$out/build-cuda/src/grayscott" "$root/tests/regression/digest_ranks/pattern-2d.toml" \
    time.steps=50 parallel.gpu_aware_mpi=true output.dir="$out/aware-$ranks" >"$out/aware-$ranks.log" 2>&1
  echo "gpu_aware_mpi=true, $ranks ranks: exit $? ($(tail -n 1 "$out/aware-$ranks.log"))"
done

step "benchmark"
"$out/build-cuda/src/grayscott" --benchmark --json "$out/bench-cuda-1rank.json" n2d=8192 n3d=400 stream_mib=1024 ||
  status=1
echo
echo "device_check: $([[ $status == 0 ]] && echo PASS || echo FAIL); results in $out"
exit $status
