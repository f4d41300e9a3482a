#pragma once
/// \file OpenList.hpp
/// Internal to engine/path: GridQuery's open list, an exact priority queue over
/// (f, h, padded y, padded x) built from two binary heaps.
///
/// Why two heaps. The whole order is 128 bits (f's double bits, then h's float bits and the
/// cell), and moving and comparing 16-byte entries is what a heap spends its time on. Most of
/// the time f alone decides, and the top bits of f decide too. So the main heap holds 8-byte
/// keys: f's IEEE bits with the low `cellBits` bits replaced by the cell (y, x). That
/// order is exact except between entries whose f share the same prefix (equal f, or f within
/// about 2^-20 relative). Those entries sit in a connected subtree at the top of the main heap,
/// so two reads of the root's children tell whether the smallest prefix is unique. When it is
/// not, every entry with that prefix moves to the tie heap with its exact 128-bit key, and pops
/// come from there until it is empty; new entries with that prefix (or less) go there directly.
/// The pop order is therefore exactly that of one 128-bit heap, for less time per expansion than
/// a single heap of 16-byte entries (tools/pathbench's article workload).
///
/// Where exact ties are the rule (uniform-cost grids such as Moving AI's: many cells share the
/// same f) most entries would pass through both heaps, so the list then works in "exact" mode:
/// the tie heap alone, like a plain 128-bit heap. The query starts a search in exact mode
/// when every passable cell costs the same; otherwise a search switches to it as soon as more
/// than a quarter of its pushes have had to move (the rest of the main heap moves once).
///
/// A moved entry's exact key is recomputed from its cell (current g + h), not kept from its
/// push: for the entry of a cell's last improvement that is the same key bit for bit; an older
/// duplicate gets the current key, so the cell is expanded with its best g and the duplicate
/// is skipped as closed, as it would be anyway.

#include "engine/path/detail/OpenListStorage.hpp"

#include <cstdint>
#include <cstring>

