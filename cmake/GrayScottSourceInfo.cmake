# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Provenance of a build: the source commit the program is built from and
# whether the checkout had changes to tracked files that were not committed
# (git describe --dirty's rule; untracked files do not count). `grayscott
# --version` prints it and summary.json records it (key "build").
#
# Included from src/CMakeLists.txt, it defines the target gs_source_info that
# writes GENERATED_DIR/core/source_info.cpp at every build; run as a script
# (cmake -P) it is that writer. The file is rewritten only when its text
# changes: an unchanged tree recompiles nothing, a new commit or a first edit
# recompiles one small file and relinks. Without git, or when the source
# folder is not the top of a git checkout (a release tarball unpacked inside
# some other repository), the commit is "unknown".
if(CMAKE_SCRIPT_MODE_FILE)
  # cmake -DGS_SOURCE_DIR=... -DGS_OUTPUT=... -DGIT_EXECUTABLE=... -P GrayScottSourceInfo.cmake
  set(commit "unknown")
  set(describe "unknown")
  set(modified "-1")
  if(GIT_EXECUTABLE AND EXISTS "${GS_SOURCE_DIR}")
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${GS_SOURCE_DIR}" rev-parse --show-toplevel HEAD
                    OUTPUT_VARIABLE out RESULT_VARIABLE rc ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(rc EQUAL 0)
      string(REPLACE "\n" ";" out "${out}")
      list(LENGTH out n)
      if(n EQUAL 2)
        list(GET out 0 top)
        list(GET out 1 head)
        file(REAL_PATH "${top}" top)
        file(REAL_PATH "${GS_SOURCE_DIR}" src)
        if(top STREQUAL src AND head MATCHES "^[0-9a-f]+$")
          set(commit "${head}")
          # --no-optional-locks: reading the state never writes the index (a
          # build beside a git command in the same checkout does not collide).
          execute_process(COMMAND "${GIT_EXECUTABLE}" --no-optional-locks -C "${GS_SOURCE_DIR}" status --porcelain
                                  --untracked-files=no
                          OUTPUT_VARIABLE changes RESULT_VARIABLE rc ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
          if(rc EQUAL 0)
            if(changes STREQUAL "")
              set(modified 0)
            else()
              set(modified 1)
            endif()
          endif()
          execute_process(COMMAND "${GIT_EXECUTABLE}" --no-optional-locks -C "${GS_SOURCE_DIR}" describe --always --abbrev=12
                          OUTPUT_VARIABLE describe RESULT_VARIABLE rc ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
          if(NOT rc EQUAL 0 OR describe STREQUAL "")
            string(SUBSTRING "${commit}" 0 12 describe)
          endif()
          if(modified EQUAL 1)
            string(APPEND describe "-dirty")
          endif()
        endif()
      endif()
    endif()
  endif()
  set(text "// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Generated at build time by cmake/GrayScottSourceInfo.cmake: never edit.
#include \"core/source_info.hpp\"

namespace gs {

const SourceInfo& source_info() {
  static const SourceInfo info{\"${commit}\", \"${describe}\", ${modified}};
  return info;
}

}  // namespace gs
")
  set(old "")
  if(EXISTS "${GS_OUTPUT}")
    file(READ "${GS_OUTPUT}" old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE "${GS_OUTPUT}" "${text}")
  endif()
  return()
endif()

find_package(Git QUIET)
set(GS_SOURCE_INFO_CPP ${CMAKE_CURRENT_BINARY_DIR}/generated/core/source_info.cpp)
# Written once now, so that the file exists from the configure on (editors, a
# build of one object); the target below keeps it current at every build.
execute_process(COMMAND ${CMAKE_COMMAND} -DGS_SOURCE_DIR=${PROJECT_SOURCE_DIR} -DGS_OUTPUT=${GS_SOURCE_INFO_CPP}
                        -DGIT_EXECUTABLE=${GIT_EXECUTABLE} -P ${CMAKE_CURRENT_LIST_FILE})
add_custom_target(gs_source_info
  COMMAND ${CMAKE_COMMAND} -DGS_SOURCE_DIR=${PROJECT_SOURCE_DIR} -DGS_OUTPUT=${GS_SOURCE_INFO_CPP}
          -DGIT_EXECUTABLE=${GIT_EXECUTABLE} -P ${CMAKE_CURRENT_LIST_FILE}
  BYPRODUCTS ${GS_SOURCE_INFO_CPP}
  COMMENT "Source commit of the build (core/source_info.cpp)"
  VERBATIM)
