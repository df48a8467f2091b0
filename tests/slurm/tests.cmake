# Cluster workflows (issue 11), included from tests/CMakeLists.txt.

# Spatial convergence study from the smooth start (no Slurm needed), one test per stencil.
foreach(case "2d;5;16" "2d;9;16" "3d;7;8" "3d;19;8" "3d;27;8")
  list(GET case 0 dim)
  list(GET case 1 points)
  list(GET case 2 n0)
  add_test(NAME regression.convergence_${points}point
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/regression/convergence/check.sh $<TARGET_FILE:grayscott>
            ${CMAKE_CURRENT_BINARY_DIR}/regression_out/convergence_${points}point
            ${CMAKE_SOURCE_DIR}/slurm/inputs/convergence-${dim}.toml ${points} ${n0})
  set_tests_properties(regression.convergence_${points}point PROPERTIES LABELS "regression;convergence"
    ENVIRONMENT "${GS_MPI_ENV}" TIMEOUT 300)
endforeach()