namespace isostar::path::detail {

__extension__ typedef unsigned __int128 ExactKey;

/// The exact order as one unsigned 128-bit key: f's bits (monotone for f >= 0) above `tie`.
/// Comparing it compiles to cmp/sbb without branches, which matters because which child of a
/// heap node is smaller is a coin flip the branch predictor cannot learn.
inline bool before(const HeapEntry& a, const HeapEntry& b)
{
    return ((ExactKey(a.fBits) << 64) | a.tie) < ((ExactKey(b.fBits) << 64) | b.tie);
}

inline bool before(std::uint64_t a, std::uint64_t b)
{
    return a < b;
}

inline std::uint64_t fBitsOf(double f)
{
    std::uint64_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    return bits;
}

/// The tie part of an exact key: float bits of h, then the padded cell as (y << 16 | x).
/// Ordering by (y, x) is row-major order.
inline std::uint64_t makeTie(double h, int x, int y)
{
    const float hf = float(h);
    std::uint32_t bits = 0;
    std::memcpy(&bits, &hf, sizeof bits);
    return (std::uint64_t(bits) << 32) | (std::uint64_t(std::uint32_t(y)) << 16) | std::uint32_t(x);
}

/// The padded cell of a tie (see makeTie).
inline void cellOfTie(std::uint64_t tie, int& x, int& y)
{
    x = int(tie & 0xFFFFu);
    y = int((tie >> 16) & 0xFFFFu);
}

/// The exact entry of padded cell (x, y) reached with cost g, heuristic h.
inline HeapEntry exactEntry(double g, double h, int x, int y)
{
    return {fBitsOf(g + h), makeTie(h, x, y)};
}

/// The entry of padded cell (x, y) for greedy best-first search: ordered by h alone, ties by
/// lower g (float bits, monotone for g >= 0), then by the cell. Same layout as exactEntry, so
/// the two-heap queue works unchanged.
inline HeapEntry greedyEntry(double g, double h, int x, int y)
{
    return {fBitsOf(h), makeTie(g, x, y)};
}

template <typename T>
constexpr T kLargest{};
template <>
inline constexpr std::uint64_t kLargest<std::uint64_t> = ~std::uint64_t(0);
template <>
inline constexpr HeapEntry kLargest<HeapEntry> = {~std::uint64_t(0), ~std::uint64_t(0)};

/// Puts `e` into the hole at `i` of binary min-heap `h`, moving it up while it beats its parent.
template <typename T>
[[gnu::always_inline]] inline void siftUp(T* h, std::size_t i, const T& e)
{
    while (i > 0) {
        const std::size_t parent = (i - 1) / 2;
        if (!before(e, h[parent]))
            break;
        h[i] = h[parent];
        i = parent;
    }
    h[i] = e;
}

/// Binary min-heap push into storage `h` holding `count` entries (capacity >= count + 2).
template <typename T>
[[gnu::always_inline]] inline void heapPush(T* h, std::size_t& count, const T& e)
{
    siftUp(h, count++, e);
}

/// Removes the top. Floyd's variant: walk the hole down to a leaf along the smaller children
/// (one branch-free compare per level), then sift the last element up from there (usually 0-1
/// levels). The vacated last slot gets the largest key, so a missing right child is never
/// chosen. (A 4-ary heap measured the same here; the binary one is simpler.)
template <typename T>
[[gnu::always_inline]] inline void heapPop(T* h, std::size_t& count)
{
    const std::size_t n = --count;
    const T last = h[n];
    h[n] = kLargest<T>;
    std::size_t i = 0;
    for (std::size_t child = 1; child < n; child = 2 * i + 1) {
        child += std::size_t(before(h[child + 1], h[child]));
        h[i] = h[child];
        i = child;
    }
    siftUp(h, i, last);
}

/// The open list as the search loop uses it: raw pointers and counts in locals (so the
/// compiler keeps them in registers), written back to the query's storage by `save()`.
class OpenList {
public:
    explicit OpenList(OpenListStorage& storage)
        : m_storage(storage), m_main(storage.main.data()), m_ties(storage.ties.data()),
          m_mainCount(storage.mainCount), m_tieCount(storage.tieCount),
          m_mainCapacity(storage.main.size()), m_tieCapacity(storage.ties.size()),
          m_groupPrefix(storage.groupPrefix), m_pushes(storage.pushes), m_moved(storage.moved),
          m_exactOnly(storage.exactOnly), m_xBits(storage.xBits), m_cellBits(storage.cellBits),
          m_xMask((std::uint64_t(1) << m_xBits) - 1), m_cellMask((std::uint64_t(1) << m_cellBits) - 1)
    {
    }

    void save()
    {
        m_storage.mainCount = m_mainCount;
        m_storage.tieCount = m_tieCount;
        m_storage.groupPrefix = m_groupPrefix;
        m_storage.pushes = m_pushes;
        m_storage.moved = m_moved;
        m_storage.exactOnly = m_exactOnly;
    }

    bool empty() const { return m_mainCount == 0 && m_tieCount == 0; }

    /// The padded cell of the smallest entry as the list stands (the next pop unless a push
    /// comes first); false when empty. For prefetching only.
    [[gnu::always_inline]] bool peek(int& x, int& y) const
    {
        if (m_tieCount > 0) {
            cellOfTie(m_ties[0].tie, x, y);
            return true;
        }
        if (m_mainCount == 0)
            return false;
        cellOfKey(m_main[0], x, y);
        return true;
    }

    /// True when entry `e` orders before every entry of the list, so a pop after pushing it
    /// would return it: before the tie heap's top, or, with the tie heap empty, a smaller
    /// prefix than the main heap's top (conservative: an equal prefix says false).
    [[gnu::always_inline]] bool precedesAll(const HeapEntry& e) const
    {
        if (m_tieCount > 0)
            return before(e, m_ties[0]);
        return m_mainCount == 0 || (e.fBits >> m_cellBits) < (m_main[0] >> m_cellBits);
    }

