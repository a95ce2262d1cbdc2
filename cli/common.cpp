#include "cli/common.h"

#include <langinfo.h>
#include <unistd.h>

#include <clocale>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/deal_source.h"

namespace pyr::cli {

void add_variant_options(po::options_description& o) {
    o.add_options()
        ("variant", po::value<std::string>()->default_value("msc"),
         ("game rules, one of: " + preset_names() + " (see `pyramid variants`)").c_str())
        ("passes", po::value<std::string>(), "override: passes through the stock, N or 'unlimited'")
        ("goal", po::value<std::string>(), "override: 'pyramid' (clear the tableau) or 'all' (every card)")
        ("overlap", po::bool_switch(), "override: a card may pair with the one card still covering it")
        ("reserves", po::value<std::string>(),
         "override for variants with reserve piles: 'top' (each pile's top card playable) or 'open' (every card)");
}

void add_deal_options(po::options_description& o) {
    o.add_options()
        ("deal", po::value<std::string>(),
         "the deal: every card in dealing order, tableau row by row from the top, then any reserve piles (pile 1 "
         "bottom to top, pile 2, ...), then the stock from its top (separators optional), e.g. \"6D 5H AH ...\"")
        ("deal-file", po::value<std::string>(), "read the deal from a file ('-' for stdin); '#' starts a comment line")
        ("seed", po::value<std::string>(), "PySolFC deal number of the variant's game: 1 to 10^20-1, or msN");
}

Variant variant_from(const po::variables_map& vm) {
    const std::string name = vm["variant"].as<std::string>();
    auto v = find_preset(name);
    if (!v) throw UsageError("unknown variant '" + name + "'; variants: " + preset_names());
    try {
        if (vm.count("passes")) v->passes = parse_passes(vm["passes"].as<std::string>());
        if (vm.count("goal")) v->goal = parse_goal(vm["goal"].as<std::string>());
        if (vm.count("overlap") && vm["overlap"].as<bool>()) v->overlap = true;
        if (vm.count("reserves")) {
            const std::string r = vm["reserves"].as<std::string>();
            if (v->reserve_piles == 0) {
                std::string with;  // the presets the option applies to, for the message
                for (const auto& p : presets())
                    if (p.reserve_piles > 0) with += (with.empty() ? "" : ", ") + p.name;
                throw UsageError("variant '" + name + "' has no reserve piles, so --reserves does not apply" +
                                 (with.empty() ? std::string() : " (it does to: " + with + ")"));
            }
            if (r == "open") v->reserves_open = true;
            else if (r == "top") v->reserves_open = false;
            else throw UsageError("--reserves must be 'open' or 'top' (got '" + r + "')");
        }
        v->validate();
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    return *v;
}

std::string read_file_or_stdin(const std::string& path) {
    std::ostringstream ss;
    if (path == "-") {
        ss << std::cin.rdbuf();
    } else {
        std::ifstream in(path);
        if (!in) throw UsageError("cannot read deal file '" + path + "'");
        ss << in.rdbuf();
    }
    return ss.str();
}

LoadedDeal deal_from(const po::variables_map& vm, const Variant& v) {
    const int given = static_cast<int>(vm.count("deal") + vm.count("deal-file") + vm.count("seed"));
    if (given == 0) throw UsageError("no deal given: use --deal CARDS, --deal-file PATH or --seed N");
    if (given > 1) throw UsageError("give only one of --deal, --deal-file and --seed");
    LoadedDeal out;
    try {
        if (vm.count("seed")) {
            out.seed = vm["seed"].as<std::string>();
            out.deal = deal_from_seed(v, out.seed);
        } else {
            std::string text = vm.count("deal") ? vm["deal"].as<std::string>()
                                                : read_file_or_stdin(vm["deal-file"].as<std::string>());
            // Drop comment lines.
            std::string kept;
            std::istringstream lines(text);
            for (std::string line; std::getline(lines, line);)
                if (line.find_first_not_of(" \t") == std::string::npos || line[line.find_first_not_of(" \t")] != '#')
                    kept += line + "\n";
            out.deal = deal_from_text(v, kept);
        }
    } catch (const ParseError& e) {
        throw UsageError(std::string("bad deal: ") + e.what());
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("bad seed: ") + e.what());
    }
    return out;
}

bool parse_command(int argc, char** argv, const std::string& usage, const po::options_description& opts,
                   po::variables_map& vm, const po::positional_options_description* positional) {
    po::options_description all(opts);
    all.add_options()("help,h", "show this help");
    try {
        po::command_line_parser parser(argc, argv);
        parser.options(all);
        // Without a positional description Boost drops stray words silently
        // ("solve --seed 1 msc" would solve with the default variant); an
        // empty one makes them an error.
        const po::positional_options_description none;
        parser.positional(positional ? *positional : none);
        po::store(parser.run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    if (vm.count("help")) {
        std::cout << usage << "\n\n" << all << "\n";
        return false;
    }
    return true;
}

std::string format_from(const po::variables_map& vm, const std::vector<std::string>& allowed) {
    const std::string f = vm["format"].as<std::string>();
    for (const auto& a : allowed)
        if (a == f) return f;
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    throw UsageError("unknown format '" + f + "'; formats: " + list);
}

json::object deal_json(const LoadedDeal& d) {
    const Deal& deal = d.deal;
    const Table t(deal);
    const DeckKind dk = deal.deck();
    json::object o;
    o["variant"] = deal.variant.name;
    if (!d.seed.empty()) o["seed"] = d.seed;
    o["deal"] = compact(deal);
    json::array rows;
    for (const auto& row : t.tableau()) {
        json::array r;
        for (const auto& c : row) r.push_back(json::value(card_text(*c, dk)));
        rows.push_back(r);
    }
    o[deal.variant.shape == TableauShape::Pyramid ? "pyramid" : "triangle"] = rows;
    auto cards = [&](const std::vector<Card>& cs) {
        json::array a;
        for (Card c : cs) a.push_back(json::value(card_text(c, dk)));
        return a;
    };
    if (!t.reserves().empty()) {
        json::array piles;
        for (const auto& p : t.reserves()) piles.push_back(cards(p));
        o["reserves"] = piles;
    }
    if (deal.stock_size() > 0) {
        if (t.wastes().size() == 1) o["waste"] = cards(t.wastes()[0]);
        if (t.wastes().size() > 1) {
            json::array ws;
            for (const auto& w : t.wastes()) ws.push_back(cards(w));
            o["wastes"] = ws;
        }
        o["stock"] = cards(std::vector<Card>(t.stock().rbegin(), t.stock().rend()));
    }
    return o;
}

void add_text_options(po::options_description& o) {
    o.add_options()("ascii", po::bool_switch(), "cards in letters (TS, QH) even in a UTF-8 locale, not 10\u2660 Q\u2665");
}

namespace {
// The character set of the user's locale (LC_ALL, LC_CTYPE, LANG) is UTF-8.
// The program's own locale is left as it was.
bool utf8_locale() {
    const char* now = std::setlocale(LC_CTYPE, nullptr);
    const std::string saved = now ? now : "C";
    bool utf8 = false;
    if (std::setlocale(LC_CTYPE, "")) {
        const char* cs = nl_langinfo(CODESET);
        utf8 = cs && (std::strcmp(cs, "UTF-8") == 0 || std::strcmp(cs, "utf8") == 0);
    }
    std::setlocale(LC_CTYPE, saved.c_str());
    return utf8;
}
}  // namespace

TextStyle text_style(const po::variables_map& vm) {
    TextStyle s;
    s.unicode = !(vm.count("ascii") && vm["ascii"].as<bool>()) && utf8_locale();
    const char* no_colour = std::getenv("NO_COLOR");
    s.colour = !vm.count("output") && isatty(STDOUT_FILENO) && !(no_colour && *no_colour);
    return s;
}

void add_output_option(po::options_description& o, const char* what) {
    o.add_options()("output,o", po::value<std::string>(), what);
}

std::ostream& output_stream(const po::variables_map& vm, std::ofstream& file) {
    if (!vm.count("output")) return std::cout;
    const std::string path = vm["output"].as<std::string>();
    file.open(path, std::ios::binary | std::ios::trunc);
    if (!file) throw UsageError("cannot write '" + path + "': " + std::strerror(errno));
    return file;
}

void finish_output(const po::variables_map& vm, std::ofstream& file) {
    if (!file.is_open()) return;
    file.close();
    if (!file) throw UsageError("error writing '" + vm["output"].as<std::string>() + "'");
}

std::string json_line(const json::value& v) { return json::serialize(v); }

}  // namespace pyr::cli
