// A text check shared by the tests: every phrase of a list appears in a text
// (what a command prints, a variant described).
#pragma once
#include <catch2/catch.hpp>

#include <initializer_list>
#include <string>

namespace pyr::test {

// Each phrase appears in `text`; each is its own check, so a failure names it.
inline void check_contains_each(const std::string& text, std::initializer_list<std::string> phrases) {
    for (const std::string& p : phrases) CHECK_THAT(text, Catch::Contains(p));
}

}  // namespace pyr::test
