#pragma once
/// \file RandomCostField.hpp
/// Random cost fields for the path tests: each cell draws one of `kinds` uniformly (a kind may
/// be listed several times to weigh it; isostar::path::Impassable for a wall).
///
/// \code
/// const isostar::path::CostField f = testsupport::randomCostField(64, 64, 7u, {Impassable, 3.0f, 3.0f, 1.0f});
/// \endcode

#include "engine/path/CostField.hpp"

#include <initializer_list>
#include <random>
#include <vector>

namespace testsupport {

inline isostar::path::CostField randomCostField(int w, int h, unsigned seed, std::initializer_list<float> kinds)
{
    const std::vector<float> table(kinds);
    std::mt19937 rng(seed);
    isostar::path::CostField f(w, h);
    std::uniform_int_distribution<int> kind(0, int(table.size()) - 1);
    for (float& c : f.cost)
        c = table[std::size_t(kind(rng))];
    return f;
}

} // namespace testsupport
