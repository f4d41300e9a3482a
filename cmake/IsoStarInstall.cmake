# Install layout and the engine as a CMake package (included by the top CMakeLists.txt before the
# modules; cmake/IsoStarPackage.cmake, included after them, writes the install rules for the
# programs, the data, the package files and the .deb). docs/INSTALL.md describes the result.
include(GNUInstallDirs)

# The data the programs ship (maps/, assets/) installs to DATADIR/isostar; the game finds it from
# its own executable through this path relative to BINDIR ("../share/isostar", compiled into
# game/common/DataDir.cpp), so an installed tree can be moved as a whole.
set(ISOSTAR_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/isostar)
file(RELATIVE_PATH ISOSTAR_DATA_FROM_BIN /prefix/${CMAKE_INSTALL_BINDIR} /prefix/${ISOSTAR_INSTALL_DATADIR})

# The build tree is laid out the same way: build/bin/ holds the programs and build/share/isostar
# links to the project's maps/ and assets/, so a built game started from any folder plays (and
# its editor saves) the project's own files.
get_filename_component(ISOSTAR_BUILD_DATADIR ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/${ISOSTAR_DATA_FROM_BIN} ABSOLUTE)
file(MAKE_DIRECTORY ${ISOSTAR_BUILD_DATADIR})
foreach(dir maps assets)
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${dir} ${ISOSTAR_BUILD_DATADIR}/${dir} SYMBOLIC)
endforeach()

# Position-independent code: under GCC also -fno-semantic-interposition, which keeps its inlining
# of a library's own functions what it is without -fPIC (a static library's functions are never
# interposed by another module's).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  set(ISOSTAR_PIC_OPTIONS -fno-semantic-interposition)
endif()

# isostar_engine_module(NAME) : completes the engine library isostar_NAME (engine/NAME): its
# headers are included from the project root as "engine/NAME/X.hpp" inside the project, and as
# <isostar/engine/NAME/X.hpp> once installed (include/isostar/engine/NAME, their own includes of
# the engine under the same prefix: cmake/IsoStarHeaders.cmake), so a consumer's own engine/
# folder shadows none of them; it is isostar::NAME inside the project and IsoStar::NAME for
# find_package(IsoStar) (the alias lets a project that adds this tree as a subdirectory use the
# same names); it and its headers install with the Development component. render, the only
# module that needs SFML, is exported on its own so the package config can find SFML for it
# alone. The library is static and position-independent, so a consumer may link it into a shared
# library (a plugin, language bindings), with ISOSTAR_PIC_OPTIONS.
function(isostar_engine_module name)
  set(target isostar_${name})
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name} POSITION_INDEPENDENT_CODE ON)
  target_compile_options(${target} PRIVATE ${ISOSTAR_PIC_OPTIONS})
  set_property(GLOBAL APPEND PROPERTY ISOSTAR_MODULES ${name})
  add_library(isostar::${name} ALIAS ${target})
  add_library(IsoStar::${name} ALIAS ${target})
  set(exportSet IsoStarTargets)
  if(name STREQUAL "render")
    set(exportSet IsoStarRenderTargets)
  endif()
  install(TARGETS ${target} EXPORT ${exportSet}
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT Development
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT Development)
  install(CODE "include(\"${PROJECT_SOURCE_DIR}/cmake/IsoStarHeaders.cmake\")
    isostar_install_headers(\"${PROJECT_SOURCE_DIR}/engine/${name}\" \"${CMAKE_BINARY_DIR}/install-headers/${name}\"
                            \"${CMAKE_INSTALL_INCLUDEDIR}/isostar/engine/${name}\")" COMPONENT Development)
endfunction()
