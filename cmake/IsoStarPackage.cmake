# What `cmake --install` and `cpack` ship (included at the end of the top CMakeLists.txt, once
# every target exists; the layout comes from cmake/IsoStarInstall.cmake). docs/INSTALL.md.
#
# Component Runtime: bin/isostar, bin/isopath, share/isostar/{maps,assets}, the desktop entry
# and its icon, the licence as share/doc/isostar/copyright. Component Development: the engine's static libraries, headers and the CMake
# package (lib/cmake/IsoStar), the docs and the example project (share/doc/isostar). `cmake --install` installs both; the .deb holds Runtime only.
include(CMakePackageConfigHelpers)

install(TARGETS isopath RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT Runtime)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/maps/ DESTINATION ${ISOSTAR_INSTALL_DATADIR}/maps COMPONENT Runtime)
if(TARGET isostar)
  install(TARGETS isostar RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT Runtime)
  # The art the game loads (tilesets are found relative to the maps, sprite sheets through
  # game::assetsDir()); the desktop files install below, in their own places.
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/ DESTINATION ${ISOSTAR_INSTALL_DATADIR}/assets COMPONENT Runtime
    PATTERN README.md EXCLUDE PATTERN desktop EXCLUDE)
  install(FILES ${PROJECT_SOURCE_DIR}/assets/desktop/isostar.desktop
    DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT Runtime)
  install(FILES ${PROJECT_SOURCE_DIR}/assets/desktop/isostar.png
    DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/256x256/apps COMPONENT Runtime)
else()
  # isopath alone still finds the tilesets its maps name.
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/tiles DESTINATION ${ISOSTAR_INSTALL_DATADIR}/assets COMPONENT Runtime)
endif()

# The licence (LICENSE: MIT, for the code, the art and the sounds) is the package's copyright
# file, where Debian keeps one: share/doc/isostar/copyright.
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/isostar RENAME copyright
  COMPONENT Runtime)

# The documentation and the example project a game starts from (docs/ENGINE.md walks through it):
# share/doc/isostar/README.md, docs/ and examples/, as in the source tree so their links hold.
set(ISOSTAR_INSTALL_DOCDIR ${CMAKE_INSTALL_DATADIR}/doc/isostar)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${ISOSTAR_INSTALL_DOCDIR} COMPONENT Development)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${ISOSTAR_INSTALL_DOCDIR}/docs COMPONENT Development
  FILES_MATCHING PATTERN "*.md" PATTERN "*.png")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION ${ISOSTAR_INSTALL_DOCDIR}/examples COMPONENT Development)

set(ISOSTAR_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/IsoStar)
install(EXPORT IsoStarTargets NAMESPACE IsoStar:: DESTINATION ${ISOSTAR_INSTALL_CMAKEDIR} COMPONENT Development)
if(TARGET isostar_render)
  install(EXPORT IsoStarRenderTargets NAMESPACE IsoStar:: DESTINATION ${ISOSTAR_INSTALL_CMAKEDIR}
    COMPONENT Development)
endif()
# The components the package knows: the engine modules (isostar_engine_module) this tree built.
get_property(ISOSTAR_MODULES GLOBAL PROPERTY ISOSTAR_MODULES)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/IsoStarConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/IsoStarConfig.cmake INSTALL_DESTINATION ${ISOSTAR_INSTALL_CMAKEDIR}
  PATH_VARS ISOSTAR_INSTALL_DATADIR)
# 0.x: a minor version may change the API.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/IsoStarConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/IsoStarConfig.cmake ${CMAKE_BINARY_DIR}/cmake/IsoStarConfigVersion.cmake
  DESTINATION ${ISOSTAR_INSTALL_CMAKEDIR} COMPONENT Development)

# `cd build && cpack -G DEB`: build/isostar_<version>_<arch>.deb with the Runtime component under
# /usr. Its dependencies are the shared libraries the programs link (dpkg-shlibdeps, from
# dpkg-dev) and the HUD's font, which the game opens by path. cpack and `make install` package
# what is built, as `cmake --install` does, instead of building every target (tests included)
# first: build the programs before (`dev.sh test`, or `cmake --build build --target isostar isopath`).
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
set(CPACK_PACKAGE_NAME isostar)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})  # the one version (top CMakeLists.txt)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGE_VENDOR IsoStar)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "isometric RPG demo that makes A* pathfinding visible and playable")
# The .deb's long description: one paragraph, wrapped as Debian's tools show it.
set(CPACK_PACKAGE_DESCRIPTION "A Tiled map drives the scene, its terrain feeds a cost function, A* plans
each unit's move and the game animates the walk; overlays, a step-through
mode and a race show why a path bends. Includes isopath, the pathfinding
engine on the command line.")
set(ISOSTAR_PACKAGE_MAINTAINER "IsoStar developers <isostar@invalid>" CACHE STRING
    "Maintainer field of the .deb (name <email>)")
set(CPACK_PACKAGE_CONTACT ${ISOSTAR_PACKAGE_MAINTAINER})
set(CPACK_GENERATOR DEB)
set(CPACK_INSTALL_CMAKE_PROJECTS "${CMAKE_BINARY_DIR};IsoStar;Runtime;/")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS fonts-dejavu-core)
include(CPack)
