# Writes OUT (a C++ source) with the build facts: run at every build by the
# pyramid_build_info_gen target, so the commit is the one built, not the one
# configured. The file is rewritten only when a fact changed (configure_file
# keeps it otherwise), so an unchanged build recompiles nothing.
# In: SOURCE_DIR, OUT, VERSION, BUILD_TYPE, COMPILER.
set(commit "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} -C "${SOURCE_DIR}" describe --always --dirty --abbrev=12
                  OUTPUT_VARIABLE described RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(rc EQUAL 0 AND NOT described STREQUAL "")
    set(commit "${described}")
  endif()
endif()
set(signature 0)
if(EXISTS "${SOURCE_DIR}/bench/signature")
  file(STRINGS "${SOURCE_DIR}/bench/signature" lines REGEX "^[0-9]+$" LIMIT_COUNT 1)
  if(lines)
    set(signature "${lines}")
  endif()
endif()
set(PYR_BI_VERSION "${VERSION}")
set(PYR_BI_COMMIT "${commit}")
set(PYR_BI_BUILD_TYPE "${BUILD_TYPE}")
set(PYR_BI_COMPILER "${COMPILER}")
set(PYR_BI_SIGNATURE "${signature}")
configure_file("${SOURCE_DIR}/engine/build_info.cpp.in" "${OUT}" @ONLY)
