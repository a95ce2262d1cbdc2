#include <cctype>
#include "cli/common.h"

#include <langinfo.h>
#include <unistd.h>

#include <csignal>
#include <clocale>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "api/api.h"
#include "engine/deal_source.h"
#include "engine/input.h"
#include "engine/pysol_random.h"
#include "engine/rules.h"

namespace pyr::cli {

namespace {
std::atomic<bool> g_stop_signalled{false};
extern "C" void on_stop_signal(int) { g_stop_signalled.store(true); }
}  // namespace

StopOnSignals::StopOnSignals() {
    g_stop_signalled.store(false);
    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);
}
StopOnSignals::~StopOnSignals() {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
}
const std::atomic<bool>* StopOnSignals::flag() const { return &g_stop_signalled; }

void add_variant_options(po::options_description& o) {
    o.add_options()("variant", po::value<std::string>()->default_value("msc"),
                    ("game rules, one of: " + preset_names() + " (see `pyramid variants`)").c_str());
    add_rule_options(o, false);
}

void add_rule_options(po::options_description& o, bool lists) {
    for (const auto& d : rule_table()) {
        if (lists && !d.axis) continue;
        auto* value = po::value<std::string>();
        if (!d.implicit.empty()) value->implicit_value(d.implicit);
        o.add_options()(d.key.c_str(), value, (lists ? d.list_help : d.help).c_str());
    }
}

std::string rule_options_usage() {
    std::string s;
    for (const auto& d : rule_table()) {
        s += (s.empty() ? "" : " ") + ("[--" + d.key);
        if (d.implicit.empty()) s += std::string(" ") + static_cast<char>(std::toupper(d.key[0]));
        s += "]";
    }
    return s;
}

std::string usage_with_rules(const std::string& command, const std::string& first) {
    const std::string head = "usage: pyramid " + command + " ";
    return head + first + "\n" + std::string(head.size(), ' ') + rule_options_usage() + "\n";
}

void add_deal_options(po::options_description& o) {
    o.add_options()(
        "deal", po::value<std::string>(),
        "the deal: every card in dealing order, tableau row by row from the top, then any reserve piles (pile 1 "
        "bottom to top, pile 2, ...), then the stock from its top (separators optional), e.g. \"6D 5H AH ...\"")(
        "deal-file", po::value<std::string>(),
        "read the deal from a file ('-' for stdin): cards as --deal takes them, or a board as `pyramid deal` and "
        "`pyramid solve` print it (headers, labels, '#' lines and anything after the deal are skipped)")(
        "seed", po::value<std::string>(), "PySolFC deal number of the variant's game: 1 to 10^20-1, or msN");
}

Variant variant_from(const po::variables_map& vm) {
    RuleSet rules;
    rules.preset = vm["variant"].as<std::string>();
    for (const auto& d : rule_table())
        if (vm.count(d.key)) rules.set(d.key, vm[d.key].as<std::string>());
    try {
        return rules.variant();
    } catch (const RuleError& e) {
        throw UsageError(e.what());
    }
}

std::string read_file_or_stdin(const std::string& path, const std::string& option) {
    try {
        return read_input(path, option);
    } catch (const InputError& e) {
        throw UsageError(e.what());
    }
}

