/// \file NavGridLandmarkLimit.cpp
/// NavGrid::setLandmarkTableLimit: under LandmarkBuild::OnDemand, at most so many landmark
/// tables held, following the layers asked for most recently.
#include "engine/path/NavGrid.hpp"

#include <algorithm>

namespace isostar::path {

void NavGrid::setLandmarkTableLimit(int tables, int idlePolls)
{
    m_tableLimit = std::max(0, tables);
    m_idlePolls = std::max(0, idlePolls);
}

int NavGrid::landmarkTablesHeld() const
{
    int held = 0;
    for (const Layer& l : m_layers)
        held += l.landmarks.table ? 1 : 0;
    return held;
}

void NavGrid::startLimitedBuild()
{
    Layer* next = nullptr;
    for (Layer& l : m_layers) {
        const LandmarkSlot& slot = l.landmarks;
        if (!slot.safe && !slot.job && slot.isWanted() && askedRecently(slot) &&
            (!next || slot.lastAsked() > next->landmarks.lastAsked()))
            next = &l;
    }
    if (!next)
        return;
    if (!next->landmarks.table) {
        // Room for one more table: drop the least recently asked idle one while at the limit.
        while (landmarkTablesHeld() >= m_tableLimit) {
            Layer* idle = nullptr;
            for (Layer& l : m_layers) {
                const LandmarkSlot& slot = l.landmarks;
                if (slot.table && !slot.job && !askedRecently(slot) &&
                    (!idle || slot.lastAsked() < idle->landmarks.lastAsked()))
                    idle = &l;
            }
            if (!idle)
                return;  // every table is in use: the wanted layer waits
            idle->landmarks.table.reset();
            idle->landmarks.safe = false;
            idle->landmarks.wanted.store(false, std::memory_order_relaxed);
        }
    }
    startLandmarkJob(*next);
}

} // namespace isostar::path
