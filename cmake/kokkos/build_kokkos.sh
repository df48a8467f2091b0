#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Builds Kokkos 3.4 (the copy inside Debian 12's trilinos 13.2 source package)
# with the OpenMP, the CUDA or the HIP backend, once per machine, and prints its
# install prefix. Debian's libtrilinos-kokkos-dev has the Serial backend only.
# HIP uses Debian's hipcc (5.2) for gfx90a (GS_HIP_ARCH, a Kokkos_ARCH_ name).
#
#   prefix=$(bash cmake/kokkos/build_kokkos.sh openmp|cuda|hip)
#   cmake -S . -B build-openmp -DKokkos_ROOT="$prefix"
#
# The source comes from the Debian mirror configured on this machine (read from
# its apt configuration), through a private apt configuration so the system's
# own lists stay untouched. Builds are cached under $GS_CACHE_DIR (default
# /var/cache/grayscott) as kokkos-<variant>-<hash>, the hash covering every
# input (source package, this script, the patch, compiler); a lock serialises
# concurrent callers. Everything but the prefix goes to stderr.
set -euo pipefail
variant=${1:-}
case $variant in openmp | cuda | hip) ;; *) echo "usage: build_kokkos.sh openmp|cuda|hip" >&2; exit 2 ;; esac
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache=${GS_CACHE_DIR:-/var/cache/grayscott}
jobs=${GS_KOKKOS_JOBS:-2}
nvcc=${GS_NVCC:-/usr/local/cuda/bin/nvcc}
cuda_arch=${GS_CUDA_ARCH:-AMPERE80}
hipcc=${GS_HIPCC:-hipcc}
hip_arch=${GS_HIP_ARCH:-VEGA90A}
mkdir -p "$cache"
exec 9>"$cache/.kokkos.lock"
flock 9

log() { echo "build_kokkos: $*" >&2; }

# The first bookworm mirror in the machine's apt sources (deb822 or one-line form).
debian_mirror() {
  local f uri
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f $f ]] || continue
    uri=$(awk 'BEGIN{RS=""} /Suites:[^\n]*bookworm( |\n|$)/ && /Components:[^\n]*main/ {
            if (match($0, /URIs:[ \t]*[^ \t\n]+/)) { s = substr($0, RSTART, RLENGTH); sub(/URIs:[ \t]*/, "", s); print s; exit } }' "$f")
    [[ -n $uri && $uri != *security* ]] && { echo "$uri"; return; }
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -f $f ]] || continue
    uri=$(awk '$1 == "deb" { for (i = 2; i <= NF; ++i) if ($i ~ /^[a-z]+:\/\//) { if ($(i+1) == "bookworm") { print $i; exit } } }' "$f")
    [[ -n $uri ]] && { echo "$uri"; return; }
  done
  return 1
}

src_dir=$cache/src
mkdir -p "$src_dir"
if ! compgen -G "$src_dir/trilinos_*.orig.tar.*" >/dev/null; then
  mirror=$(debian_mirror) || { log "error: no bookworm mirror in /etc/apt/sources.list*; cannot fetch the trilinos source"; exit 1; }
  command -v apt-get >/dev/null || { log "error: apt-get is needed to fetch the trilinos source"; exit 1; }
  apt=$cache/apt
  mkdir -p "$apt/lists/partial"
  keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  echo "deb-src [signed-by=$keyring] $mirror bookworm main" >"$apt/sources.list"
  opts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$apt/lists")
  log "fetching the trilinos source package (about 166 MB) from the configured Debian mirror"
  apt-get "${opts[@]}" -q update >&2
  (cd "$src_dir" && apt-get "${opts[@]}" -q source --download-only trilinos >&2)
fi
tarball=$(compgen -G "$src_dir/trilinos_*.orig.tar.*" | head -n 1)
version=$(basename "$tarball" | sed 's/^trilinos_\(.*\)\.orig\.tar\..*$/\1/')

compiler_id=$(g++ --version | head -n 1)
[[ $variant == cuda ]] && compiler_id+=" $("$nvcc" --version | tail -n 1) $cuda_arch"
# hipcc --version also asks rocm_agent_enumerator for GPUs (a traceback without one): keep stdout only.
[[ $variant == hip ]] && compiler_id+=" $("$hipcc" --version 2>/dev/null | head -n 2 | tr '\n' ' ') $hip_arch"
hash=$( { echo "$version $variant $compiler_id"; cat "${BASH_SOURCE[0]}" "$here"/kokkos-*.patch; } | sha256sum | cut -c1-12)
prefix=$cache/kokkos-$variant-$hash
if [[ -f $prefix/.complete ]]; then
  echo "$prefix"
  exit 0
fi

work=$(mktemp -d "$cache/build-$variant.XXXXXX")
trap 'rm -rf "$work"' EXIT
log "extracting packages/kokkos from $(basename "$tarball")"
tar -xf "$tarball" -C "$work" --wildcards '*/packages/kokkos/*'
kokkos_src=$(echo "$work"/*/packages/kokkos)
for p in "$here"/kokkos-*.patch; do
  patch -d "$kokkos_src" -p1 --quiet <"$p" || { log "error: $p does not apply to Kokkos in trilinos $version"; exit 1; }
done

args=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_STANDARD=17 -DCMAKE_CXX_EXTENSIONS=OFF -DBUILD_SHARED_LIBS=ON
  -DCMAKE_INSTALL_PREFIX="$prefix" -DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_TESTS=OFF -DKokkos_ENABLE_EXAMPLES=OFF)
if [[ $variant == openmp ]]; then
  args+=(-DKokkos_ENABLE_OPENMP=ON -DCMAKE_CXX_COMPILER=g++)
elif [[ $variant == hip ]]; then
  command -v "$hipcc" >/dev/null || { log "error: no $hipcc on PATH (Debian: apt-get install hipcc libamdhip64-dev; or set GS_HIPCC)"; exit 1; }
  args+=(-DKokkos_ENABLE_HIP=ON "-DKokkos_ARCH_$hip_arch=ON" -DCMAKE_CXX_COMPILER="$(command -v "$hipcc")")
else
  [[ -x $nvcc ]] || { log "error: no nvcc at $nvcc (set GS_NVCC)"; exit 1; }
  export PATH=$(dirname "$nvcc"):$PATH
  args+=(-DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON "-DKokkos_ARCH_$cuda_arch=ON"
    -DCMAKE_CXX_COMPILER="$kokkos_src/bin/nvcc_wrapper")
fi
log "building Kokkos ($variant) into $prefix"
cmake -S "$kokkos_src" -B "$work/build" "${args[@]}" >"$work/configure.log" 2>&1 ||
  { tail -n 30 "$work/configure.log" >&2; exit 1; }
cmake --build "$work/build" -j "$jobs" >"$work/build.log" 2>&1 || { tail -n 40 "$work/build.log" >&2; exit 1; }
rm -rf "$prefix"
cmake --install "$work/build" >"$work/install.log" 2>&1 || { tail -n 20 "$work/install.log" >&2; exit 1; }
# The installed nvcc_wrapper must carry the patched default architecture too.
touch "$prefix/.complete"
log "done: $prefix"
echo "$prefix"
