# The slowest test entries and their cost (seconds of test time, measured in
# a whole run of the suite), so that ctest -j starts them first; read by
# ctest after Catch2's discovered tests (tests/CMakeLists.txt sets
# PYR_COST_BUILD: release or sanitize). Only the order changes: a name that
# no longer exists is ignored, one missing here starts after these.
# Each entry: "NAME|SECONDS".
if(PYR_COST_BUILD STREQUAL "sanitize")
  # build-asan/'s whole suite (ctest -j2, 368 entries) on the shared 2-core
  # machine at a load of about 8: its slowest Catch2 entries (wall seconds).
  set(_pyr_costs
      "optimal nopeek: the exact value equals a brute-force reference on small deals|370"
      "optimum study: stats --player optimal, records against odds --optimal, resume|202"
      "validate accepts only rules both engines implement: they agree along random plays of every accepted combination|118"
      "the heuristic never overestimates on face-up stocks with redeals and deeper plays|101"
      "challenges: the target's strong bound never exceeds the steps left on a shortest line|86"
      "every answer from the start passes the verifier on every preset|62"
      "optimum study: stats --player optimal:N:K:D, its records, labels and resume|61"
      "optimal nopeek: odds --optimal's estimates where the search is cut|61"
      "optimal lengths equal breadth-first search, the heuristic never overestimates|53"
      "merge --audit re-solves the challenge fields of the records it samples|44"
      "generate: the first deals of a grade, each re-solved, the same for any thread count|43"
      "bench --quick: the recorded signature, on one thread and on two|43"
      "nopeek: the exact no-peek optimum bounds every player and never exceeds the thoughtful odds|40")
else()
  # The Release suite: none measured here yet (golden's COST is set where
  # tests/CMakeLists.txt adds it).
  set(_pyr_costs)
endif()
foreach(_pyr_entry IN LISTS _pyr_costs)
  string(FIND "${_pyr_entry}" "|" _pyr_bar REVERSE)
  string(SUBSTRING "${_pyr_entry}" 0 ${_pyr_bar} _pyr_name)
  math(EXPR _pyr_bar "${_pyr_bar} + 1")
  string(SUBSTRING "${_pyr_entry}" ${_pyr_bar} -1 _pyr_cost)
  set_tests_properties("${_pyr_name}" PROPERTIES COST ${_pyr_cost})
endforeach()
