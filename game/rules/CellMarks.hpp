#pragma once
/// \file CellMarks.hpp
/// A set of cell indices sized by what it holds, not by the map: a flood's "seen" marks that
/// cost the cells the flood visits on any map (open addressing, linear probing). clear() resets
/// only the slots the last use touched, so a set kept between floods never pays for its
/// largest one again.
///
/// \code
/// game::CellMarks seen;
/// seen.clear();
/// if (seen.insert(shape.index(c))) queue.push_back(c);   // first visit of c
/// \endcode

#include <cstddef>
#include <cstdint>
#include <vector>

namespace game {

class CellMarks {
public:
    /// Marks cell index `i`; true when it was not marked yet. Amortised O(1).
    bool insert(std::size_t i)
    {
        if ((m_touched.size() + 1) * 2 > m_slots.size())
            grow();
        const std::uint64_t key = std::uint64_t(i) + 1;
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t s = slotOf(key); ; s = (s + 1) & mask) {
            if (m_slots[s] == key)
                return false;
            if (m_slots[s] == 0) {
                m_slots[s] = key;
                m_touched.push_back(std::uint32_t(s));
                return true;
            }
        }
    }
    /// Is cell index `i` marked?
    bool contains(std::size_t i) const
    {
        if (m_slots.empty())
            return false;
        const std::uint64_t key = std::uint64_t(i) + 1;
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t s = slotOf(key); m_slots[s] != 0; s = (s + 1) & mask)
            if (m_slots[s] == key)
                return true;
        return false;
    }
    /// No cell marked; costs the cells marked since the last clear().
    void clear()
    {
        for (std::uint32_t s : m_touched)
            m_slots[s] = 0;
        m_touched.clear();
    }
    /// Cells marked.
    std::size_t size() const { return m_touched.size(); }
    /// Slots held: at most four times the most cells marked between two clear() calls (at
    /// least MinSlots), whatever the size of the map.
    std::size_t capacity() const { return m_slots.size(); }

    static constexpr std::size_t MinSlots = 256;

private:
    std::size_t slotOf(std::uint64_t key) const
    {
        // Fibonacci hashing: neighbouring cells spread over the table.
        return std::size_t((key * 0x9E3779B97F4A7C15ull) >> 32) & (m_slots.size() - 1);
    }
    void grow()
    {
        std::vector<std::uint64_t> old;
        old.swap(m_slots);
        m_slots.assign(old.empty() ? MinSlots : old.size() * 2, 0);
        m_touched.clear();
        const std::size_t mask = m_slots.size() - 1;
        for (std::uint64_t key : old) {
            if (key == 0)
                continue;
            std::size_t s = slotOf(key);
            while (m_slots[s] != 0)
                s = (s + 1) & mask;
            m_slots[s] = key;
            m_touched.push_back(std::uint32_t(s));
        }
    }

    std::vector<std::uint64_t> m_slots;    ///< cell index + 1 per slot, 0 empty; a power of two
    std::vector<std::uint32_t> m_touched;  ///< the slots in use (what clear() resets)
};

} // namespace game
