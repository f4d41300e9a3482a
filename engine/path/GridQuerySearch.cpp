/// \file GridQuerySearch.cpp
/// GridQuery::dispatchRun: picks the search loop instantiation for the query (the loops:
/// query/GridQuerySearchLoops.hpp, instantiated in GridQuerySearchAStar.cpp,
/// GridQuerySearchOverlay.cpp, GridQuerySearchGreedy.cpp and GridQuerySearchTraced.cpp).
#include "engine/path/GridQuery.hpp"

namespace isostar::path {

PathStatus GridQuery::dispatchRun(int maxExpansions)
{
    if (m_search.hex.topology.hex)
        return runHex(maxExpansions);
    // The untraced loops contain no recording code and the plain ones no overlay code; overlay
    // queries (rare, small per-unit searches) use the branchy loop. Greedy searches (demos and
    // races) have their own traced and branchy instantiations, so the A* loops are unchanged.
    if (m_search.greedy) {
        if (m_search.overlay)
            return m_search.trace ? runLoop<Loop::Traced, true, true>(maxExpansions)
                                  : runLoop<Loop::Branchy, true, true>(maxExpansions);
        return m_search.trace ? runLoop<Loop::Traced, false, true>(maxExpansions)
                              : runLoop<Loop::Branchy, false, true>(maxExpansions);
    }
    if (m_search.overlay)
        return m_search.trace ? runLoop<Loop::Traced, true, false>(maxExpansions)
                              : runLoop<Loop::Branchy, true, false>(maxExpansions);
    if (m_search.trace)
        return runLoop<Loop::Traced, false, false>(maxExpansions);
    return m_search.grid->uniformCost(m_search.layer) ? runLoop<Loop::Branchy, false, false>(maxExpansions)
                                                      : runLoop<Loop::Masked, false, false>(maxExpansions);
}

} // namespace isostar::path
