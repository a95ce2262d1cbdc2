// Reading what people give the program, bounded: files and standard input
// are read up to a size no real input reaches, lines up to a length no real
// line reaches, and anything quoted back in an error message is a short,
// escaped excerpt (a 10 MB token, raw binary or a NUL byte cannot reach the
// terminal whole).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pyr {

// A file that cannot be read, is a directory, or is too large; the message is
// one line naming the option and the file.
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A deal is under 300 bytes and a move list of 10,000 moves under 70 KB.
constexpr size_t kMaxInputBytes = size_t{1} << 20;  // 1 MiB: --deal-file, --moves-file
constexpr size_t kMaxLineBytes = size_t{1} << 16;   // 64 KiB: one line of a deals file

// `s` quoted for a message: 'text', at most `max` bytes of it (cut at a
// character boundary, then "..." and the full size), control characters,
// DEL and bytes that are not UTF-8 written as \xNN (NUL as \x00), a quote
// as \'. Valid UTF-8 (suit symbols) is kept.
std::string excerpt(std::string_view s, size_t max = 40);

// The same escaping for a whole message line, cut at `max` bytes: no control
// character, no invalid UTF-8, no newline.
std::string printable_line(std::string_view s, size_t max = 1000);

// The text without terminal colour codes (ESC [ parameters letter), as a
// board printed for a terminal carries them.
std::string without_colour_codes(std::string_view line);

// The value of `text` when it is a whole number from `min` to `max` written
// in decimal digits only (no sign, no space, no leading '+': std::stoul
// would take " 7" and "-1"), else nothing. The one number reader of
// options, player names (`planner:64`, `optimal:N:K:D`) and rule values.
std::optional<uint64_t> whole_number(std::string_view text, uint64_t min, uint64_t max);

// The words of a line: runs between spaces, tabs, commas and semicolons (the
// separators of cards in a deal).
std::vector<std::string> split_words(std::string_view line);

// `text` without the UTF-8 byte-order mark some editors write at a file's
// start (EF BB BF), which no deal, move or card begins with.
std::string_view without_bom(std::string_view text);

// The whole of a file, or standard input for "-", at most `max` bytes, a
// byte-order mark at its start dropped (without_bom).
// `option` names where the path came from ("--deal-file"), for messages:
// "--deal-file '/tmp' is a directory", "cannot read --moves-file 'x': No such
// file or directory", "--deal-file '/dev/zero' is larger than 1 MiB ...".
std::string read_input(const std::string& path, const std::string& option, size_t max = kMaxInputBytes);

// A file (or standard input for "-") read one line at a time, each line at
// most `max_line` bytes (without its newline; a '\r' before it is dropped).
// Throws InputError as read_input does, and for a longer line (naming it).
class LineReader {
public:
    LineReader(const std::string& path, const std::string& option, size_t max_line = kMaxLineBytes);
    ~LineReader();
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;
    // The next line into `line`; false at the end of the input.
    bool next(std::string& line);
    long lineno() const { return lineno_; }  // of the line last returned, from 1
    // Whether the line last returned ended with a newline (false: the last
    // line of a file that does not end with one, such as a torn write).
    bool complete() const { return complete_; }
    // Keep a '\r' before the newline (byte offsets stay exact).
    void keep_carriage_returns() { keep_cr_ = true; }

private:
    std::FILE* f_ = nullptr;
    bool close_ = false;
    std::string path_, option_;
    size_t max_line_;
    long lineno_ = 0;
    bool complete_ = false, keep_cr_ = false;
};

}  // namespace pyr
