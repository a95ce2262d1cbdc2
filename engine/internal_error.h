// A bug caught at run time: two independent parts of the program disagree
// (the solver's answer fails the verifier of engine/table.h, or the packed
// rules of engine/board.h and the verifier judge a move differently). Never
// expected; the CLI exits with code 3.
#pragma once
#include <stdexcept>

namespace pyr {

class InternalError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace pyr
