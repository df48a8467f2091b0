# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Finds Kokkos, MPI, toml11, nlohmann-json, libpng, parallel HDF5 and (for the tests) Python 3,
# each with a minimum version (the reason beside it). Works with
# Debian 12's packages and with the Kokkos/MPI modules of a cluster (pass
# -DKokkos_ROOT=...).

# MPI 3.1: the standard Open MPI 4.1 (here) and cluster MPIs implement; the code
# needs MPI 3 at least (MPI_Comm_split_type).
find_package(MPI 3.1 REQUIRED COMPONENTS CXX)

# Kokkos 3.4 (Debian's libtrilinos-kokkos-dev); 4.x accepts the request too
# (its version file takes any newer version).
find_package(Kokkos 3.4 REQUIRED)
# Debian's libtrilinos-kokkos-dev exports Kokkos::kokkos with an include path
# (/usr/lib/include) that does not exist; point it at the real headers.
if(TARGET Kokkos::kokkos AND DEFINED Kokkos_INCLUDE_DIRS)
  get_target_property(_gs_kokkos_inc Kokkos::kokkos INTERFACE_INCLUDE_DIRECTORIES)
  set(_gs_kokkos_inc_ok TRUE)
  foreach(_dir IN LISTS _gs_kokkos_inc)
    if(NOT _dir MATCHES "^\\$<" AND NOT EXISTS "${_dir}")
      set(_gs_kokkos_inc_ok FALSE)
    endif()
  endforeach()
  if(NOT _gs_kokkos_inc_ok)
    get_filename_component(_gs_real_inc "${Kokkos_INCLUDE_DIRS}" REALPATH)
    message(STATUS "Kokkos: fixing exported include path -> ${_gs_real_inc}")
    set_target_properties(Kokkos::kokkos PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_gs_real_inc}")
  endif()
endif()
message(STATUS "Kokkos ${Kokkos_VERSION}, devices: ${Kokkos_DEVICES}")
if(Kokkos_VERSION VERSION_GREATER_EQUAL 5)
  message(WARNING "Kokkos ${Kokkos_VERSION}: this project is written for Kokkos 3.4 to 4.x in C++17; Kokkos 5 "
                  "requires C++20 and is not tested here")
endif()

# toml11 3.x only: 4.0 changed the value API the loader uses (as_string().str,
# is_uninitialized()).
find_package(toml11 3.7...<4 REQUIRED)
find_package(nlohmann_json 3.11 REQUIRED)
find_package(PNG REQUIRED)

# Parallel HDF5 for checkpoints and field outputs. Prefer the MPI build: if the
# serial libhdf5-dev is also installed it would otherwise win silently.
set(HDF5_PREFER_PARALLEL TRUE)
# FindHDF5 runs the compiler wrapper on a test file under the build folder, and
# Debian's h5pcc splits a path at its spaces: with a space in the build
# folder's path the wrapper is run through cmake/hdf5/wrapper_in_safe_path.sh,
# which hands it copies in a folder without one.
if(CMAKE_BINARY_DIR MATCHES "[ \t]" AND NOT HDF5_C_COMPILER_EXECUTABLE)
  find_program(GS_HDF5_C_WRAPPER NAMES h5pcc h5pcc.openmpi h5cc h5cc.openmpi)
  if(GS_HDF5_C_WRAPPER)
    set(safe_wrapper ${CMAKE_BINARY_DIR}/hdf5-wrapper/h5pcc)
    file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/hdf5-wrapper)
    file(WRITE ${safe_wrapper} "#!/usr/bin/env bash\nexec bash \"${PROJECT_SOURCE_DIR}/cmake/hdf5/wrapper_in_safe_path.sh\" \"${GS_HDF5_C_WRAPPER}\" \"$@\"\n")
    file(CHMOD ${safe_wrapper} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
    set(HDF5_C_COMPILER_EXECUTABLE ${safe_wrapper} CACHE FILEPATH "HDF5 C compiler wrapper (through a folder without spaces)")
  endif()
endif()
# 1.10: collective metadata (H5Pset_coll_metadata_write, io/h5.cpp) arrived then.
find_package(HDF5 1.10 REQUIRED COMPONENTS C)
if(NOT HDF5_IS_PARALLEL)
  message(FATAL_ERROR "HDF5 found at ${HDF5_INCLUDE_DIRS} is not built with MPI; install libhdf5-openmpi-dev "
                      "(Debian) or load a parallel HDF5 module, or point HDF5_ROOT at one")
endif()
message(STATUS "Parallel HDF5 ${HDF5_VERSION}: ${HDF5_INCLUDE_DIRS}")

# Python 3 for the test checkers and postprocess/ (label regression and others).
# Debian's /usr/bin/python3 sees python3-h5py, -numpy, -matplotlib; a pyenv or
# conda python3 first on PATH usually does not, so it is the default when it
# exists (-DPython3_EXECUTABLE=... picks another). Before the ParaView look-up,
# whose VTK finds Python 3 as well and must find the same one.
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "Python 3 interpreter for the tests")
endif()
if(GS_BUILD_TESTS)
  find_package(Python3 3.6 REQUIRED COMPONENTS Interpreter)  # f-strings
  message(STATUS "Python ${Python3_VERSION} for the tests: ${Python3_EXECUTABLE}")
endif()
