// Reading the known-deal files of data/: one deal a line (every card of the
// preset's deck: 52, or 48 for the Spanish deck), then the expected answer
// ("win", "win N" with N the minimum moves, or "lose"), then anything (a
// '# seed N' note). Lines starting with '#' are comments. The cards run up to
// the verdict word, so the reader needs no deck size; parse_deal checks the
// count against the preset.
#pragma once
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef PYR_DATA_DIR
#define PYR_DATA_DIR "data"
#endif

namespace pyr::test {

struct KnownDeal {
    std::string cards;  // the compact string (space separated)
    bool win = false;
    int min_moves = -1;  // -1 when not known
    int line = 0;
};

inline std::vector<KnownDeal> load_known(const std::string& file) {
    std::ifstream in(std::string(PYR_DATA_DIR) + "/" + file);
    std::vector<KnownDeal> out;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        KnownDeal k;
        k.line = n;
        std::string tok;
        while (ss >> tok && tok != "win" && tok != "lose") k.cards += tok + " ";
        if (tok != "win" && tok != "lose")
            throw std::runtime_error(file + " line " + std::to_string(n) + ": no verdict ('win' or 'lose')");
        k.win = tok == "win";
        if (k.win && (ss >> tok) && tok != "#") k.min_moves = std::stoi(tok);
        out.push_back(k);
    }
    return out;
}

}  // namespace pyr::test
