# The C++ settings of both projects that build the solver, the command line's
# (CMakeLists.txt) and the web page's WebAssembly module (web/CMakeLists.txt):
# C++20 without compiler extensions, and Release when no build type is given.
# Each sets its own optimisation flags after including this file.
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type" FORCE)
endif()
