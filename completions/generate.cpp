// The bash and zsh completions' rule overrides, from the rule schema
// (engine/rules.h), at build time: each template's line holding @RULE_CASES@
// becomes one case arm per rule override with the values it takes (the
// schema's choices), and @IMPLICIT_RULES@ the options that stand alone
// (--overlap is --overlap on). So a new override is completed as soon as it
// is a descriptor. `--challenge`'s values come from solver/challenge.h's
// challenge_values, which depend on the deck (cards:K in the standard deck,
// cards:12 in the Spanish one): @CHALLENGE_VALUES@ becomes the standard
// deck's (msc's, the default variant's), @CHALLENGE_VALUES_SPANISH@ the
// Spanish deck's, @CHALLENGE_VALUES_BOTH@ those both decks take (a stats
// --variant list of both), and @SPANISH_VARIANTS@ the presets dealt from the
// Spanish deck (a shell pattern: spanish|...).
//
//   pyramid_completions bash|zsh TEMPLATE OUT
//   pyramid_completions values     (the test's list: KEY IMPLICIT VALUE... a line)
//   pyramid_completions challenge [VARIANT[,VARIANT...]]
//                                  (the test's list: --challenge's values on one line,
//                                   those every variant named takes; msc's without one)
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/rules.h"
#include "engine/variant.h"
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

// --challenge's values of the decks' lists (each deck's words for its
// ranks) that every deck of `decks` takes (cards:A and cards:10 both do).
std::string challenge_values(const std::vector<pyr::DeckKind>& decks) {
    std::vector<std::string> seen;
    std::string s;
    for (const auto deck : decks)
        for (const auto& v : pyr::challenge_values(deck)) {
            if (std::find(seen.begin(), seen.end(), v) != seen.end()) continue;
            seen.push_back(v);
            bool everywhere = true;
            for (const auto d : decks) {
                try {
                    pyr::parse_challenge(v, d);
                } catch (const std::invalid_argument&) {
                    everywhere = false;
                }
            }
            if (everywhere) s += (s.empty() ? "" : " ") + v;
        }
    return s;
}

std::string spanish_variants() {
    std::string s;
    for (const auto& v : pyr::presets())
        if (v.deck == pyr::DeckKind::Spanish48) s += (s.empty() ? "" : "|") + v.name;
    return s.empty() ? "--" : s;
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
    if (mode == "challenge" && argc <= 3) {
        std::vector<pyr::DeckKind> decks;
        std::stringstream names(argc == 3 ? argv[2] : "msc");
        for (std::string name; std::getline(names, name, ',');) {
            const auto v = pyr::find_preset(name);
            if (!v) {
                std::cerr << "pyramid_completions: no variant '" << name << "'\n";
                return 2;
            }
            decks.push_back(v->deck);
        }
        if (decks.empty()) decks.push_back(pyr::DeckKind::Standard52);
        std::cout << challenge_values(decks) << "\n";
        return 0;
    }
    if ((mode != "bash" && mode != "zsh") || argc != 4) {
        std::cerr << "usage: pyramid_completions bash|zsh TEMPLATE OUT | pyramid_completions values | "
                     "pyramid_completions challenge [VARIANT,...]\n";
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
        using pyr::DeckKind;
        const std::pair<std::string, std::string> fills[] = {
            {"@CHALLENGE_VALUES@", challenge_values({DeckKind::Standard52})},
            {"@CHALLENGE_VALUES_SPANISH@", challenge_values({DeckKind::Spanish48})},
            {"@CHALLENGE_VALUES_BOTH@", challenge_values({DeckKind::Standard52, DeckKind::Spanish48})},
            {"@SPANISH_VARIANTS@", spanish_variants()}};
        for (const auto& [name, text] : fills)
            for (size_t at; (at = line.find(name)) != std::string::npos;) line.replace(at, name.size(), text);
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
