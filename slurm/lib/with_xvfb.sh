#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Runs one rank (the command given) under its own Xvfb through xvfb-run: the
# in-situ path for nodes without an X server (Debian's ParaView renders only
# through X). job.sh puts it before the binary when the input has an
# insitu.script, DISPLAY is unset and xvfb-run exists (docs/cluster.md).
# Each task's server number starts at 100 + its node-local rank, so that the
# ranks of a node starting at once do not race for one number (-a searches
# upward from there). -noreset: the server stays up between clients.
# Slurm's TERM (scancel, the time limit) reaches every process of the step:
# xvfb-run, a shell script, would die of it at once (exit 143) while the
# program under it checkpoints and exits 0, and the launcher would report the
# 143. So TERM is ignored here and in xvfb-run (ignored signals are
# inherited); the program installs its own handler when it starts (before that
# the job's stop file, written on the same TERM, stops it at its first step).
# Xvfb has its own handler and ends on the TERM, after which xvfb-run's
# clean-up fails to kill it and exits 1: the rank's exit code is the
# program's own, kept in a file. Slurm's SIGKILL after KillWait ends them all.
trap '' TERM
local_rank=${SLURM_LOCALID:-${OMPI_COMM_WORLD_LOCAL_RANK:-${MPI_LOCALRANKID:-0}}}
rc_file=$(mktemp "${TMPDIR:-/tmp}/gs_xvfb_rc.XXXXXX") || exit 1
xvfb-run -a -n "$((100 + local_rank))" -s "-screen 0 1280x1024x24 -noreset" \
  /bin/sh -c 'f=$1; shift; "$@"; rc=$?; echo "$rc" >"$f"; exit "$rc"' with_xvfb.sh "$rc_file" "$@"
rc=$?
# Without the program's code (xvfb-run failed before it started), xvfb-run's.
read -r program_rc <"$rc_file" 2>/dev/null && rc=$program_rc
rm -f "$rc_file"
exit "$rc"
