# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Cluster workflows (issue 11), included from tests/CMakeLists.txt.

# slurm/ on a real one-node Slurm on localhost (label "slurm"; needs root and
# Debian's slurmctld/slurmd/slurm-client, otherwise every test skips with a
# message; `ctest -LE slurm` leaves them out). The cluster is a fixture: started
# once, stopped by slurm.cluster_stop whatever the tests did; the stop fails when
# a daemon had died during the tests or did not exit on `scontrol shutdown`.
set(GS_SLURM_STATE ${CMAKE_CURRENT_BINARY_DIR}/slurm_cluster.env)
add_test(NAME slurm.cluster_start COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/slurm/cluster.sh start ${GS_SLURM_STATE})
set_tests_properties(slurm.cluster_start PROPERTIES FIXTURES_SETUP slurm_cluster LABELS slurm SKIP_RETURN_CODE 77 TIMEOUT 60)
add_test(NAME slurm.cluster_stop COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/slurm/cluster.sh stop ${GS_SLURM_STATE})
set_tests_properties(slurm.cluster_stop PROPERTIES FIXTURES_CLEANUP slurm_cluster LABELS slurm SKIP_RETURN_CODE 77 TIMEOUT 60)
foreach(t mpi_job restart_chain chain_limit chain_cancel chain_early_stop chain_no_progress chain_requeue chain_cancel_early
    chain_messages chain_cancel_signal chain_time_limit chain_early_errors chain_busy_folder restart_checks cleanup sweep sweep_patterns
    scaling convergence_failed collect_cancel sweep_cancel study_cancel pearson dependency_check)
  add_test(NAME slurm.${t}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/slurm/check.sh ${t} $<TARGET_FILE:grayscott> ${GS_SLURM_STATE}
            ${CMAKE_CURRENT_BINARY_DIR}/slurm_out/${t})
  # Slurm reruns a requeued job about 3 minutes after the requeue (its begin-time delay).
  set(timeout 300)
  if(t STREQUAL "chain_requeue")
    set(timeout 480)
  endif()
  # One at a time on the shared cluster: timings and signals stay predictable. check.sh
  # fails and cleans up (its jobs cancelled and waited out) 45 s before ctest's TIMEOUT.
  set_tests_properties(slurm.${t} PROPERTIES FIXTURES_REQUIRED slurm_cluster RESOURCE_LOCK slurm_cluster LABELS slurm
    SKIP_RETURN_CODE 77 TIMEOUT ${timeout} ENVIRONMENT "${GS_MPI_ENV};GS_SLURM_TEST_TIMEOUT=${timeout}")
endforeach()
