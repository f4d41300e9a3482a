/// \file GridQuerySearchGreedy.cpp
/// The untraced greedy best-first loops (races), with and without an overlay (see
/// query/GridQuerySearchLoops.hpp).
#include "engine/path/query/GridQuerySearchLoops.hpp"

namespace isostar::path {

template PathStatus GridQuery::runLoop<GridQuery::Loop::Branchy, true, true>(int);
template PathStatus GridQuery::runLoop<GridQuery::Loop::Branchy, false, true>(int);

} // namespace isostar::path
