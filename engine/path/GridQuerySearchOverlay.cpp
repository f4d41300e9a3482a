/// \file GridQuerySearchOverlay.cpp
/// The loops of overlay queries (per-unit penalties), traced and untraced (see
/// detail/GridQuerySearchLoops.hpp).
#include "engine/path/detail/GridQuerySearchLoops.hpp"

namespace eng::path {

template PathStatus GridQuery::runLoop<GridQuery::Loop::Traced, true, false>(int);
template PathStatus GridQuery::runLoop<GridQuery::Loop::Branchy, true, false>(int);

} // namespace eng::path
