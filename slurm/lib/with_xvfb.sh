#!/usr/bin/env bash
# Runs one rank (the command given) under its own Xvfb through xvfb-run: the
# in-situ path for nodes without an X server (Debian's ParaView renders only
# through X). job.sh puts it before the binary when the input has an
# insitu.script, DISPLAY is unset and xvfb-run exists (docs/cluster.md).
# Each task's server number starts at 100 + its node-local rank, so that the
# ranks of a node starting at once do not race for one number (-a searches
# upward from there). -noreset: the server stays up between clients.
local_rank=${SLURM_LOCALID:-${OMPI_COMM_WORLD_LOCAL_RANK:-${MPI_LOCALRANKID:-0}}}
exec xvfb-run -a -n "$((100 + local_rank))" -s "-screen 0 1280x1024x24 -noreset" "$@"
