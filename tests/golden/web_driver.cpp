// The golden corpus's native driver of the web page's entry point
// (web/web_api.h, the same C++ the WebAssembly module exports): each
// argument is one request (a JSON object), answered in order by one
// web::Handler (so one session, as on the page); each reply is printed on
// its own line. tests/golden/golden.py runs it for the `web` cases.
#include <iostream>

#include "web/web_api.h"

int main(int argc, char** argv) {
    pyr::web::Handler handler;
    for (int i = 1; i < argc; ++i) std::cout << handler.call(argv[i]) << '\n';
    return 0;
}
