#pragma once
/// \file OpenListStorage.hpp
/// Internal to engine/path: the storage of the A* open list between (time-sliced) runs of a
/// search (owned by GridQuery); the algorithm is in detail/OpenList.hpp.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace isostar::path {

namespace detail {
/// Exact open-list entry, 16 bytes. Order: lower f, then lower h (= larger g: the cell nearer
/// the goal), then lower row-major index. f >= 0 is stored as its IEEE bits (monotone for
/// non-negative doubles) and `tie` packs the float bits of h above the padded (y, x), so the
/// order is one unsigned 128-bit comparison.
struct HeapEntry {
    std::uint64_t fBits;
    std::uint64_t tie;
};

/// The open list's storage between (time-sliced) runs; the algorithm is in detail/OpenList.hpp.
struct OpenListStorage {
    std::vector<std::uint64_t> main;  ///< 8-byte keys: f's prefix, then the cell (size() = capacity)
    std::vector<HeapEntry> ties;      ///< exact keys of the entries sharing the smallest prefix
    int xBits = 0;                    ///< bits of a padded x in a main-heap key
    int cellBits = 0;                 ///< bits of a padded (y, x) in a main-heap key
    std::size_t mainCount = 0;
    std::size_t tieCount = 0;
    std::uint64_t groupPrefix = 0;    ///< the prefix the tie heap holds (while tieCount > 0)
    std::size_t pushes = 0;           ///< pushes in this search
    std::size_t moved = 0;            ///< entries moved from the main heap to the tie heap
    bool exactOnly = false;           ///< tie heap only (this search)

    /// Sizes main-heap keys for padded cells x < stride, y < paddedHeight (at init): the cell
    /// goes below f's top bits as (y << xBits | x).
    void setLayout(int stride, int paddedHeight)
    {
        xBits = std::bit_width(unsigned(stride - 1));
        cellBits = xBits + std::bit_width(unsigned(paddedHeight - 1));
    }
    /// Empties the list for a new search (storage kept).
    void reset(bool exact)
    {
        if (main.size() < 1024)
            main.resize(1024);
        if (ties.size() < 64)
            ties.resize(64);
        mainCount = tieCount = pushes = moved = 0;
        exactOnly = exact;
    }
};
} // namespace detail

} // namespace isostar::path
