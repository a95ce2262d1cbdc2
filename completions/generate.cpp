// The bash and zsh completions' rule overrides, from the rule schema
// (engine/rules.h), at build time: each template's line holding @RULE_CASES@
// becomes one case arm per rule override with the values it takes (the
// schema's choices), and @IMPLICIT_RULES@ the options that stand alone
// (--overlap is --overlap on). So a new override is completed as soon as it
// is a descriptor. @CHALLENGE_VALUES@ becomes `--challenge`'s values, from
// solver/challenge.h's challenge_values (the standard deck's ranks: msc's).
//
//   pyramid_completions bash|zsh TEMPLATE OUT
//   pyramid_completions values     (the test's list: KEY IMPLICIT VALUE... a line)
//   pyramid_completions challenge  (the test's list: --challenge's values on one line)
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "engine/rules.h"
#include "solver/challenge.h"

namespace {

std::string values(const pyr::RuleDescriptor& d) {
    std::string s;
    for (const auto& c : d.choices) s += (s.empty() ? "" : " ") + c.value;
    return s;
}

// One arm per rule override with values. stats takes a comma-separated list
// of each (the study's axes); the other commands one value. An option that
// stands alone takes a value only in stats's list.
std::string arms(bool zsh) {
    std::ostringstream o;
    for (const auto& d : pyr::rule_table()) {
        if (d.choices.empty()) continue;
        const std::string v = values(d);
        o << "        --" << d.key << ") ";
        if (zsh && d.implicit.empty())
            o << "if [[ $cmd == stats ]]; then _sequence compadd " << v << "; else compadd " << v
              << "; fi; return ;;\n";
        else if (zsh) o << "if [[ $cmd == stats ]]; then _sequence compadd " << v << "; return; fi ;;\n";
        else if (d.implicit.empty()) o << "_pyramid_values \"$cmd\" \"$cur\" " << v << "; return 0 ;;\n";
        else o << "if [[ $cmd == stats ]]; then _pyramid_values \"$cmd\" \"$cur\" " << v << "; return 0; fi ;;\n";
    }
    return o.str();
}

std::string implicit_rules() {
    std::string s;
    for (const auto& d : pyr::rule_table())
        if (!d.implicit.empty()) s += (s.empty() ? "" : "|") + ("--" + d.key);
    return "(" + (s.empty() ? std::string("--") : s) + ")";
}

std::string challenge_values() {
    std::string s;
    for (const auto& v : pyr::challenge_values(pyr::DeckKind::Standard52)) s += (s.empty() ? "" : " ") + v;
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "values" && argc == 2) {
        for (const auto& d : pyr::rule_table())
            if (!d.choices.empty())
                std::cout << d.key << " " << (d.implicit.empty() ? "-" : d.implicit) << " " << values(d) << "\n";
        return 0;
    }
    if (mode == "challenge" && argc == 2) {
        std::cout << challenge_values() << "\n";
        return 0;
    }
    if ((mode != "bash" && mode != "zsh") || argc != 4) {
        std::cerr << "usage: pyramid_completions bash|zsh TEMPLATE OUT | pyramid_completions values|challenge\n";
        return 2;
    }
    std::ifstream in(argv[2]);
    if (!in) {
        std::cerr << "pyramid_completions: cannot read " << argv[2] << "\n";
        return 1;
    }
    std::ostringstream out;
    std::string line;
    int cases = 0;
    while (std::getline(in, line)) {
        if (line.find("@RULE_CASES@") != std::string::npos) {
            out << arms(mode == "zsh");
            ++cases;
            continue;
        }
        for (size_t at; (at = line.find("@IMPLICIT_RULES@")) != std::string::npos;)
            line.replace(at, 16, implicit_rules());
        for (size_t at; (at = line.find("@CHALLENGE_VALUES@")) != std::string::npos;)
            line.replace(at, 18, challenge_values());
        out << line << "\n";
    }
    if (cases != 1) {
        std::cerr << "pyramid_completions: " << argv[2] << " must hold @RULE_CASES@ once\n";
        return 1;
    }
    std::ofstream f(argv[3]);
    f << out.str();
    return f ? 0 : 1;
}
