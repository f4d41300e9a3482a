#pragma once
/// \file BitLine.hpp
/// Internal to engine/path: reading the bit lines of WeightedJumpGrid (rows, columns or
/// diagonals, bit p + kLead of a line for position p): one bit, or the first clear bit from a
/// position on in either direction, at least 57 positions per load. A line's words follow one
/// another (Stride 1: the diagonal skip planes) or every Stride-th word (the interleaved planes
/// of the straight directions, WeightedJumpGrid::kStraightPlanes).

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

/// Bits of a line whose words are every Stride-th from `line`, from position `pos` (>= -kLead)
/// on, as bits 0..63: the word holding `pos` and the next one, shifted together (the words
/// after a line's last position stay inside it, as lineWindow's).
template <int Stride>
[[gnu::always_inline]] inline std::uint64_t stridedWindow(const std::uint64_t* line, int pos)
{
    const unsigned b = unsigned(pos + WeightedJumpGrid::kLead);
    const std::uint64_t* w = line + std::size_t(b >> 6) * Stride;
    __extension__ using Pair = unsigned __int128;  // a GCC / Clang type: one double shift
    const Pair pair = (Pair(w[Stride]) << 64) | w[0];
    return std::uint64_t(pair >> (b & 63u));
}

/// Positions per window, and their mask, of a line of words every Stride-th.
template <int Stride>
constexpr int kWindow = Stride == 1 ? kLineWindow : 64;
template <int Stride>
constexpr std::uint64_t kWindowMask = Stride == 1 ? kLineWindowMask : ~std::uint64_t(0);
template <int Stride>
[[gnu::always_inline]] inline std::uint64_t window(const std::uint64_t* line, int pos)
{
    if constexpr (Stride == 1)
        return lineWindow(line, pos);
    else
        return stridedWindow<Stride>(line, pos);
}

/// The bit of position `pos` (padded coordinate) of `line`.
inline bool lineBit(const std::uint64_t* line, int pos)
{
    const unsigned b = unsigned(pos + WeightedJumpGrid::kLead);
    return ((line[b >> 6] >> (b & 63u)) & 1u) != 0;
}

/// The first position from `pos` on in direction Dir (+1 / -1) whose bit in the pass line
/// (words every Stride-th) is clear: where a straight jump stops. The blocked ring guarantees one.
template <int Dir, int Stride = 1>
[[gnu::always_inline]] inline int scanPassLine(const std::uint64_t* line, int pos)
{
    constexpr int n = kWindow<Stride>;
    if constexpr (Dir > 0) {
        for (;;) {
            const std::uint64_t stop = ~window<Stride>(line, pos) & kWindowMask<Stride>;
            if (stop != 0)
                return pos + __builtin_ctzll(stop);
            pos += n;
        }
    } else {
        for (;;) {
            const int base = pos - (n - 1);  // bit n - 1 = pos
            const std::uint64_t stop = ~window<Stride>(line, base) & kWindowMask<Stride>;
            if (stop != 0)
                return base + 63 - __builtin_clzll(stop);
            pos -= n;
        }
    }
}

} // namespace isostar::path::detail
