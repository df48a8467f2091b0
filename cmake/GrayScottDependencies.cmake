# Finds Kokkos, MPI, toml11, nlohmann-json and libpng. Works with Debian 12's packages and with
# the Kokkos/MPI modules of a cluster (pass -DKokkos_ROOT=...).

find_package(MPI REQUIRED COMPONENTS CXX)

find_package(Kokkos REQUIRED)
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

find_package(toml11 REQUIRED)
find_package(nlohmann_json 3.11 REQUIRED)
find_package(PNG REQUIRED)

# Parallel HDF5 for checkpoints and field outputs. Prefer the MPI build: if the
# serial libhdf5-dev is also installed it would otherwise win silently.
set(HDF5_PREFER_PARALLEL TRUE)
find_package(HDF5 REQUIRED COMPONENTS C)
if(NOT HDF5_IS_PARALLEL)
  message(FATAL_ERROR "HDF5 found at ${HDF5_INCLUDE_DIRS} is not built with MPI; install libhdf5-openmpi-dev "
                      "(Debian) or load a parallel HDF5 module, or point HDF5_ROOT at one")
endif()
message(STATUS "Parallel HDF5 ${HDF5_VERSION}: ${HDF5_INCLUDE_DIRS}")
