// engine/core/Utf8: validity and U+FFFD replacement, byte by byte, on the cases Unicode's
// "maximal subpart" rule singles out.

#include "engine/core/Utf8.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace {
const std::string R = "\xEF\xBF\xBD"; // U+FFFD
} // namespace

TEST_CASE("valid UTF-8 passes through unchanged", "[core][utf8]")
{
    for (const std::string& s : {std::string(), std::string("maps/valley.tmx"), std::string("caf\xC3\xA9"),
                                std::string("\xE2\x82\xAC 5"), std::string("\xF0\x9F\x97\xBA map"),
                                std::string("\xF4\x8F\xBF\xBF"), std::string("a\0b", 3)}) {
        CAPTURE(s);
        CHECK(isostar::isValidUtf8(s));
        CHECK(isostar::toValidUtf8(s) == s);
    }
}

TEST_CASE("ill-formed bytes become U+FFFD", "[core][utf8]")
{
    struct Case {
        std::string in, out;
    };
    const Case cases[] = {
        {"sewer\xFFs.tsx", "sewer" + R + "s.tsx"},  // a byte that never occurs
        {"\x80", R},                               // a stray continuation byte
        {"\xC3", R},                               // truncated at the end
        {"\xC3(", R + "("},                        // broken by an ASCII byte, which is kept
        {"\xE2\x82", R},                           // one U+FFFD for the maximal subpart
        {"\xE2\x82(", R + "("},
        {"\xC0\xAF", R + R},                       // overlong '/': C0 never starts a sequence
        {"\xE0\x80\xAF", R + R + R},               // overlong: E0 needs A0..BF next
        {"\xED\xA0\x80", R + R + R},               // a surrogate
        {"\xF4\x90\x80\x80", R + R + R + R},       // above U+10FFFF
        {"\xF0\x9F\x97", R},                       // truncated 4-byte sequence
        {"\xFF\xFE", R + R},
        {"ok\xC3\xA9\xA9", "ok\xC3\xA9" + R},      // valid, then a stray continuation
    };
    for (const Case& c : cases) {
        CAPTURE(c.in);
        CHECK_FALSE(isostar::isValidUtf8(c.in));
        const std::string fixed = isostar::toValidUtf8(c.in);
        CHECK(fixed == c.out);
        CHECK(isostar::isValidUtf8(fixed));
    }
}
