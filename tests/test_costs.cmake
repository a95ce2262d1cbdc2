# The slowest test entries and their cost (seconds of test time, measured in
# a whole run of the suite), so that ctest -j starts them first; read by
# ctest after Catch2's discovered tests (tests/CMakeLists.txt sets
# PYR_COST_BUILD: release or sanitize). Only the order changes: a name that
# no longer exists is ignored, one missing here starts after these.
# Each entry: "NAME|SECONDS".
if(PYR_COST_BUILD STREQUAL "sanitize")
  set(_pyr_costs
      "optimal nopeek: the exact value equals a brute-force reference on small deals|40"
      "optimum study: stats --player optimal, records against odds --optimal, resume|30"
      "challenges: the target's strong bound never exceeds the steps left on a shortest line|17")
else()
  set(_pyr_costs)
endif()
foreach(_pyr_entry IN LISTS _pyr_costs)
  string(FIND "${_pyr_entry}" "|" _pyr_bar REVERSE)
  string(SUBSTRING "${_pyr_entry}" 0 ${_pyr_bar} _pyr_name)
  math(EXPR _pyr_bar "${_pyr_bar} + 1")
  string(SUBSTRING "${_pyr_entry}" ${_pyr_bar} -1 _pyr_cost)
  set_tests_properties("${_pyr_name}" PROPERTIES COST ${_pyr_cost})
endforeach()
