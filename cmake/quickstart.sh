#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Quick start on Debian 12:
#   bash cmake/quickstart.sh        install missing packages, build Release, run inputs/default.toml
#   bash cmake/quickstart.sh test   same set-up, then the whole test suite (what CI runs)
#   bash cmake/quickstart.sh build  set-up and build only
# GS_BACKEND=openmp (threads in each rank), GS_BACKEND=cuda (needs /usr/local/cuda; a
# GPU only to run) or GS_BACKEND=hip (Debian's hipcc, installed only for this backend;
# AMD gfx90a, an AMD GPU only to run) builds Kokkos from Debian's trilinos source once per machine
# (cmake/kokkos/build_kokkos.sh) and the project against it; the default, serial,
# uses Debian's Kokkos package. Build folder: build/ (serial) or build-<backend>/, or GS_BUILD_DIR.
# GS_CTEST_ARGS adds arguments to the test run. GS_HOST_ARCH=native (or e.g. x86-64-v3)
# compiles the host code for that instruction set (CMake's GS_HOST_ARCH; same results).
# Packages are installed only as root or through passwordless sudo; otherwise the
# apt-get line is printed and the script stops.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mode=${1:-run}
case $mode in run | test | build) ;; *) echo "usage: bash cmake/quickstart.sh [run|test|build]" >&2; exit 2 ;; esac
backend=${GS_BACKEND:-serial}
case $backend in serial | openmp | cuda | hip) ;;
  *) echo "quickstart: GS_BACKEND='$backend': expected serial, openmp, cuda or hip" >&2; exit 2 ;; esac
# Each backend has its own default folder: a cached Kokkos_DIR would otherwise
# keep an existing build on the Kokkos it was configured with.
default_build=$root/build
[[ $backend != serial ]] && default_build=$root/build-$backend
build=${GS_BUILD_DIR:-$default_build}

packages=(cmake g++ make ccache libtrilinos-kokkos-dev libopenmpi-dev openmpi-bin libtoml11-dev nlohmann-json3-dev libpng-dev libgtest-dev python3
  libhdf5-openmpi-dev hdf5-tools)
# The test suite also reads outputs with h5py and Debian's ParaView (about 1.3 GB); with paraview-dev
# the build includes the Catalyst in-situ adaptor, whose tests render under Xvfb; postprocess/ plots
# with matplotlib and measures patterns with scipy, summaries are checked against docs/summary.schema.json with jsonschema, and slurm/ runs on a one-node Slurm (label slurm);
# the installed tree is reached through `module load grayscott` with Lmod (label install).
[[ $mode == test ]] && packages+=(python3-h5py python3-numpy python3-scipy python3-matplotlib python3-jsonschema paraview paraview-dev python3-paraview
  xvfb xauth faketime slurmctld slurmd slurm-client munge lmod)
# Kokkos from source: fetched with apt-get, patched, built with CMake.
[[ $backend != serial ]] && packages+=(patch ca-certificates)
# Debian's HIP compiler (about 300 MB with its LLVM), only when HIP is asked for.
[[ $backend == hip ]] && packages+=(hipcc libamdhip64-dev)

if command -v dpkg-query >/dev/null; then
  missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    apt_line="apt-get install -y --no-install-recommends ${missing[*]}"
    if [[ $(id -u) == 0 ]]; then sudo=""
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo"
    else
      echo "Missing Debian packages: ${missing[*]}" >&2
      echo "Install them with:  sudo apt-get update && sudo $apt_line" >&2
      exit 1
    fi
    echo "Installing: ${missing[*]}"
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo $apt_line
  fi
else
  echo "No dpkg here: assuming Kokkos, MPI, toml11, libpng, HDF5, GoogleTest, Python 3 are installed (see README)."
fi

# Open MPI refuses root and more ranks than cores unless told; CMA fails in containers.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl_vader_single_copy_mechanism=none

jobs=$(nproc 2>/dev/null || echo 2)
cmake_args=(-DCMAKE_BUILD_TYPE=Release "-DGS_HOST_ARCH=${GS_HOST_ARCH:-}")
if [[ $backend != serial ]]; then
  kokkos=$(bash "$root/cmake/kokkos/build_kokkos.sh" "$backend")
  cmake_args+=(-DKokkos_ROOT="$kokkos")
  # The in-situ adaptor is host code around ParaView and is built and tested
  # with the serial build; here the build also checks the path without it.
  cmake_args+=(-DGS_ENABLE_CATALYST=OFF)
  # nvcc_wrapper compiles every source for the GPU and the host; it needs nvcc on PATH.
  [[ $backend == cuda ]] && export PATH=${GS_CUDA_HOME:-/usr/local/cuda}/bin:$PATH &&
    cmake_args+=(-DCMAKE_CXX_COMPILER="$kokkos/bin/nvcc_wrapper") && jobs=2
  # hipcc compiles every source for the GPU and the host, like nvcc_wrapper.
  [[ $backend == hip ]] && cmake_args+=(-DCMAKE_CXX_COMPILER="$(command -v "${GS_HIPCC:-hipcc}")") && jobs=2
fi
# A compiler cache kept per machine, outside the clone (every kernel is
# instantiated for double and float): a fresh clone, as CI makes, recompiles
# only what changed. Paths are taken relative to the clone so any clone hits.
# Not for CUDA, whose nvcc_wrapper ccache does not know how to cache.
if [[ $backend != cuda && -z ${CMAKE_CXX_COMPILER_LAUNCHER:-} ]] && command -v ccache >/dev/null &&
  mkdir -p "${CCACHE_DIR:-/var/cache/ccache}" 2>/dev/null && [[ -w ${CCACHE_DIR:-/var/cache/ccache} ]]; then
  export CCACHE_DIR=${CCACHE_DIR:-/var/cache/ccache} CCACHE_BASEDIR=$root
  cmake_args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S "$root" -B "$build" "${cmake_args[@]}"
# GS_BUILD_TARGET: one target only (CI's device compile checks build the
# program, which holds every kernel in both precisions).
cmake --build "$build" -j "$jobs" ${GS_BUILD_TARGET:+--target "$GS_BUILD_TARGET"}

cd "$root"
if [[ $mode == build ]]; then
  echo "Built $build (Kokkos backend: $backend)"
elif [[ $mode == run ]]; then
  "$build/src/grayscott" inputs/default.toml
  echo
  echo "Images (v_*.png) and summary.json are in $root/out/default/"
else
  read -r -a ctest_extra <<<"${GS_CTEST_ARGS:-}"  # e.g. GS_CTEST_ARGS="-LE slurm"
  ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 900 "${ctest_extra[@]}"
fi
