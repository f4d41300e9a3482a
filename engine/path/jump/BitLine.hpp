#pragma once
/// \file BitLine.hpp
/// Internal to engine/path: reading the bit lines of WeightedJumpGrid (rows, columns or
/// diagonals, bit p + kLead of a line for position p): one bit, or the first clear bit from a
/// position on in either direction, at least 57 positions per load.

#include "engine/path/WeightedJumpSearch.hpp"

#include <bit>
#include <cstdint>
#include <cstring>

namespace isostar::path::detail {

/// Bits of `line` from position `pos` (padded coordinate, >= -kLead) on, as bits 0..56 (the bits
/// above: more of the line, or zeros): one unaligned load from the byte holding `pos`. Lines
/// are little-endian words with kLead zero bits behind them, so the 8 bytes stay inside the line.
inline std::uint64_t lineWindow(const std::uint64_t* line, int pos)
{
    static_assert(std::endian::native == std::endian::little, "bit lines are read bytewise");
    const unsigned b = unsigned(pos + WeightedJumpGrid::kLead);
    std::uint64_t v;
    std::memcpy(&v, reinterpret_cast<const unsigned char*>(line) + (b >> 3), sizeof v);
    return v >> (b & 7u);
}

/// The positions a lineWindow holds for sure.
constexpr int kLineWindow = 57;
constexpr std::uint64_t kLineWindowMask = (std::uint64_t(1) << kLineWindow) - 1;

/// The bit of position `pos` (padded coordinate) of `line`.
inline bool lineBit(const std::uint64_t* line, int pos)
{
    const unsigned b = unsigned(pos + WeightedJumpGrid::kLead);
    return ((line[b >> 6] >> (b & 63u)) & 1u) != 0;
}

/// The first position from `pos` on in direction Dir (+1 / -1) whose bit in the pass line
/// is clear: where a straight jump stops. The blocked ring guarantees one.
template <int Dir>
inline int scanPassLine(const std::uint64_t* line, int pos)
{
    if constexpr (Dir > 0) {
        for (;;) {
            const std::uint64_t stop = ~lineWindow(line, pos) & kLineWindowMask;
            if (stop != 0)
                return pos + __builtin_ctzll(stop);
            pos += kLineWindow;
        }
    } else {
        for (;;) {
            const int base = pos - (kLineWindow - 1);  // bit kLineWindow - 1 = pos
            const std::uint64_t stop = ~lineWindow(line, base) & kLineWindowMask;
            if (stop != 0)
                return base + 63 - __builtin_clzll(stop);
            pos -= kLineWindow;
        }
    }
}

} // namespace isostar::path::detail
