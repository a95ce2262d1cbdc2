// The WebAssembly module's exports: one Handler (web/web_api.h) per
// instance, made by the page's script (each Web Worker runs its own
// instance, so no state is shared).
//   pyr_new() -> handle; pyr_call(handle, request JSON) -> answer JSON, a
//   string that stays valid until the handle's next call; pyr_free(handle).
// During a search, Module.onProgress(states) is called every 2^16 positions;
// during the no-peek odds, Module.onOrders(done, total) as the orders of the
// hidden cards are solved.
#include <emscripten/emscripten.h>

#include <string>

#include "web/web_api.h"

namespace {
struct Instance {
    pyr::web::Handler handler;
    std::string answer;
};
}  // namespace

EM_JS(void, pyr_report_progress, (double states), {
    if (Module["onProgress"]) Module["onProgress"](states);
});

EM_JS(void, pyr_report_orders, (double done, double total), {
    if (Module["onOrders"]) Module["onOrders"](done, total);
});

extern "C" {

EMSCRIPTEN_KEEPALIVE void* pyr_new() {
    auto* in = new Instance;
    in->handler.progress = [](uint64_t states) { pyr_report_progress(static_cast<double>(states)); };
    in->handler.odds_progress = [](uint64_t done, uint64_t total) {
        pyr_report_orders(static_cast<double>(done), static_cast<double>(total));
    };
    return in;
}

EMSCRIPTEN_KEEPALIVE const char* pyr_call(void* handle, const char* request) {
    auto* in = static_cast<Instance*>(handle);
    in->answer = in->handler.call(request);
    return in->answer.c_str();
}

EMSCRIPTEN_KEEPALIVE void pyr_free(void* handle) { delete static_cast<Instance*>(handle); }

}  // extern "C"
