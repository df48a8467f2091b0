# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# cmake --install BUILD [--prefix P]: the whole tool, relocatable (every path
# inside is relative to the file that holds it; tests/install/check.sh greps the
# tree for the build and source folders):
#   bin/grayscott                          the program
#   bin/gs-submit gs-cancel gs-sweep gs-scaling gs-convergence
#       gs-time-to-accuracy gs-latency gs-pearson gs-post
#                                          the job, study and postprocessing commands
#   lib/grayscott/                         the Catalyst plugin, the MPI latency injector
#   share/grayscott/inputs/                the ready inputs; inputs/catalyst/ the in-situ
#                                          scripts, found by bare name (insitu.script=slice.py)
#   share/grayscott/slurm/                 the job and study scripts, their library, site files, inputs
#   share/grayscott/postprocess/           gs_post.py and its package gspost (PYTHONPATH)
#   share/grayscott/docs/summary.schema.json   the schema gs_post.py checks summaries against
#   share/doc/grayscott/                   README.md and docs/
#   share/modulefiles/grayscott/VERSION(.lua)  the module file (Environment Modules / Lmod)
# The project's command names start with "gs-": README.md lists which is which.
include(GNUInstallDirs)
# Readable by every user whatever the installer's umask (077 made the prefix
# and bin/ 700): the folders install makes (their mode still passes through
# the umask, so the last rule below adds a+rx to them too) and the project's
# own files.
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
    WORLD_READ WORLD_EXECUTE)

install(TARGETS grayscott RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY inputs/ DESTINATION ${GS_INSTALL_SHAREDIR}/inputs)
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES README.md CHANGELOG.md LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY slurm DESTINATION ${GS_INSTALL_SHAREDIR} USE_SOURCE_PERMISSIONS
        PATTERN __pycache__ EXCLUDE PATTERN "*.pyc" EXCLUDE)
install(DIRECTORY postprocess DESTINATION ${GS_INSTALL_SHAREDIR} USE_SOURCE_PERMISSIONS
        PATTERN __pycache__ EXCLUDE PATTERN "*.pyc" EXCLUDE)
# gspost/summary.py reads the schema at ../../docs/ from its own folder, as in the checkout.
install(FILES docs/summary.schema.json DESTINATION ${GS_INSTALL_SHAREDIR}/docs)

# Relative paths between the installed folders (a dummy prefix: the real one is
# chosen at install time, and every path stays relative to it).
function(gs_relative out from to)
  foreach(dir from to)
    if(NOT IS_ABSOLUTE "${${dir}}")
      set(${dir} "/prefix/${${dir}}")
    endif()
  endforeach()
  file(RELATIVE_PATH rel "${from}" "${to}")
  if(rel STREQUAL "")
    set(rel ".")
  endif()
  set(${out} "${rel}" PARENT_SCOPE)
endfunction()
gs_relative(GS_BIN_TO_SHARE ${CMAKE_INSTALL_BINDIR} ${GS_INSTALL_SHAREDIR})
gs_relative(GS_SHARE_TO_BIN ${GS_INSTALL_SHAREDIR} ${CMAKE_INSTALL_BINDIR})
gs_relative(GS_SHARE_TO_LIB ${GS_INSTALL_SHAREDIR} ${CMAKE_INSTALL_LIBDIR}/grayscott)
# The module's name and version (share/modulefiles/NAME/VERSION): two installs
# with other versions sit side by side in one module tree, and `module swap` works.
set(GS_MODULE_NAME grayscott CACHE STRING "name of the installed module file (share/modulefiles/NAME/VERSION)")
set(GS_MODULE_VERSION ${PROJECT_VERSION} CACHE STRING "version of the installed module file (default: the project's)")
set(GS_INSTALL_MODULEDIR ${CMAKE_INSTALL_DATADIR}/modulefiles/${GS_MODULE_NAME})
gs_relative(GS_MODULE_TO_PREFIX ${GS_INSTALL_MODULEDIR} "")
gs_relative(GS_PREFIX_TO_BIN "" ${CMAKE_INSTALL_BINDIR})
gs_relative(GS_PREFIX_TO_SHARE "" ${GS_INSTALL_SHAREDIR})
gs_relative(GS_PREFIX_TO_DOC "" ${CMAKE_INSTALL_DOCDIR})

set(gen ${CMAKE_CURRENT_BINARY_DIR}/install)
configure_file(cmake/install/installed.sh.in ${gen}/installed.sh @ONLY)
install(FILES ${gen}/installed.sh DESTINATION ${GS_INSTALL_SHAREDIR}/slurm/lib)

