#pragma once
/// \file ZeroedArray.hpp
/// Per-cell arrays (search scratch, occupancy) whose new storage reads as zero bytes
/// without being written. It comes from std::calloc, and a large block comes straight from the
/// system as untouched zero pages: a search that visits a few cells of a big grid makes only
/// their pages resident, where a value-initialised std::vector writes (and keeps) every page.
/// T is trivially copyable and all-zero bytes are a valid value of it (0.0, 0).

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

namespace isostar {

template <typename T>
class ZeroedArray {
    static_assert(std::is_trivially_copyable_v<T>, "ZeroedArray holds trivially copyable cells");

public:
    ZeroedArray() = default;
    ~ZeroedArray() { std::free(m_data); }
    ZeroedArray(const ZeroedArray&) = delete;
    ZeroedArray& operator=(const ZeroedArray&) = delete;
    ZeroedArray(ZeroedArray&& o) noexcept
        : m_data(std::exchange(o.m_data, nullptr)), m_size(std::exchange(o.m_size, std::size_t(0)))
    {
    }
    ZeroedArray& operator=(ZeroedArray&& o) noexcept
    {
        if (this != &o) {
            std::free(m_data);
            m_data = std::exchange(o.m_data, nullptr);
            m_size = std::exchange(o.m_size, std::size_t(0));
        }
        return *this;
    }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// Bytes of storage held.
    std::size_t bytes() const { return m_size * sizeof(T); }
    T* data() { return m_data; }
    const T* data() const { return m_data; }
    T& operator[](std::size_t i) { return m_data[i]; }
    const T& operator[](std::size_t i) const { return m_data[i]; }
    T* begin() { return m_data; }
    T* end() { return m_data + m_size; }

    /// At least `n` elements: the ones there keep their values, new ones are zero. Throws
    /// std::bad_alloc when the memory is not there.
    void growTo(std::size_t n)
    {
        if (n <= m_size)
            return;
        T* p = static_cast<T*>(std::calloc(n, sizeof(T)));
        if (p == nullptr)
            throw std::bad_alloc();
        if (m_size > 0)
            std::memcpy(static_cast<void*>(p), static_cast<const void*>(m_data), m_size * sizeof(T));
        std::free(m_data);
        m_data = p;
        m_size = n;
    }
    /// Every element zero again (the storage kept).
    void zero()
    {
        if (m_size > 0)
            std::memset(static_cast<void*>(m_data), 0, m_size * sizeof(T));
    }
    /// Gives the storage back; size() 0.
    void release()
    {
        std::free(m_data);
        m_data = nullptr;
        m_size = 0;
    }

private:
    T* m_data = nullptr;
    std::size_t m_size = 0;
};

} // namespace isostar
