// JSON through Boost.JSON (header-only build, compiled once in json.cpp).
#pragma once
#include <boost/json.hpp>

namespace pyr {
namespace json = boost::json;
}
