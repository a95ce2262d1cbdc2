// The one translation unit that compiles Boost.JSON (header-only mode).
#include <boost/json/src.hpp>
