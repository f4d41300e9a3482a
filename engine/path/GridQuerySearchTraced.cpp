/// \file GridQuerySearchTraced.cpp
/// The traced loops (step-through, overlays, races: every expansion recorded), A* or greedy, with
/// and without an overlay; the target kind, diagonal rule and heuristic are read at run time (see
/// query/GridQuerySearchLoops.hpp).
#include "engine/path/query/GridQuerySearchLoops.hpp"

namespace isostar::path {

template PathStatus GridQuery::runLoop<GridQuery::Loop::Traced, false, false>(int);
template PathStatus GridQuery::runLoop<GridQuery::Loop::Traced, true, false>(int);
template PathStatus GridQuery::runLoop<GridQuery::Loop::Traced, false, true>(int);
template PathStatus GridQuery::runLoop<GridQuery::Loop::Traced, true, true>(int);

} // namespace isostar::path
