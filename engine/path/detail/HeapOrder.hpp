#pragma once
/// \file HeapOrder.hpp
/// The open-list order of the searches that keep their open list as a std heap (jump point
/// search, any-angle search): lower f first; equal f: larger g (closer to the goal) first; then
/// the lower node index, so the order, hence the path, is the same on every run.

namespace isostar::path::detail {

/// "a comes after b" for std::push_heap / std::pop_heap (a max-heap of the better entry).
struct LaterInHeap {
    template <class E>
    bool operator()(const E& a, const E& b) const
    {
        if (a.f != b.f)
            return a.f > b.f;
        if (a.g != b.g)
            return a.g < b.g;
        return a.node > b.node;
    }
};

} // namespace isostar::path::detail
