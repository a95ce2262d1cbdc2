#include <iomanip>
#include <iostream>

#include "cli/common.h"
#include "report/deal.h"

namespace pyr::cli {

int cmd_variants(int argc, char** argv) {
    po::options_description opts("pyramid variants options");
    opts.add_options()("name", po::value<std::string>(), "the preset to describe");
    po::positional_options_description pos;
    pos.add("name", 1);
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       "usage: pyramid variants [NAME]\n"
                       "Lists the rule presets, or describes one in words generated from its rules.",
                       opts, vm, &pos))
        return kOk;
    if (vm.count("name")) {
        const std::string name = vm["name"].as<std::string>();
        auto v = find_preset(name);
        if (!v) throw UsageError("unknown variant '" + name + "'; variants: " + preset_names());
        std::cout << rules_words(*v);
        return kOk;
    }
    for (const auto& v : presets()) std::cout << std::left << std::setw(12) << v.name << summary(v) << "\n";
    return kOk;
}

}  // namespace pyr::cli
