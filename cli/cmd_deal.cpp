#include <iostream>

#include "cli/common.h"
#include "report/board_svg.h"
#include "report/deal.h"

namespace pyr::cli {

int cmd_deal(int argc, char** argv) {
    po::options_description opts("pyramid deal options");
    add_variant_options(opts);
    add_deal_options(opts);
    opts.add_options()("format", po::value<std::string>()->default_value("text"),
                       "output: text, compact, json or svg (the deal drawn as one SVG picture)");
    add_text_options(opts);
    add_output_option(opts, "write to this file instead of stdout");
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       usage_with_rules("deal", "--variant NAME (--seed N | --deal CARDS | --deal-file PATH)") +
                           "                    [--format text|compact|json|svg] [--ascii] [-o FILE]\n"
                           "Prints the deal: drawn as the player sees it (text, or an SVG picture), as the compact\n"
                           "string, or as JSON. The text can be pasted back into --deal-file.",
                       opts, vm))
        return kOk;
    const std::string format = format_from(vm, {"text", "compact", "json", "svg"});
    const Variant v = variant_from(vm);
    const api::LoadedDeal ld = deal_from_options(vm, v);
    if (format == "compact" && ld.deal.position)
        throw UsageError("a position has no compact form (its cards are not in dealing order): use --format text");
    if (format == "svg" && ld.deal.has_unknown())
        throw UsageError("--format svg draws every card: this deal has cards not seen (?\?); use text or json");
    std::ofstream file;
    std::ostream& out = output_stream(vm, file);
    const std::string title = v.name + ": " + v.title + (ld.seed.empty() ? "" : ", deal " + ld.seed);
    if (format == "compact") {
        out << compact(ld.deal) << "\n";
    } else if (format == "json") {
        out << json_line(deal_json(ld.deal, ld.seed)) << "\n";
    } else if (format == "svg") {
        out << deal_svg(ld.deal, title);
    } else {
        out << title << "\n" << board_text(Table(ld.deal), text_style(vm));
    }
    finish_output(vm, file);
    return kOk;
}

}  // namespace pyr::cli
