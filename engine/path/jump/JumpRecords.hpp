#pragma once
/// \file JumpRecords.hpp
/// Internal to engine/path: the records of one jump search (WeightedJumpSearch): for each node
/// the search reached, its cost g, its heuristic h, its parent and whether it is closed.
/// A search reaches a few thousand nodes scattered over the grid. Their records are kept in the
/// order the search reaches them, one after another (32 bytes each), so a query's records
/// share a few dozen kilobytes that stay in the core's cache from one query to the next; a
/// per-cell index (4 bytes a cell) gives a node's record: its slot in the low bits (as many as
/// the grid's node numbers need), and above them the tag of the search that wrote it (a
/// generation stamp). An entry with another search's tag is no record, so a new search forgets
/// the last one's records in O(1), and a node first reached costs the read of its entry alone.
/// When the tags wrap (every 2^(32 - slot bits) searches: 16,384 on a 504x504 map, 1,024 at
/// 2016x2016) the index is cleared once.
/// - The index is zero pages until a search writes it (detail::ZeroedArray); the records grow
///   by doubling to the largest search's count and keep it: queries do not allocate after
///   warm-up.
/// - Pointers to records stay valid until the next add() (which may grow them).

#include "engine/path/detail/ZeroedArray.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace isostar::path::detail {

class JumpRecords {
public:
    struct Record {
        std::uint32_t node = 0;
        std::uint32_t parent = 0;
        std::uint32_t closed = 0;  ///< 1 once the search expanded the node
        double g = 0.0;
        double h = 0.0;
    };
    static_assert(sizeof(Record) == 32, "two records a cache line");

    /// Records the storage starts with.
    static constexpr std::size_t kStartRecords = 4096;

    /// Sizes the index for nodes 0..cells - 1 (padded cells of the grid searched next; fewer
    /// than 2^31). O(1) but when the bits a slot needs change (the index is cleared then).
    void fit(std::size_t cells)
    {
        m_index.growTo(cells);
        if (m_records.size() < kStartRecords)
            m_records.resize(kStartRecords);
        const std::uint32_t mask = slotMask(cells);
        if (mask != m_slotMask) {
            if (m_slotMask != 0)
                m_index.zero();  // entries of another split could read as this search's
            m_slotMask = mask;
            m_tag = 0;
        }
    }

    /// Starts a search: the records of earlier searches are forgotten.
    void begin()
    {
        m_count = 0;
        m_tag += m_slotMask + 1;
        if (m_tag == 0) {  // wrapped: no entry may keep a tag that comes round again
            m_index.zero();
            m_tag = m_slotMask + 1;
        }
    }

    /// Sizes the index for `cells` nodes and the records for `records` and writes both, so
    /// that searches of up to that many records on such a grid neither allocate nor first
    /// touch their pages.
    void prepare(std::size_t cells, std::size_t records)
    {
        m_index.growTo(cells);
        m_index.zero();
        m_slotMask = slotMask(cells);
        m_tag = 0;
        if (m_records.size() < std::max(records, kStartRecords))
            m_records.resize(std::max(records, kStartRecords));
        for (Record& r : m_records)
            r = Record{};
        m_count = 0;
    }

    /// The record of `node` in this search, or null.
    [[gnu::always_inline]] Record* find(std::uint32_t node)
    {
        const std::uint32_t e = m_index[node];
        return (e & ~m_slotMask) == m_tag ? &m_records[e & m_slotMask] : nullptr;
    }
    const Record* find(std::uint32_t node) const { return const_cast<JumpRecords*>(this)->find(node); }

    /// The record of `node` in this search, added (open; g, h and parent to be set by the
    /// caller; `added` true) when it has none. May grow the records.
    [[gnu::always_inline]] Record& add(std::uint32_t node, bool& added)
    {
        if (Record* r = find(node)) {
            added = false;
            return *r;
        }
        if (m_count == m_records.size()) [[unlikely]]
            grow();
        m_index[node] = m_tag | std::uint32_t(m_count);
        Record& r = m_records[m_count++];
        r.node = node;
        r.closed = 0;
        added = true;
        return r;
    }

    /// Fetches `node`'s index entry (its record is in cache).
    [[gnu::always_inline]] void prefetch(std::uint32_t node) const { __builtin_prefetch(&m_index[node]); }

    static bool closed(const Record& r) { return r.closed != 0; }
    static void close(Record& r) { r.closed = 1; }

    /// Records of this search.
    std::size_t size() const { return m_count; }
    /// Records the storage holds before it grows.
    std::size_t capacity() const { return m_records.size(); }
    /// Bytes of storage (index and records).
    std::size_t bytes() const { return m_index.bytes() + m_records.capacity() * sizeof(Record); }

private:
    /// The low bits of an index entry that hold a slot, for nodes 0..cells - 1.
    static std::uint32_t slotMask(std::size_t cells)
    {
        return (std::uint32_t(1) << std::bit_width(std::uint32_t(cells > 1 ? cells - 1 : 1))) - 1;
    }

    [[gnu::noinline]] void grow() { m_records.resize(2 * m_records.size()); }

    ZeroedArray<std::uint32_t> m_index;  ///< a node's record: the search's tag | its slot
    std::vector<Record> m_records;       ///< the search's records, in the order it reached them
    std::size_t m_count = 0;
    std::uint32_t m_slotMask = 0;  ///< the index bits of a slot (every node fits); the tag above
    std::uint32_t m_tag = 0;       ///< this search's tag (never 0: the cleared index's entries)
};

} // namespace isostar::path::detail
