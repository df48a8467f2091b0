# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The floating-point policy as one INTERFACE target, grayscott_fp_policy:
# every target that compiles project code links it (grayscott_core PUBLIC, so
# the executable, the test binaries and the bench helpers get it through the
# core library, whose header kernels they compile; the Catalyst plugin links it
# itself). Results must be bitwise identical on any rank count and on the GPU:
#   -ffp-contract=off (GCC, Clang): no a*b+c contracted into an FMA in one
#       kernel and not in another (interior and boundary kernels must agree);
#   --fmad=false (CUDA): nvcc fuses in device code unless told not to, and
#       ignores the host flag there: without it the GPU's bits differ;
#   -march=${GS_HOST_ARCH} (CPU builds only; empty: the compiler's default):
#       wider vectors do the same per-cell operations, so the bits stay.
# Subnormals are a run-time choice, not a flag: src/core/float_env.hpp sets
# FTZ/DAZ per thread (GS_KEEP_SUBNORMALS=1 keeps them). No -ffast-math here.
# GS_FP_FLAGS lists the flags for the check that every object got them
# (unit.fp_policy). Needs Kokkos_DEVICES (GrayScottDependencies.cmake).

set(GS_FP_FLAGS "")
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  list(APPEND GS_FP_FLAGS -ffp-contract=off)
  if(GS_HOST_ARCH AND NOT Kokkos_DEVICES MATCHES "CUDA")
    list(APPEND GS_FP_FLAGS -march=${GS_HOST_ARCH})
  endif()
endif()
if(Kokkos_DEVICES MATCHES "CUDA")
  list(APPEND GS_FP_FLAGS --fmad=false)
endif()

add_library(grayscott_fp_policy INTERFACE)
# C++ only: all the project's sources are C++ (C is enabled only for the config scripts).
target_compile_options(grayscott_fp_policy INTERFACE "$<$<COMPILE_LANGUAGE:CXX>:${GS_FP_FLAGS}>")
list(JOIN GS_FP_FLAGS " " _gs_fp_text)
message(STATUS "Floating-point policy (grayscott_fp_policy): ${_gs_fp_text}")
