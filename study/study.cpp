#include "study/study.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/deal_source.h"
#include "engine/input.h"

namespace pyr {

// ---------------------------------------------------------------- the study

void RuleAxes::add(const std::string& key, const std::vector<std::string>& values) {
    const RuleDescriptor* d = find_rule(key);
    if (!d || !d->axis) throw StudyError("unknown rule " + excerpt(key) + " for a study");
    if (values.empty()) throw StudyError("--" + key + " needs a list such as " + d->example_list);
    std::vector<std::string> list;
    for (const auto& x : values) {
        const auto v = d->parse(x);
        if (!v) throw StudyError(d->bad_value(x, true));
        list.push_back(*v);
    }
    for (auto& [k, l] : lists)
        if (k == key) {
            l = std::move(list);
            return;
        }
    lists.emplace_back(key, std::move(list));
}

const std::vector<std::string>* RuleAxes::of(const std::string& key) const {
    for (const auto& [k, l] : lists)
        if (k == key) return &l;
    return nullptr;
}

std::vector<Variant> study_combos(const std::vector<std::string>& names, const RuleAxes& axes) {
    if (names.empty()) throw StudyError("no variant given");
    for (const auto& d : rule_table())
        if (const auto* list = axes.of(d.key))
            for (size_t i = 0; i < list->size(); ++i)
                for (size_t j = 0; j < i; ++j)
                    if ((*list)[i] == (*list)[j])
                        throw StudyError("--" + d.key + " value '" + (*list)[i] + "' given twice");
    std::vector<Variant> out;
    for (size_t i = 0; i < names.size(); ++i) {
        for (size_t j = 0; j < i; ++j)
            if (names[i] == names[j]) throw StudyError("variant '" + names[i] + "' given twice");
        const auto v = find_preset(names[i]);
        if (!v) throw StudyError("unknown variant '" + names[i] + "'; variants: " + preset_names());
        for (const auto& d : rule_table())
            if (axes.of(d.key) && !d.takes(*v))
                throw StudyError(d.not_applicable_message(*v) + "; leave it out of --variant or --" + d.key);
        // The cross product of every list (or the preset's own rule), the
        // table's first rule outermost.
        std::vector<Variant> sets{*v};
        for (const auto& d : rule_table()) {
            const auto* list = axes.of(d.key);
            if (!list) continue;
            std::vector<Variant> next;
            for (const Variant& s : sets)
                for (const auto& value : *list) {
                    Variant c = s;
                    d.apply(c, value);
                    next.push_back(c);
                }
            sets = std::move(next);
        }
        for (const Variant& c : sets) {
            try {
                c.validate();
            } catch (const std::invalid_argument& e) {
                throw StudyError(std::string(e.what()) + " (rule set: " + rules_text(c) +
                                 "); leave it out of the study");
            }
            out.push_back(c);
        }
    }
    return out;
}

std::vector<Variant> study_combos(const std::vector<std::string>& names, const std::vector<int>& passes) {
    RuleAxes axes;
    std::vector<std::string> texts;
    for (int p : passes) texts.push_back(passes_text(p));
    if (!texts.empty()) axes.add("passes", texts);
    return study_combos(names, axes);
}

namespace {

// Parses a whole unsigned decimal number; nullopt on anything else.
std::optional<uint64_t> parse_u64(const std::string& s) {
    if (s.empty() || s.size() > 20) return std::nullopt;
    uint64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        const uint64_t d = static_cast<uint64_t>(c - '0');
        if (v > (UINT64_MAX - d) / 10) return std::nullopt;
        v = v * 10 + d;
    }
    return v;
}

}  // namespace

