# The libraries every build of the solver takes, with no TBB, MPI or ncurses:
# the command line's (CMakeLists.txt), the web page's WebAssembly module
# (web/CMakeLists.txt, emscripten) and the Python module's
# (python/CMakeLists.txt links them, compiled position-independent).
# The project that includes this file sets the compile options and provides
# the target Boost::headers (Boost's header-only libraries).
get_filename_component(PYR_ROOT ${CMAKE_CURRENT_LIST_DIR}/.. ABSOLUTE)

# engine/: cards, deals, variants, state encoding, moves, verifier. No solver code.
add_library(pyramid_engine STATIC
  ${PYR_ROOT}/engine/card.cpp
  ${PYR_ROOT}/engine/variant.cpp
  ${PYR_ROOT}/engine/rules.cpp
  ${PYR_ROOT}/engine/deal.cpp
  ${PYR_ROOT}/engine/board.cpp
  ${PYR_ROOT}/engine/move.cpp
  ${PYR_ROOT}/engine/table.cpp
  ${PYR_ROOT}/engine/scoring.cpp
  ${PYR_ROOT}/engine/deal_source.cpp
  ${PYR_ROOT}/engine/position.cpp
  ${PYR_ROOT}/engine/reachable.cpp
  ${PYR_ROOT}/engine/pysol_random.cpp
  ${PYR_ROOT}/engine/json.cpp
  ${PYR_ROOT}/engine/input.cpp
)
target_include_directories(pyramid_engine PUBLIC ${PYR_ROOT})
target_link_libraries(pyramid_engine PUBLIC Boost::headers)

# solver/: exact search over the packed state.
add_library(pyramid_solver STATIC
  ${PYR_ROOT}/solver/solver.cpp
  ${PYR_ROOT}/solver/positions.cpp
  ${PYR_ROOT}/solver/prune.cpp
  ${PYR_ROOT}/solver/walk.cpp
  ${PYR_ROOT}/solver/optimal.cpp
  ${PYR_ROOT}/solver/optimal_walk.cpp
  ${PYR_ROOT}/solver/score.cpp
  ${PYR_ROOT}/solver/challenge.cpp
  ${PYR_ROOT}/solver/challenge_tally.cpp
  ${PYR_ROOT}/solver/challenge_words.cpp
  ${PYR_ROOT}/solver/across.cpp
  ${PYR_ROOT}/solver/free_stock.cpp
  ${PYR_ROOT}/solver/reasons.cpp
  ${PYR_ROOT}/solver/measures.cpp
  ${PYR_ROOT}/solver/nopeek.cpp
  ${PYR_ROOT}/solver/optimal_nopeek.cpp
  ${PYR_ROOT}/solver/players.cpp
)
target_link_libraries(pyramid_solver PUBLIC pyramid_engine)
# The across-deals odds' table of per-deal outcomes (solver/across.cpp), as a string.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PYR_ROOT}/data/challenge-distributions.txt)
file(READ ${PYR_ROOT}/data/challenge-distributions.txt PYR_CHALLENGE_DISTRIBUTIONS)
set(_pyr_inc "R\"pyrtable(${PYR_CHALLENGE_DISTRIBUTIONS})pyrtable\"")
set(_pyr_inc_path ${CMAKE_BINARY_DIR}/generated/challenge_distributions.inc)
if(EXISTS ${_pyr_inc_path})
  file(READ ${_pyr_inc_path} _pyr_inc_old)
endif()
if(NOT "${_pyr_inc_old}" STREQUAL "${_pyr_inc}")  # (rewritten only when the table changes)
  file(WRITE ${_pyr_inc_path} "${_pyr_inc}")
endif()
target_include_directories(pyramid_solver PRIVATE ${CMAKE_BINARY_DIR}/generated)

# api/: the thin API over engine/ and solver/ that every front end calls.
add_library(pyramid_api STATIC ${PYR_ROOT}/api/api.cpp ${PYR_ROOT}/api/challenge.cpp)
target_link_libraries(pyramid_api PUBLIC pyramid_solver)

# report/, the board pictures (engine only): the board and moves as text, the
# board in SVG, the SVG and HTML writers, the solution page.
add_library(pyramid_pictures STATIC
  ${PYR_ROOT}/report/format.cpp
  ${PYR_ROOT}/report/svg.cpp
  ${PYR_ROOT}/report/html.cpp
  ${PYR_ROOT}/report/board_text.cpp
  ${PYR_ROOT}/report/board_svg.cpp
  ${PYR_ROOT}/report/solution_html.cpp
)
target_link_libraries(pyramid_pictures PUBLIC pyramid_engine)

# report/, the API's answers as the commands write them: solve (JSON, text,
# page), the measures, the no-peek hint, the deal as data.
add_library(pyramid_answers STATIC
  ${PYR_ROOT}/report/solve.cpp
  ${PYR_ROOT}/report/challenge.cpp
  ${PYR_ROOT}/report/measures.cpp
  ${PYR_ROOT}/report/odds_hint.cpp
  ${PYR_ROOT}/report/deal.cpp
)
target_link_libraries(pyramid_answers PUBLIC pyramid_api pyramid_pictures)
