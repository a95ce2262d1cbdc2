#include <iostream>

#include "cli/common.h"

namespace pyr::cli {

int cmd_deal(int argc, char** argv) {
    po::options_description opts("pyramid deal options");
    add_variant_options(opts);
    add_deal_options(opts);
    opts.add_options()("format", po::value<std::string>()->default_value("text"), "output: text, compact or json");
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       "usage: pyramid deal --variant NAME (--seed N | --deal CARDS | --deal-file PATH)\n"
                       "                    [--format text|compact|json]\n"
                       "Prints the deal: drawn as the player sees it, as the compact string, or as JSON.",
                       opts, vm))
        return kOk;
    const std::string format = format_from(vm, {"text", "compact", "json"});
    const Variant v = variant_from(vm);
    const LoadedDeal ld = deal_from(vm, v);
    if (format == "compact") {
        std::cout << compact(ld.deal) << "\n";
    } else if (format == "json") {
        std::cout << json_line(deal_json(ld)) << "\n";
    } else {
        std::cout << v.name << ": " << v.title;
        if (!ld.seed.empty()) std::cout << ", deal " << ld.seed;
        std::cout << "\n" << Table(ld.deal).render();
    }
    return kOk;
}

}  // namespace pyr::cli