StudyDeals seeds_range(const std::string& text) {
    const auto dash = text.find('-');
    const std::string a = dash == std::string::npos ? text : text.substr(0, dash);
    const std::string b = dash == std::string::npos ? text : text.substr(dash + 1);
    const auto first = parse_seed(a), last = parse_seed(b);
    if (!first || !last)
        throw StudyError("bad seed range '" + text +
                         "': expected A-B with whole numbers 1 <= A <= B <= " + kMaxSeed.text());
    if (*first < 1) throw StudyError("bad seed range '" + text + "': seeds start at 1");
    if (*last < *first) throw StudyError("bad seed range '" + text + "': the last seed is below the first");
    if (last->value - first->value >= kMaxStudyDeals)  // in 128 bits: Seed's operator- is for distances below 2^64
        throw StudyError("bad seed range '" + text + "': at most " + std::to_string(kMaxStudyDeals) + " deals");
    StudyDeals d;
    d.first = *first;
    d.last = *last;
    return d;
}

StudyDeals read_deals_file(const std::string& path, const std::vector<Variant>& combos) {
    const DeckKind deck = combos.at(0).deck;
    for (const auto& c : combos)
        if (c.deck != deck) throw StudyError("--deals-file needs variants that use the same deck");
    StudyDeals d;
    d.from_file = true;
    // Read line by line, each line bounded (engine/input.h); every line is
    // read by the one deal reader (engine/deal_source.h) that --deal-file uses.
    try {
        LineReader in(path, "--deals-file");
        const std::string where = "deals file " + excerpt(path, 200) + " line ";
        for (std::string line; in.next(line);) {
            if (in.lineno() == 1) line = std::string(without_bom(line));  // a byte-order mark, as read_input drops it
            const auto start = line.find_first_not_of(" \t\r");
            if (start == std::string::npos || line[start] == '#') continue;
            if (d.cards.size() >= kMaxStudyDeals)
                throw StudyError(where + std::to_string(in.lineno()) + ": more than " + std::to_string(kMaxStudyDeals) +
                                 " deals");
            std::string canonical;
            try {
                const std::vector<Card> cards = read_deal_cards(deck, line);
                for (const auto& c : combos) {
                    const Deal deal = make_deal(c, cards);
                    if (canonical.empty()) canonical = compact(deal);
                }
            } catch (const ParseError& e) {
                throw StudyError(where + std::to_string(in.lineno()) + ": bad deal: " + e.what());
            }
            d.cards.push_back(std::move(canonical));
        }
    } catch (const InputError& e) {
        throw StudyError(e.what());
    }
    if (d.cards.empty()) throw StudyError("deals file " + excerpt(path, 200) + " holds no deal");
    return d;
}

// ---------------------------------------------------------------- shards

Shard parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    const auto k = slash == std::string::npos ? std::nullopt : parse_u64(text.substr(0, slash));
    const auto n = slash == std::string::npos ? std::nullopt : parse_u64(text.substr(slash + 1));
    if (!k || !n || *n < 1 || *n > 1000000 || *k >= *n)
        throw StudyError("bad --shard '" + text + "': expected K/N with 0 <= K < N <= 1000000 (shards 0/N to " +
                         "N-1/N make the whole study)");
    return Shard{*k, *n};
}