    /// Adds entry `e` of padded cell (x, y) (= exactEntry(g, h, x, y); the cell is passed too so
    /// the hot path need not unpack it from the tie).
    [[gnu::always_inline]] void push(const HeapEntry& e, int x, int y)
    {
        ++m_pushes;
        if (m_exactOnly || (m_tieCount > 0 && (e.fBits >> m_cellBits) <= m_groupPrefix)) {
            if (m_tieCount + 2 > m_tieCapacity)
                growTies();
            heapPush(m_ties, m_tieCount, e);
            return;
        }
        if (m_mainCount + 2 > m_mainCapacity)
            growMain();
        const std::uint64_t cell = (std::uint64_t(std::uint32_t(y)) << m_xBits) | std::uint32_t(x);
        heapPush(m_main, m_mainCount, ((e.fBits >> m_cellBits) << m_cellBits) | cell);
    }

    /// Removes the smallest entry (the list must not be empty) and returns its padded cell.
    /// `exactKey(x, y)` gives a cell's current exact key (used when a group of equal prefixes
    /// moves to the tie heap).
    template <typename KeyOf>
    [[gnu::always_inline]] void pop(int& x, int& y, const KeyOf& exactKey)
    {
        if (m_tieCount == 0) {
            const std::uint64_t top = m_main[0];
            const std::uint64_t prefix = top >> m_cellBits;
            const bool shared = (m_mainCount > 1 && (m_main[1] >> m_cellBits) == prefix) ||
                                (m_mainCount > 2 && (m_main[2] >> m_cellBits) == prefix);
            if (!shared) {
                heapPop(m_main, m_mainCount);
                cellOfKey(top, x, y);
                return;
            }
            moveGroup(prefix, exactKey);
        }
        const std::uint64_t tie = m_ties[0].tie;
        heapPop(m_ties, m_tieCount);
        cellOfTie(tie, x, y);
    }

private:
    /// Moves every main-heap entry whose prefix is `prefix` (a connected subtree at the top)
    /// to the tie heap with its exact key; everything, and exact mode from now on, once ties
    /// turn out to be common in this search.
    template <typename KeyOf>
    [[gnu::noinline]] void moveGroup(std::uint64_t prefix, const KeyOf& exactKey)
    {
        const std::size_t before = m_mainCount;
        if (m_moved * 4 > m_pushes && m_pushes >= 256) {
            m_exactOnly = true;
            prefix = ~std::uint64_t(0) >> m_cellBits;
        }
        m_groupPrefix = prefix;
        while (m_mainCount > 0 && (m_main[0] >> m_cellBits) <= prefix) {
            const std::uint64_t top = m_main[0];
            heapPop(m_main, m_mainCount);
            if (m_tieCount + 2 > m_tieCapacity)
                growTies();
            int x, y;
            cellOfKey(top, x, y);
            heapPush(m_ties, m_tieCount, exactKey(x, y));
        }
        m_moved += before - m_mainCount;
    }

    void cellOfKey(std::uint64_t key, int& x, int& y) const
    {
        x = int(key & m_xMask);
        y = int((key & m_cellMask) >> m_xBits);
    }

    // Growth happens during warm-up only; later queries reuse the storage.
    [[gnu::noinline]] void growMain()
    {
        m_storage.main.resize(2 * m_mainCapacity);
        m_main = m_storage.main.data();
        m_mainCapacity = m_storage.main.size();
    }
    [[gnu::noinline]] void growTies()
    {
        m_storage.ties.resize(2 * m_tieCapacity);
        m_ties = m_storage.ties.data();
        m_tieCapacity = m_storage.ties.size();
    }

    OpenListStorage& m_storage;
    std::uint64_t* m_main;
    HeapEntry* m_ties;
    std::size_t m_mainCount;
    std::size_t m_tieCount;
    std::size_t m_mainCapacity;
    std::size_t m_tieCapacity;
    std::uint64_t m_groupPrefix;
    std::size_t m_pushes;
    std::size_t m_moved;
    bool m_exactOnly;
    const int m_xBits;
    const int m_cellBits;
    const std::uint64_t m_xMask;
    const std::uint64_t m_cellMask;
};

} // namespace isostar::path::detail
