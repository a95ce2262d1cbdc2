# Installing and packaging (included at the end of the top CMakeLists.txt):
# the man pages made from --help, the bash and zsh completions, `cmake
# --install` rules, and the Debian package (`cpack -G DEB` in the build
# folder, or scripts/package): pyramid-solver_VERSION_amd64.deb.
# Nothing here in the sanitizer and fuzzing builds.
if(PYR_SANITIZE OR PYR_FUZZ)
  return()
endif()
include(GNUInstallDirs)

# Man pages: pyramid(1), pyramid-COMMAND(1) for every command `pyramid --help`
# lists, pyramid-mpi(1), written by scripts/manpages from the programs' own
# --help (so they never drift), gzipped, into build/man/.
find_program(PYR_PYTHON3 NAMES python3)
set(PYR_MAN_DIR ${CMAKE_BINARY_DIR}/man)
if(PYR_PYTHON3)
  set(_pyr_man_args $<TARGET_FILE:pyramid>)
  set(_pyr_man_deps pyramid ${PROJECT_SOURCE_DIR}/scripts/manpages)
  if(TARGET pyramid-mpi)
    list(APPEND _pyr_man_args $<TARGET_FILE:pyramid-mpi>)
    list(APPEND _pyr_man_deps pyramid-mpi)
  endif()
  add_custom_command(OUTPUT ${PYR_MAN_DIR}/pages.txt
    COMMAND ${PYR_PYTHON3} ${PROJECT_SOURCE_DIR}/scripts/manpages ${PYR_MAN_DIR} ${_pyr_man_args}
    DEPENDS ${_pyr_man_deps}
    COMMENT "Man pages from --help (scripts/manpages)" VERBATIM)
  add_custom_target(pyramid_man ALL DEPENDS ${PYR_MAN_DIR}/pages.txt)
else()
  message(STATUS "python3 not found: no man pages (scripts/setup installs python3)")
endif()

# The completions: completions/*.in with the rule overrides' values written
# in from the rule schema (completions/generate.cpp), into build/completions/.
# bash-completion loads a completion by the command's name: pyramid-mpi gets
# a link to pyramid's.
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/completions)
file(CREATE_LINK pyramid ${CMAKE_BINARY_DIR}/completions/pyramid-mpi SYMBOLIC)
add_executable(pyramid_completions completions/generate.cpp)
target_link_libraries(pyramid_completions PRIVATE pyramid_solver)
set(PYR_BASH_COMPLETION ${CMAKE_BINARY_DIR}/completions/pyramid.bash)
set(PYR_ZSH_COMPLETION ${CMAKE_BINARY_DIR}/completions/_pyramid)
add_custom_command(OUTPUT ${PYR_BASH_COMPLETION}
  COMMAND pyramid_completions bash ${PROJECT_SOURCE_DIR}/completions/pyramid.bash.in ${PYR_BASH_COMPLETION}
  DEPENDS pyramid_completions ${PROJECT_SOURCE_DIR}/completions/pyramid.bash.in
  COMMENT "bash completion from the rule schema" VERBATIM)
add_custom_command(OUTPUT ${PYR_ZSH_COMPLETION}
  COMMAND pyramid_completions zsh ${PROJECT_SOURCE_DIR}/completions/_pyramid.in ${PYR_ZSH_COMPLETION}
  DEPENDS pyramid_completions ${PROJECT_SOURCE_DIR}/completions/_pyramid.in
  COMMENT "zsh completion from the rule schema" VERBATIM)
add_custom_target(pyramid_completion_files ALL DEPENDS ${PYR_BASH_COMPLETION} ${PYR_ZSH_COMPLETION})