std::string shard_text(const Shard& s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

uint64_t StudySpec::shard_tasks() const {
    const uint64_t n = deals.count();
    const uint64_t deals_here = n / shard.count + (shard.index < n % shard.count ? 1 : 0);
    return deals_here * combos.size();
}

// ---------------------------------------------------------------- the study's definition

std::string deals_digest(const StudyDeals& d) {
    uint64_t h = 14695981039346656037ull;
    for (const auto& c : d.cards) {
        for (unsigned char ch : c) h = (h ^ ch) * 1099511628211ull;
        h = (h ^ '\n') * 1099511628211ull;
    }
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

Challenge study_challenge(const std::string& words, const Variant& v) {
    Challenge c;
    try {
        c = parse_challenge(words, v.deck);
    } catch (const std::invalid_argument& e) {
        throw StudyError(e.what());
    }
    if (const auto why = counting_challenge_refused(v); why && c.kind != ChallengeKind::Board) throw StudyError(*why);
    c.scoring = scoring_of(v);
    c.every_end = true;
    return c;
}

void check_study_challenge(StudySpec& spec) {
    if (spec.challenge.empty()) return;
    std::string words;
    for (const Variant& v : spec.combos) {
        const std::string w = challenge_words(study_challenge(spec.challenge, v), v.deck);
        if (words.empty()) words = w;
    }
    // The first rule set's words ("cards:T" for "cards:10"), unless a rule
    // set of another deck writes that rank otherwise (the Spanish deck has no
    // T): then the words as given, which every rule set took above.
    for (const Variant& v : spec.combos) {
        try {
            parse_challenge(words, v.deck);
        } catch (const std::invalid_argument&) {
            return;
        }
    }
    if (!words.empty()) spec.challenge = words;
}

json::object study_definition(const StudySpec& spec) {
    json::object o;
    json::array sets;
    for (const Variant& v : spec.combos) {
        json::object r;
        r["variant"] = v.name;
        put_rules_json(r, v);
        sets.push_back(r);
    }
    o["rule_sets"] = sets;
    if (spec.deals.from_file) {
        o["deals_file"] = spec.deals.count();
        o["deals_digest"] = deals_digest(spec.deals);
    } else {
        o["seeds"] = spec.deals.range_text();
    }
    o["max_states"] = spec.limits.max_states;
    o["optimal"] = spec.optimal;
    // Only with --measures, so every other study's line stays as it was.
    if (spec.measures && spec.reasons_only) o["measures"] = json::object{{"reasons_only", true}};
    else if (spec.measures) o["measures"] = json::object{{"casual_plays", spec.casual_plays}};
    if (!spec.player.empty()) {  // a thoughtful study's line is as before
        o["player"] = spec.player;
        o["player_seed"] = spec.player_seed;
    }
    if (!spec.challenge.empty()) o["challenge"] = spec.challenge;  // only a --challenge study's line has it
    return o;
}

StudySpec spec_from_definition(const json::object& def) {
    StudySpec spec;
    try {
        for (const auto& x : def.at("rule_sets").as_array()) {
            const json::object& r = x.as_object();
            const std::string name(r.at("variant").as_string());
            auto v = find_preset(name);
            if (!v) throw StudyError("unknown variant '" + name + "'");
            read_rules_json(r, *v, RulesFrom::StudyLine);
            v->validate();
            spec.combos.push_back(*v);
        }
        if (const auto* s = def.if_contains("seeds")) {
            spec.deals = seeds_range(std::string(s->as_string()));
        } else {
            spec.deals.from_file = true;
            spec.deals.cards.resize(def.at("deals_file").to_number<uint64_t>());
        }
        spec.limits.max_states = def.at("max_states").to_number<uint64_t>();
        spec.optimal = def.at("optimal").as_bool();
        if (const auto* m = def.if_contains("measures")) {
            spec.measures = true;
            if (m->as_object().contains("reasons_only")) {
                spec.reasons_only = true;
            } else {
                spec.casual_plays = m->as_object().at("casual_plays").to_number<int>();
                if (spec.casual_plays < 1 || spec.casual_plays > 100000) throw StudyError("bad casual_plays");
            }
        }
        if (const auto* p = def.if_contains("player")) {
            spec.player = std::string(p->as_string());
            spec.player_seed = def.at("player_seed").to_number<uint64_t>();
        }
        if (const auto* c = def.if_contains("challenge")) {
            spec.challenge = std::string(c->as_string());
            check_study_challenge(spec);
        }
    } catch (const StudyError&) {
        throw;
    } catch (const std::exception& e) {
        throw StudyError(std::string("a study line that does not describe a study (") + e.what() + ")");
    }
    if (spec.combos.empty()) throw StudyError("a study line without rule sets");
    return spec;
}

}  // namespace pyr