# The commands: name, then the script of the share folder it runs.
set(GS_COMMANDS
  gs-submit=slurm/submit.sh gs-cancel=slurm/cancel.sh gs-sweep=slurm/sweep.sh gs-scaling=slurm/scaling.sh
  gs-convergence=slurm/convergence.sh gs-time-to-accuracy=slurm/time_to_accuracy.sh gs-latency=slurm/latency.sh
  gs-pearson=slurm/pearson.sh gs-post=postprocess/gs_post.py)
set(GS_COMMAND_NAMES "")
foreach(entry IN LISTS GS_COMMANDS)
  string(REGEX REPLACE "=.*" "" GS_COMMAND "${entry}")
  string(REGEX REPLACE "^[^=]*=" "" GS_TARGET "${entry}")
  set(GS_RUNNER "")
  if(GS_TARGET MATCHES "[.]py$")
    # Debian's Python, which has the packages the scripts use (the one first on PATH may not).
    set(GS_RUNNER "\"\${GS_PYTHON:-/usr/bin/python3}\" ")
  endif()
  configure_file(cmake/install/command.in ${gen}/bin/${GS_COMMAND} @ONLY)
  install(PROGRAMS ${gen}/bin/${GS_COMMAND} DESTINATION ${CMAKE_INSTALL_BINDIR})
  list(APPEND GS_COMMAND_NAMES ${GS_COMMAND})
endforeach()
string(REPLACE ";" " " GS_COMMAND_NAMES "${GS_COMMAND_NAMES}")

# The module file, for Lmod (Lua) and for Environment Modules (Tcl): both find
# the prefix from their own place.
configure_file(cmake/install/help.txt.in ${gen}/help.txt @ONLY)
file(READ ${gen}/help.txt GS_MODULE_HELP)
configure_file(cmake/install/grayscott.lua.in ${gen}/modulefiles/${GS_MODULE_VERSION}.lua.in @ONLY)
configure_file(cmake/install/grayscott.tcl.in ${gen}/modulefiles/${GS_MODULE_VERSION}.in @ONLY)
# The prefix is known only when `cmake --install --prefix P` runs: written in then.
install(CODE "
  foreach(f ${GS_MODULE_VERSION}.lua ${GS_MODULE_VERSION})
    file(READ \"${gen}/modulefiles/\${f}.in\" text)
    string(REPLACE \"%%GS_INSTALLED_PREFIX%%\" \"\${CMAKE_INSTALL_PREFIX}\" text \"\${text}\")
    file(WRITE \"${gen}/modulefiles/installed/\${f}\" \"\${text}\")
  endforeach()
")
install(FILES ${gen}/modulefiles/installed/${GS_MODULE_VERSION}.lua ${gen}/modulefiles/installed/${GS_MODULE_VERSION}
        DESTINATION ${GS_INSTALL_MODULEDIR})

# Last: the project's installed folders and programs readable (and, where
# executable, runnable) by all, also from a checkout made under umask 077
# (USE_SOURCE_PERMISSIONS copies its modes). Only the project's own paths:
# never the whole prefix, which may be /usr/local.
set(GS_OWN_PATHS ${GS_INSTALL_SHAREDIR} ${CMAKE_INSTALL_DOCDIR} ${GS_INSTALL_MODULEDIR} ${CMAKE_INSTALL_LIBDIR}/grayscott
    ${CMAKE_INSTALL_BINDIR}/grayscott)
foreach(entry IN LISTS GS_COMMANDS)
  string(REGEX REPLACE "=.*" "" c "${entry}")
  list(APPEND GS_OWN_PATHS ${CMAKE_INSTALL_BINDIR}/${c})
endforeach()
install(CODE "
  foreach(p ${GS_OWN_PATHS})
    set(full \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/\${p}\")
    if(IS_ABSOLUTE \"\${p}\")
      set(full \"\$ENV{DESTDIR}\${p}\")
    endif()
    if(EXISTS \"\${full}\")
      execute_process(COMMAND chmod -R a+rX \"\${full}\" RESULT_VARIABLE rc)
      if(rc)
        message(FATAL_ERROR \"chmod -R a+rX \${full} failed\")
      endif()
      # The folders above it up to the prefix: mkdir gave them the umask's mode (an added
      # a+rx, never a removed bit, so a shared prefix keeps its own).
      get_filename_component(up \"\${full}\" DIRECTORY)
      set(top \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
      while(NOT up STREQUAL top AND up MATCHES \"^\${top}/\")
        execute_process(COMMAND chmod a+rx \"\${up}\")
        get_filename_component(up \"\${up}\" DIRECTORY)
      endwhile()
      execute_process(COMMAND chmod a+rx \"\${top}\")
    endif()
  endforeach()
")
