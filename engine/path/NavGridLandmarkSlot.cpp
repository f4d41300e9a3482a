/// \file NavGridLandmarkSlot.cpp
/// NavGrid::LandmarkSlot's special members: copying a layer's slot shares its table and drops its
/// rebuild; moving it carries the rebuild along (defined here, where LandmarkJob is complete).
#include "engine/path/NavGrid.hpp"
#include "engine/path/landmarks/LandmarkJob.hpp"

#include <utility>

namespace isostar::path {

NavGrid::LandmarkSlot::LandmarkSlot() = default;

NavGrid::LandmarkSlot::~LandmarkSlot() = default;

NavGrid::LandmarkSlot::LandmarkSlot(const LandmarkSlot& o)
    : table(o.table), safe(o.safe), epoch(o.epoch), wanted(o.isWanted()), askedAt(o.lastAsked())
{
}

NavGrid::LandmarkSlot& NavGrid::LandmarkSlot::operator=(const LandmarkSlot& o)
{
    if (this != &o) {
        table = o.table;
        safe = o.safe;
        epoch = o.epoch;
        job.reset();
        wanted.store(o.isWanted(), std::memory_order_relaxed);
        askedAt.store(o.lastAsked(), std::memory_order_relaxed);
    }
    return *this;
}

NavGrid::LandmarkSlot::LandmarkSlot(LandmarkSlot&& o) noexcept
    : table(std::move(o.table)), safe(o.safe), epoch(o.epoch), job(std::move(o.job)), wanted(o.isWanted()),
      askedAt(o.lastAsked())
{
}

NavGrid::LandmarkSlot& NavGrid::LandmarkSlot::operator=(LandmarkSlot&& o) noexcept
{
    if (this != &o) {
        job.reset();  // stops and joins this slot's own rebuild first
        table = std::move(o.table);
        safe = o.safe;
        epoch = o.epoch;
        job = std::move(o.job);
        wanted.store(o.isWanted(), std::memory_order_relaxed);
        askedAt.store(o.lastAsked(), std::memory_order_relaxed);
    }
    return *this;
}

} // namespace isostar::path
