#pragma once
/// \file Workloads.hpp
/// pathbench's workloads: a map (cost field and movement rules) with the queries every
/// implementation runs on it.

#include "engine/path/CostField.hpp"
#include "engine/path/MoveRules.hpp"
#include "tools/pathbench/Measure.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pathbench {

struct Workload {
    std::string name;
    isostar::path::CostField field;
    isostar::path::MoveRules rules;
    std::vector<Query> queries;
    bool headline = false;  // the 512x512 weighted workload the speedups are computed on
};

/// `count` random start/goal pairs on the field's largest island (every query has a path),
/// the same for the same seed.
std::vector<Query> randomQueries(const isostar::path::CostField& field, const isostar::path::MoveRules& rules, int count,
                                 std::uint32_t seed);
/// Moving AI map `name` of `dir` with `count` of its scenarios spread evenly over the file
/// (short and long problems alike); nullopt when the map or its .scen cannot be read.
std::optional<Workload> movingAiWorkload(const std::string& dir, const std::string& name, int count);
/// The article's weighted terrain, `size` x `size`, with `count` random queries.
Workload articleWorkload(int size, int count, std::uint32_t seed);

} // namespace pathbench
