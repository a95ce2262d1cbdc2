#include "engine/input.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace pyr {

namespace {

// The length of the valid UTF-8 sequence (2 to 4 bytes, no overlong form, no
// surrogate, at most U+10FFFF) starting at s[i], or 0.
size_t utf8_length(std::string_view s, size_t i) {
    const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    size_t n = 0;
    unsigned cp = 0;
    if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07;
    else return 0;
    if (i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k) {
        if ((b(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b(i + k) & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

// `s` with every byte that is not printable written as \xNN, at most `max`
// bytes of `s` read; `cut` tells whether some were left.
std::string escape(std::string_view s, size_t max, bool quote, bool* cut) {
    std::string out;
    size_t i = 0;
    while (i < s.size()) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        size_t n = 1;
        if (c >= 0x80) n = utf8_length(s, i);
        if (i + (n ? n : 1) > max) break;
        if (c >= 0x80 && n > 0) {
            out.append(s.substr(i, n));
            i += n;
            continue;
        }
        if (c < 0x20 || c >= 0x7F) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else if (quote && (c == '\'' || c == '\\')) {
            out += '\\';
            out += static_cast<char>(c);
        } else {
            out += static_cast<char>(c);
        }
        ++i;
    }
    *cut = i < s.size();
    return out;
}

std::string size_text(size_t bytes) {
    if (bytes % (size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
    if (bytes % (size_t{1} << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string quoted_path(const std::string& path) { return path == "-" ? "(standard input)" : excerpt(path, 200); }

// Opens the file for reading ("-": standard input), refusing a directory.
std::FILE* open_input(const std::string& path, const std::string& option, bool* close) {
    std::FILE* f = nullptr;
    *close = path != "-";
    if (path == "-") {
        f = stdin;
    } else {
        f = std::fopen(path.c_str(), "rb");
        if (!f) {
            const int e = errno;
            if (e == EISDIR) throw InputError(option + " " + quoted_path(path) + " is a directory, not a file");
            throw InputError("cannot read " + option + " " + quoted_path(path) + ": " + std::strerror(e));
        }
    }
    struct stat st {};
    if (::fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (*close) std::fclose(f);
        throw InputError(option + " " + quoted_path(path) + " is a directory, not a file");
    }
    return f;
}

}  // namespace

std::string excerpt(std::string_view s, size_t max) {
    bool cut = false;
    std::string out = "'" + escape(s, max, true, &cut) + "'";
    if (cut) out += "... (" + std::to_string(s.size()) + " bytes)";
    return out;
}

std::string printable_line(std::string_view s, size_t max) {
    bool cut = false;
    std::string out = escape(s, max, false, &cut);
    if (cut) out += "... (" + std::to_string(s.size()) + " bytes)";
    return out;
}

std::string without_colour_codes(std::string_view line) {
    std::string out;
    for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
            size_t j = i + 2;
            while (j < line.size() && ((line[j] >= '0' && line[j] <= '9') || line[j] == ';')) ++j;
            if (j < line.size() && ((line[j] >= 'A' && line[j] <= 'Z') || (line[j] >= 'a' && line[j] <= 'z'))) {
                i = j;
                continue;
            }
        }
        out += line[i];
    }
    return out;
}

std::optional<uint64_t> whole_number(std::string_view text, uint64_t min, uint64_t max) {
    if (text.empty() || text.size() > 20) return std::nullopt;
    uint64_t v = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        const auto d = static_cast<uint64_t>(c - '0');
        if (v > (UINT64_MAX - d) / 10) return std::nullopt;
        v = v * 10 + d;
    }
    if (v < min || v > max) return std::nullopt;
    return v;
}

std::vector<std::string> split_words(std::string_view line) {
    auto separator = [](char ch) {
        return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == ',' || ch == ';';
    };
    std::vector<std::string> out;
    size_t i = 0;
    while (i < line.size()) {
        if (separator(line[i])) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < line.size() && !separator(line[j])) ++j;
        out.emplace_back(line.substr(i, j - i));
        i = j;
    }
    return out;
}

std::string read_input(const std::string& path, const std::string& option, size_t max) {
    bool close = false;
    std::FILE* f = open_input(path, option, &close);
    std::string text;
    char buf[65536];
    bool too_large = false, failed = false;
    int err = 0;
    for (;;) {
        const size_t n = std::fread(buf, 1, sizeof buf, f);
        if (n > 0) {
            if (text.size() + n > max) {
                too_large = true;
                break;
            }
            text.append(buf, n);
        }
        if (n < sizeof buf) {
            if (std::ferror(f)) failed = true, err = errno;
            break;
        }
    }
    if (close) std::fclose(f);
    if (too_large)
        throw InputError(option + " " + quoted_path(path) + " is larger than " + size_text(max) +
                         ": no deal or move list is that long");
    if (failed) throw InputError("cannot read " + option + " " + quoted_path(path) + ": " + std::strerror(err));
    if (const size_t bom = text.size() - without_bom(text).size()) text.erase(0, bom);
    return text;
}

std::string_view without_bom(std::string_view text) {
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    return text.starts_with(kBom) ? text.substr(kBom.size()) : text;
}

LineReader::LineReader(const std::string& path, const std::string& option, size_t max_line)
    : path_(path), option_(option), max_line_(max_line) {
    f_ = open_input(path, option, &close_);
}

LineReader::~LineReader() {
    if (close_ && f_) std::fclose(f_);
}

bool LineReader::next(std::string& line) {
    line.clear();
    int c = 0;
    bool any = false;
    complete_ = false;
    while ((c = getc_unlocked(f_)) != EOF) {
        any = true;
        if (c == '\n') {
            complete_ = true;
            break;
        }
        if (line.size() >= max_line_)
            throw InputError("line " + std::to_string(lineno_ + 1) + " of " + option_ + " " + quoted_path(path_) +
                             " is longer than " + size_text(max_line_) + ", longer than any line of such a file");
        line += static_cast<char>(c);
    }
    if (!any) {
        if (std::ferror(f_))
            throw InputError("cannot read " + option_ + " " + quoted_path(path_) + ": " + std::strerror(errno));
        return false;
    }
    if (!keep_cr_ && !line.empty() && line.back() == '\r') line.pop_back();
    ++lineno_;
    return true;
}

}  // namespace pyr
