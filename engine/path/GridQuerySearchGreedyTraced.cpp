/// \file GridQuerySearchGreedyTraced.cpp
/// The traced greedy best-first loops (demos: step-through, the race's closed sets), with and
/// without an overlay (see detail/GridQuerySearchLoops.hpp).
#include "engine/path/detail/GridQuerySearchLoops.hpp"

namespace eng::path {

template PathStatus GridQuery::runLoop<GridQuery::Loop::Traced, true, true>(int);
template PathStatus GridQuery::runLoop<GridQuery::Loop::Traced, false, true>(int);

} // namespace eng::path
