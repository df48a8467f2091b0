# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# ParaView Catalyst (legacy vtkCPProcessor API, which Debian 12's ParaView 5.11
# ships; it also runs the newer `from paraview import catalyst` scripts).
#   GS_ENABLE_CATALYST=AUTO (default): build the adaptor when ParaView is found
#   GS_ENABLE_CATALYST=ON: ParaView is required (configure error without it)
#   GS_ENABLE_CATALYST=OFF: never look for it
# Sets GS_HAVE_CATALYST (TRUE/FALSE) for src/ and tests/, and where the
# program finds the Catalyst plugin (src/insitu/catalyst_plugin.hpp).
include(GNUInstallDirs)
set(GS_CATALYST_PLUGIN_NAME ${CMAKE_SHARED_MODULE_PREFIX}grayscott_catalyst${CMAKE_SHARED_MODULE_SUFFIX})
file(RELATIVE_PATH GS_CATALYST_PLUGIN_RELDIR /prefix/${CMAKE_INSTALL_BINDIR} /prefix/${CMAKE_INSTALL_LIBDIR}/grayscott)
set(GS_ENABLE_CATALYST AUTO CACHE STRING "In-situ visualization with ParaView Catalyst: AUTO, ON or OFF")
set_property(CACHE GS_ENABLE_CATALYST PROPERTY STRINGS AUTO ON OFF)
string(TOUPPER "${GS_ENABLE_CATALYST}" _gs_catalyst_mode)
if(NOT _gs_catalyst_mode MATCHES "^(AUTO|ON|OFF|TRUE|FALSE|YES|NO|1|0)$")
  message(FATAL_ERROR "GS_ENABLE_CATALYST=${GS_ENABLE_CATALYST}: allowed values are AUTO, ON, OFF")
endif()
if(_gs_catalyst_mode MATCHES "^(TRUE|YES|1)$")
  set(_gs_catalyst_mode ON)
elseif(_gs_catalyst_mode MATCHES "^(FALSE|NO|0)$")
  set(_gs_catalyst_mode OFF)
endif()

set(GS_HAVE_CATALYST FALSE)
if(NOT _gs_catalyst_mode STREQUAL "OFF")
  # Debian's ParaView 5.11 package refers to eight link targets that its CMake
  # files never define; declaring them empty lets find_package succeed (only
  # the Catalyst libraries are linked, which do not need them at link time).
  foreach(_gs_target Freetype::Freetype GLEW::GLEW LibXml2::LibXml2 NetCDF::NetCDF X11::X11 hdf5::hdf5 hdf5::hdf5_hl
                     Boost::boost)
    if(NOT TARGET ${_gs_target})
      add_library(${_gs_target} INTERFACE IMPORTED)
    endif()
  endforeach()
  # 5.11: Debian 12's, the one the adaptor and its tests are written against.
  find_package(ParaView 5.11 QUIET COMPONENTS Catalyst PythonCatalyst)
  if(ParaView_FOUND AND TARGET ParaView::Catalyst AND TARGET ParaView::PythonCatalyst)
    set(GS_HAVE_CATALYST TRUE)
    message(STATUS "ParaView Catalyst: ON (ParaView ${ParaView_VERSION} at ${ParaView_DIR}); in-situ output available")
  elseif(_gs_catalyst_mode STREQUAL "ON")
    message(FATAL_ERROR "GS_ENABLE_CATALYST=ON but ParaView 5.11 or newer with Catalyst (components Catalyst, "
                        "PythonCatalyst) was not found: install the Debian packages paraview-dev python3-paraview "
                        "(or load a ParaView module / set ParaView_DIR), or configure with -DGS_ENABLE_CATALYST=OFF")
  else()
    message(STATUS "ParaView Catalyst: OFF (ParaView 5.11 or newer with Catalyst not found; install paraview-dev "
                   "python3-paraview or set ParaView_DIR to enable in-situ output)")
  endif()
else()
  message(STATUS "ParaView Catalyst: OFF (GS_ENABLE_CATALYST=OFF)")
endif()
