# isostar_install_headers(SOURCE STAGING DESTINATION) : run by `cmake --install` (an install(CODE)
# of isostar_engine_module, cmake/IsoStarInstall.cmake). Installs the headers under SOURCE (one
# engine module's folder, subfolders included) to DESTINATION (include/isostar/engine/NAME,
# relative to the install prefix unless absolute), each with its includes of the engine's headers
# ("engine/X/Y.hpp") turned into "isostar/engine/X/Y.hpp". So an installed header finds the
# engine's other headers only under the isostar/ prefix, never in a folder named engine/ that a
# consumer's own include path holds. STAGING (in the build tree) holds the rewritten copies.
function(isostar_install_headers source staging destination)
  file(GLOB_RECURSE headers RELATIVE ${source} ${source}/*.hpp)
  set(staged)
  foreach(header IN LISTS headers)
    file(READ ${source}/${header} text)
    string(REGEX REPLACE "\n([ \t]*#[ \t]*include[ \t]*)\"engine/" "\n\\1\"isostar/engine/" text "${text}")
    set(out ${staging}/${header})
    set(old "")
    if(EXISTS ${out})
      file(READ ${out} old)
    endif()
    if(NOT old STREQUAL text)
      file(WRITE ${out} "${text}")
    endif()
  endforeach()
  # Copies left from a header since removed are not installed.
  file(GLOB_RECURSE stagedNow RELATIVE ${staging} ${staging}/*.hpp)
  foreach(header IN LISTS stagedNow)
    list(FIND headers ${header} found)
    if(found EQUAL -1)
      file(REMOVE ${staging}/${header})
    endif()
  endforeach()
  # file(INSTALL) adds DESTDIR, prints each file and lists it in the install manifest.
  if(NOT IS_ABSOLUTE ${destination})
    set(destination ${CMAKE_INSTALL_PREFIX}/${destination})
  endif()
  file(INSTALL ${staging}/ DESTINATION ${destination} FILES_MATCHING PATTERN "*.hpp")
endfunction()
