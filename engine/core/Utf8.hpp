#pragma once
/// \file Utf8.hpp
/// Text that leaves the program (JSON, the console, the HUD) must be valid UTF-8, but the strings
/// we print often come from user files (paths, names, properties) that may hold any bytes.
///
/// \code
/// const std::string path = "maps/v\xff" "alley.tmx";   // a file name in no valid UTF-8
/// std::cerr << isostar::toValidUtf8(path) << '\n';           // "maps/v\u{FFFD}alley.tmx"
/// \endcode

#include <string>
#include <string_view>

namespace isostar {

/// True when `text` is well-formed UTF-8 (RFC 3629): no stray continuation bytes, no truncated
/// or overlong sequences, no surrogates (U+D800..U+DFFF), nothing above U+10FFFF. O(n).
bool isValidUtf8(std::string_view text);

/// `text` with every ill-formed part replaced by U+FFFD (the bytes EF BF BD). Follows the
/// Unicode "maximal subpart" practice (the one of WHATWG decoders and nlohmann::json's
/// `error_handler_t::replace`): one U+FFFD per maximal prefix of a valid sequence, so
/// "\xE2\x82" -> one U+FFFD, "\xFF\xFF" -> two. Valid text comes back unchanged (byte for byte,
/// including NUL and control characters). O(n); allocates once.
std::string toValidUtf8(std::string_view text);

} // namespace isostar
