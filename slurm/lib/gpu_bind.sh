#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# One rank per GPU: the rank with node-local id L sees only GPU L, so Kokkos'
# default device 0 is a different GPU for each rank of a node.
local_id=${SLURM_LOCALID:-${OMPI_COMM_WORLD_LOCAL_RANK:-${MPI_LOCALRANKID:-${PALS_LOCAL_RANKID:-0}}}}
export CUDA_VISIBLE_DEVICES=$local_id ROCR_VISIBLE_DEVICES=$local_id HIP_VISIBLE_DEVICES=$local_id
[[ ${GS_GPU_BIND_VERBOSE:-0} == 1 ]] && echo "gpu_bind: node $(hostname) local rank $local_id -> GPU $local_id"
exec "$@"