uint64_t parse_number(const std::string& option, const std::string& text, uint64_t min, uint64_t max,
                      const std::string& note) {
    const auto v = whole_number(text, min, max);
    if (!v)
        throw UsageError(option + " must be a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                         (note.empty() ? "" : " (" + note + ")") + " (got " + excerpt(text) + ")");
    return *v;
}

uint64_t number_option(const po::variables_map& vm, const std::string& option, uint64_t min, uint64_t max,
                       const std::string& note) {
    return parse_number("--" + option, vm[option].as<std::string>(), min, max, note);
}

void add_max_states_option(po::options_description& o, const char* what) {
    o.add_options()("max-states", po::value<std::string>()->default_value(std::to_string(kDefaultMaxStates)), what);
}

uint64_t max_states_from(const po::variables_map& vm) {
    return number_option(vm, "max-states", 0, UINT64_MAX, "0 = no limit");
}

void add_challenge_options(po::options_description& o, const char* what) {
    o.add_options()("challenge", po::value<std::string>(), what)(
        "target", po::value<std::string>(), "with --challenge: the challenge's target (points, cards or boards)")(
        "current", po::value<std::string>(), "with --target: made so far, before this deal")(
        "deals-left", po::value<std::string>(),
        "with --target: the challenge's deals left, this one included: the chance of completing it and the line "
        "to take");
}

std::optional<api::ChallengeRequest> challenge_from(const po::variables_map& vm) {
    if (!vm.count("challenge")) {
        for (const char* o : {"target", "current", "deals-left"})
            if (vm.count(o)) throw UsageError(std::string("--") + o + " needs --challenge");
        return std::nullopt;
    }
    api::ChallengeRequest c;
    c.kind = vm["challenge"].as<std::string>();
    if (vm.count("target")) c.target = static_cast<int>(number_option(vm, "target", 1, 1'000'000'000));
    if (vm.count("current")) c.current = static_cast<int>(number_option(vm, "current", 0, 1'000'000'000));
    if (vm.count("deals-left")) c.deals_left = static_cast<int>(number_option(vm, "deals-left", 1, 1000));
    return c;
}

void add_threads_option(po::options_description& o, const char* what) {
    o.add_options()("threads", po::value<std::string>()->default_value("0"), what);
}

int threads_from(const po::variables_map& vm) {
    return static_cast<int>(number_option(vm, "threads", 0, kMaxThreads, "0 = every core"));
}

void add_max_memory_option(po::options_description& o, const std::string& verdict) {
    o.add_options()("max-memory", po::value<std::string>()->default_value("auto"),
                    ("per worker: memory the search's tables may hold before the verdict is " + verdict +
                     " (e.g. 512M, 4G; 0 = no limit; auto = 3/4 of physical memory shared among the workers)")
                        .c_str());
}

uint64_t parse_size(const std::string& option, const std::string& text) {
    size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
    std::string suffix = text.substr(digits);
    for (char& c : suffix) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    int shift = -1;
    if (suffix.empty() || suffix == "B") shift = 0;
    else if (suffix == "K" || suffix == "KB" || suffix == "KIB") shift = 10;
    else if (suffix == "M" || suffix == "MB" || suffix == "MIB") shift = 20;
    else if (suffix == "G" || suffix == "GB" || suffix == "GIB") shift = 30;
    else if (suffix == "T" || suffix == "TB" || suffix == "TIB") shift = 40;
    uint64_t n = 0;
    bool ok = digits > 0 && digits <= 19 && shift >= 0;
    if (ok) {
        n = std::stoull(text.substr(0, digits));
        ok = n <= (UINT64_MAX >> shift);
    }
    if (!ok)
        throw UsageError(option +
                         " must be a size: a whole number of bytes, or with a K, M, G or T suffix "
                         "(e.g. 512M, 4G; 0 = no limit) (got " +
                         excerpt(text) + ")");
    return n << shift;
}

uint64_t max_memory_from(const po::variables_map& vm, int workers) {
    const std::string text = vm["max-memory"].as<std::string>();
    if (text != "auto") return parse_size("--max-memory", text);
    return api::auto_max_memory(workers);
}

Limits limits_from(const po::variables_map& vm, int workers) {
    Limits l;
    l.max_states = max_states_from(vm);
    if (vm.count("max-memory")) l.max_memory = max_memory_from(vm, workers);
    return l;
}

void check_seed(const std::string& text) {
    try {
        parse_pysol_deal_number(text);
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("bad seed: ") + e.what());
    }
}

void check_seeds(const std::string& text) {
    const auto dash = text.find('-', 1);
    const std::string a = dash == std::string::npos ? text : text.substr(0, dash);
    const std::string b = dash == std::string::npos ? text : text.substr(dash + 1);
    for (const std::string& s : {a, b}) {
        check_seed(s);
        if (s.size() >= 2 && (s[0] == 'm' || s[0] == 'M'))
            throw UsageError("bad seed: a study takes plain deal numbers, not ms numbers (got " + excerpt(s) + ")");
    }
}

api::LoadedDeal deal_from_options(const po::variables_map& vm, const Variant& v) {
    const int given = static_cast<int>(vm.count("deal") + vm.count("deal-file") + vm.count("seed"));
    if (given == 0) throw UsageError("no deal given: use --deal CARDS, --deal-file PATH or --seed N");
    if (given > 1) throw UsageError("give only one of --deal, --deal-file and --seed");
    if (vm.count("seed")) return api::deal_from_seed(v, vm["seed"].as<std::string>());
    // One deal reader for --deal, --deal-file and the lines of a deals file.
    return api::deal_from_text(v, vm.count("deal")
                                      ? vm["deal"].as<std::string>()
                                      : read_file_or_stdin(vm["deal-file"].as<std::string>(), "--deal-file"));
}

bool parse_command(int argc, char** argv, const std::string& usage, const po::options_description& opts,
                   po::variables_map& vm, const po::positional_options_description* positional) {
    po::options_description all(opts);
    all.add_options()("help,h", "show this help");
    // An option whose value may be left out (--overlap, --overlap off):
    // Boost takes its value only as --overlap=off, so "--overlap off" is
    // joined here, in a command that takes no other words.
    std::vector<std::string> args(argv, argv + argc);
    if (!positional)
        for (size_t i = 0; i + 1 < args.size(); ++i) {
            if (args[i].rfind("--", 0) != 0 || args[i + 1].empty() || args[i + 1][0] == '-') continue;
            const auto* od = all.find_nothrow(args[i].substr(2), false);
            if (od && od->semantic()->min_tokens() == 0 && od->semantic()->max_tokens() >= 1) {
                args[i] += "=" + args[i + 1];
                args.erase(args.begin() + static_cast<long>(i) + 1);
            }
        }
    std::vector<char*> av;
    for (auto& a : args) av.push_back(a.data());
    argc = static_cast<int>(av.size());
    argv = av.data();
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

void check_not_input(const std::string& option, const std::string& out, const std::string& input,
                     const std::string& what) {
    namespace fs = std::filesystem;
    std::error_code ec, ec_out, ec_in;
    // The same file, or the same path once resolved (neither created yet:
    // stats --out F --report F writes the records into F, then the page).
    const fs::path a = fs::weakly_canonical(fs::absolute(out, ec_out), ec_out);
    const fs::path b = fs::weakly_canonical(fs::absolute(input, ec_in), ec_in);
    if (fs::equivalent(out, input, ec) || (!ec_out && !ec_in && a == b))
        throw UsageError(option + " " + excerpt(out, 200) + " is " + what + ": writing it would destroy it");
}

void add_text_options(po::options_description& o) {
    o.add_options()("ascii", po::bool_switch(),
                    "cards in letters (TS, QH) even in a UTF-8 locale, not 10\u2660 Q\u2665");
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
