#include "engine/core/Utf8.hpp"

#include <cstddef>

namespace isostar {

namespace {

/// Length of the well-formed sequence starting at `i`, or 0 when it is ill-formed; then `bad`
/// is the length of its maximal subpart (at least 1), the bytes one U+FFFD stands for.
std::size_t sequenceLength(std::string_view s, std::size_t i, std::size_t& bad)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b0 = byte(i);
    bad = 1;
    if (b0 < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF; // the allowed range of the second byte (Unicode table 3-7)
    if (b0 >= 0xC2 && b0 <= 0xDF)
        n = 2;
    else if (b0 >= 0xE0 && b0 <= 0xEF) {
        n = 3;
        if (b0 == 0xE0)
            lo = 0xA0; // overlong
        else if (b0 == 0xED)
            hi = 0x9F; // surrogates
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        n = 4;
        if (b0 == 0xF0)
            lo = 0x90; // overlong
        else if (b0 == 0xF4)
            hi = 0x8F; // above U+10FFFF
    } else {
        return 0; // 80..C1 and F5..FF never start a sequence
    }
    for (std::size_t k = 1; k < n; ++k) {
        if (i + k >= s.size())
            return 0;
        const unsigned char b = byte(i + k);
        const unsigned char min = k == 1 ? lo : 0x80, max = k == 1 ? hi : 0xBF;
        if (b < min || b > max)
            return 0;
        bad = k + 1;
    }
    return n;
}

} // namespace

bool isValidUtf8(std::string_view text)
{
    std::size_t bad = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = sequenceLength(text, i, bad);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

std::string toValidUtf8(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    std::size_t bad = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = sequenceLength(text, i, bad);
        if (n == 0) {
            out += "\xEF\xBF\xBD";
            // `bad` counts the lead byte and the continuation bytes that still fit; the byte that
            // broke the sequence starts the next round.
            i += bad;
            continue;
        }
        out.append(text, i, n);
        i += n;
    }
    return out;
}

} // namespace isostar
