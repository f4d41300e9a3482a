/// \file GridQuerySearchAStar.cpp
/// The plain A* / Dijkstra loops: masked (varying costs) and branchy (uniform costs) (see
/// query/GridQuerySearchLoops.hpp).
#include "engine/path/query/GridQuerySearchLoops.hpp"

namespace isostar::path {

template PathStatus GridQuery::runLoop<GridQuery::Loop::Masked, false, false>(int);
template PathStatus GridQuery::runLoop<GridQuery::Loop::Branchy, false, false>(int);

} // namespace isostar::path
