#pragma once
/// \file StraightStart.hpp
/// Internal to engine/path: where a straight jump of the weighted jump search starts on the
/// WeightedJumpGrid's planes, read once by both the dead-end test before the jump and the jump.

#include "engine/path/WeightedJumpSearch.hpp"
#include "engine/path/detail/Directions.hpp"
#include "engine/path/jump/BitLine.hpp"

#include <cstddef>

namespace isostar::path::detail {

/// Where a straight jump in direction K (0..3) from padded (x, y) starts, on the row (east,
/// west) or column (north, south) it runs along: what both its call and the dead-end test
/// before it read.
struct StraightStart {
    std::size_t line;  ///< the line's first word in the direction's planes
    int from;          ///< the jump's first cell, as a position on the line
    int goalPos;       ///< the goal's position on the line (when it is on it)
    bool goalAhead;    ///< the goal is on the line, at or beyond `from`
    bool dead;         ///< `from`'s dead-end bit: the jump stops at a cell that keeps nothing
};

template <int K>
[[gnu::always_inline]] inline StraightStart straightStart(const WeightedJumpGrid& j, int x, int y, int goalX, int goalY)
{
    constexpr int dir = detail::kDx[K] + detail::kDy[K];
    constexpr bool rows = detail::kDy[K] == 0;
    StraightStart s;
    s.from = (rows ? x : y) + dir;
    s.line = rows ? std::size_t(y) * j.rowWords() : std::size_t(x) * j.colWords();
    s.goalPos = rows ? goalX : goalY;
    s.goalAhead = (rows ? y == goalY : x == goalX) & (dir > 0 ? s.goalPos >= s.from : s.goalPos <= s.from);
    s.dead = lineBit(j.deadLines(K) + s.line, s.from);
    return s;
}

/// True when the straight jump in direction K (0..3) from padded (x, y) ends in a dead end and
/// does not reach the goal (goalX, goalY): it finds nothing, as its first cell's dead-end bit
/// tells (WeightedJumpGrid::deadEnd). Branch-free, so callers test it before the jump's call:
/// about half of the straight jumps a search starts end so.
template <int K>
[[gnu::always_inline]] inline bool deadJump(const WeightedJumpGrid& j, int x, int y, int goalX, int goalY)
{
    const StraightStart s = straightStart<K>(j, x, y, goalX, goalY);
    return s.dead & !s.goalAhead;
}

} // namespace isostar::path::detail
