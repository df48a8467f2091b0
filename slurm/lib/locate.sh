# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Where the job and study scripts under ROOT find the program and its
# libraries when GS_BIN (GS_MPI_DELAY) is not set (sourced). ROOT is the
# folder that holds slurm/: a source checkout, whose build is ROOT/build/src/,
# or an installed share folder (PREFIX/share/grayscott), where `cmake
# --install` put installed.sh beside this file (from
# cmake/install/installed.sh.in), naming the program's folders relative to
# ROOT, so that an installed tree finds its own program wherever it lies.

# gs_locate ROOT bin|lib NAME: the path of the program (bin) or of one of its
# libraries (lib) that the scripts under ROOT use.
gs_locate() {
  local root=$1 kind=$2 name=$3 GS_INSTALLED_BINDIR="" GS_INSTALLED_LIBDIR=""
  if [[ -f $root/slurm/lib/installed.sh ]]; then
    # shellcheck disable=SC1091
    source "$root/slurm/lib/installed.sh"
    local dir=$root/$GS_INSTALLED_LIBDIR
    [[ $kind == bin ]] && dir=$root/$GS_INSTALLED_BINDIR
    # Without the ".." where the folder exists (as the messages and the job logs show it).
    [[ -d $dir ]] && dir=$(cd "$dir" && pwd)
    echo "$dir/$name"
  else
    echo "$root/build/src/$name"
  fi
}

# gs_default_bin ROOT: the grayscott program the scripts under ROOT run when GS_BIN is not set.
gs_default_bin() { gs_locate "$1" bin grayscott; }