# cmake --install (prefix /usr/local by default; the package uses /usr).
install(TARGETS pyramid RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET pyramid-mpi)
  install(TARGETS pyramid-mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(PYR_PYTHON3)
  install(DIRECTORY ${PYR_MAN_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 FILES_MATCHING PATTERN "*.1.gz")
endif()
set(PYR_BASH_COMPLETIONS ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${PYR_BASH_COMPLETION} DESTINATION ${PYR_BASH_COMPLETIONS} RENAME pyramid)
if(TARGET pyramid-mpi)
  install(FILES ${CMAKE_BINARY_DIR}/completions/pyramid-mpi DESTINATION ${PYR_BASH_COMPLETIONS})
endif()
install(FILES ${PYR_ZSH_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
set(PYR_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/pyramid-solver)
install(FILES README.md packaging/copyright DESTINATION ${PYR_DOC_DIR})
install(DIRECTORY docs DESTINATION ${PYR_DOC_DIR} FILES_MATCHING PATTERN "*.md")
# The deal files (data/: known deals with their answers, e.g. for stats --deals-file).
install(DIRECTORY data/ DESTINATION ${CMAKE_INSTALL_DATADIR}/pyramid-solver)
# The Maintainer field (and the changelog's signature): a PLACEHOLDER. No
# maintainer has been named for the package, so it names none: the address
# is under the reserved top-level domain .invalid (RFC 2606), which never
# delivers mail. Replace both with a real name and address before
# publishing the package anywhere.
set(CPACK_PACKAGE_CONTACT "Placeholder no maintainer named <no-maintainer-named@pyramid-solver.invalid>")
# Debian's changelog, gzipped as Debian wants (-9n: no name, no time stamp);
# changelog.gz, not changelog.Debian.gz: the package is native (no Debian revision).
configure_file(packaging/changelog.in ${CMAKE_BINARY_DIR}/packaging/changelog @ONLY)
find_program(PYR_GZIP gzip)
if(PYR_GZIP)
  add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/packaging/changelog.gz
    COMMAND ${PYR_GZIP} -9nc ${CMAKE_BINARY_DIR}/packaging/changelog > ${CMAKE_BINARY_DIR}/packaging/changelog.gz
    DEPENDS ${CMAKE_BINARY_DIR}/packaging/changelog)
  add_custom_target(pyramid_changelog ALL DEPENDS ${CMAKE_BINARY_DIR}/packaging/changelog.gz)
  install(FILES ${CMAKE_BINARY_DIR}/packaging/changelog.gz DESTINATION ${PYR_DOC_DIR})
endif()
# The Python module (python/CMakeLists.txt installs it under lib/python3/dist-packages/pyramid_solver).

# The Debian package: cpack -G DEB (scripts/package runs it).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME pyramid-solver)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${CPACK_PACKAGE_CONTACT})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "exact solver for Pyramid-family patience games")
# The long description (the synopsis, CPACK_PACKAGE_DESCRIPTION_SUMMARY, goes first).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "pyramid answers whether a deal of Pyramid solitaire (Microsoft Solitaire
Collection, PySolFC's Pyramid, Giza, King Tut, Apophis, Triangle, Spanish
and more) can be won, with a proof: a solution replayed by an independent
verifier, a complete search for a loss, or intractable when the search
budget runs out. It finds shortest solutions and hints, runs win-rate
studies over millions of deals on all cores (resumable, sharded, merged,
with HTML reports), and pyramid-mpi runs them over MPI on clusters.
A terminal game with the solver's verdict after every move is included.")
# Not `games`: Debian keeps that section for packages with a game in /usr/games.
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# The library packages the binaries link (libtbb12, libboost-program-options1.81.0,
# libncursesw6, libopenmpi3, ...), found by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
if(TARGET pyramid_python)
  # The module is built for this python3 (its ABI tag); pandas for read_records.
  get_target_property(_pyr_python pyramid_python PYR_PYTHON_EXECUTABLE)
  if(NOT _pyr_python)
    set(_pyr_python ${PYR_PYTHON3})
  endif()
  execute_process(COMMAND ${_pyr_python} -c "import sys; print('%d.%d' % sys.version_info[:2])"
                  OUTPUT_VARIABLE _pyr_pyver OUTPUT_STRIP_TRAILING_WHITESPACE)
  # Only the module needs python3 (the programs do not): Recommends, so the
  # package installs wherever its libraries do; the module imports under the
  # python3 it was built for (3.11 on Debian 12).
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-pandas")
  if(_pyr_pyver MATCHES "^3\\.([0-9]+)$")
    math(EXPR _pyr_next "${CMAKE_MATCH_1} + 1")
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3 (>= ${_pyr_pyver}~), python3 (<< 3.${_pyr_next}), python3-pandas")
  endif()
endif()
include(CPack)
