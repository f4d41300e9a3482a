/// \file GridQuerySearchOverlay.cpp
/// The untraced loop of overlay queries (per-unit penalties) (see query/GridQuerySearchLoops.hpp).
#include "engine/path/query/GridQuerySearchLoops.hpp"

namespace isostar::path {

template PathStatus GridQuery::runLoop<GridQuery::Loop::Branchy, true, false>(int);

} // namespace isostar::path
