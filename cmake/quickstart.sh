#!/usr/bin/env bash
# Quick start on Debian 12:
#   bash cmake/quickstart.sh        install missing packages, build Release, run inputs/default.toml
#   bash cmake/quickstart.sh test   same set-up, then the whole test suite (what CI runs)
# Packages are installed only as root or through passwordless sudo; otherwise the
# apt-get line is printed and the script stops.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mode=${1:-run}
case $mode in run | test) ;; *) echo "usage: bash cmake/quickstart.sh [run|test]" >&2; exit 2 ;; esac
build=${GS_BUILD_DIR:-$root/build}

packages=(cmake g++ make libtrilinos-kokkos-dev libopenmpi-dev openmpi-bin libtoml11-dev libpng-dev libgtest-dev
  libhdf5-openmpi-dev hdf5-tools)
# The test suite also reads outputs with h5py and Debian's ParaView (about 1.3 GB),
# plots with matplotlib (postprocess/), and runs slurm/ on a one-node Slurm (label slurm).
[[ $mode == test ]] && packages+=(python3-h5py python3-numpy python3-matplotlib paraview python3-paraview
  slurmctld slurmd slurm-client munge)

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
  echo "No dpkg here: assuming Kokkos, MPI, toml11, libpng and GoogleTest are installed (see README)."
fi

# Open MPI refuses root and more ranks than cores unless told; CMA fails in containers.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl_vader_single_copy_mechanism=none

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" -j "$jobs"

cd "$root"
if [[ $mode == run ]]; then
  "$build/src/grayscott" inputs/default.toml
  echo
  echo "Images (v_*.png) and summary.json are in $root/out/default/"
else
  ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 900
fi
