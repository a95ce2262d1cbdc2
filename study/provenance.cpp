#include "study/provenance.h"

#include <cctype>
#include <string_view>
#include <thread>

#include "engine/build_info.h"

namespace pyr {

bool Provenance::same_build(const Provenance& o) const {
    return version == o.version && commit == o.commit && build_type == o.build_type && compiler == o.compiler &&
           bench_signature == o.bench_signature;
}

std::string shell_command(const std::vector<std::string>& argv) {
    std::string out;
    for (const auto& w : argv) {
        bool plain = !w.empty();
        for (unsigned char c : w)
            if (!(std::isalnum(c) ||
                  std::string_view("-_./,=:+%@^").find(static_cast<char>(c)) != std::string_view::npos))
                plain = false;
        if (!out.empty()) out += ' ';
        if (plain) {
            out += w;
        } else {
            out += '\'';
            for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
            out += '\'';
        }
    }
    return out;
}

Provenance this_program(const std::string& name, const std::vector<std::string>& argv) {
    Provenance p;
    p.name = name;
    p.version = build::version();
    p.commit = build::commit();
    p.build_type = build::build_type();
    p.compiler = build::compiler();
    p.bench_signature = build::bench_signature();
    p.cores = std::thread::hardware_concurrency();
    p.command = shell_command(argv);
    return p;
}

json::object provenance_json(const Provenance& p) {
    json::object o;
    o["name"] = p.name;
    o["version"] = p.version;
    o["commit"] = p.commit;
    o["build_type"] = p.build_type;
    o["compiler"] = p.compiler;
    o["bench_signature"] = p.bench_signature;
    o["cores"] = p.cores;
    o["command"] = p.command;
    return o;
}

std::optional<Provenance> provenance_of(const json::object& line) {
    const auto* v = line.if_contains("program");
    if (!v || !v->is_object()) return std::nullopt;
    const json::object& o = v->as_object();
    Provenance p;
    auto str = [&](const char* key, std::string& to) {
        if (const auto* s = o.if_contains(key); s && s->is_string()) to = std::string(s->as_string());
    };
    str("name", p.name);
    str("version", p.version);
    str("commit", p.commit);
    str("build_type", p.build_type);
    str("compiler", p.compiler);
    str("command", p.command);
    try {
        if (const auto* s = o.if_contains("bench_signature")) p.bench_signature = s->to_number<unsigned long long>();
        if (const auto* c = o.if_contains("cores")) p.cores = c->to_number<unsigned>();
    } catch (const std::exception&) {  // not a number: left unknown (0)
    }
    return p;
}

std::string build_text(const Provenance& p) {
    auto or_unknown = [](const std::string& s) { return s.empty() ? std::string("unknown") : s; };
    return (p.name.empty() ? std::string("pyramid") : p.name) + " " + or_unknown(p.version) + ", commit " +
           or_unknown(p.commit) + ", " + or_unknown(p.build_type) + ", " + or_unknown(p.compiler) +
           ", bench signature " + (p.bench_signature ? std::to_string(p.bench_signature) : std::string("unknown"));
}

std::string provenance_text(const Provenance& p) {
    return build_text(p) + ", " + (p.cores ? std::to_string(p.cores) : std::string("?")) + " cores";
}

}  // namespace pyr
