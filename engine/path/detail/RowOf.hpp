#pragma once
/// \file RowOf.hpp
/// Internal to engine/path: the padded row of a node (node / stride) by one 64x64-bit multiply
/// instead of a division, whose latency sits on the path of every successor in the jump
/// search. Exact for every node and stride in [2, 2^32): the multiplier is ceil(2^64 / stride),
/// so the product overshoots node / stride by less than 2^-32 < 1 / stride.

#include <cstdint>

namespace isostar::path::detail {

class RowOf {
public:
    RowOf() = default;
    explicit RowOf(int stride) : m_magic(~std::uint64_t(0) / std::uint64_t(stride) + 1) {}

    int operator()(std::uint32_t node) const
    {
        __extension__ typedef unsigned __int128 Wide;
        return int((Wide(node) * m_magic) >> 64);
    }

private:
    std::uint64_t m_magic = 0;
};

} // namespace isostar::path::detail
