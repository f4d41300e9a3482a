/// \file StepThrough.cpp
/// StepThrough: isostar::path::SearchStepper driven one expansion per step, with a play rate.
#include "game/debug/StepThrough.hpp"

#include <algorithm>
#include <cmath>

namespace game::debug {

isostar::path::PathStatus StepThrough::begin(const isostar::path::NavGrid& grid, int layer, isostar::TileCoord start,
                                         isostar::TileCoord goal)
{
    m_playing = false;
    m_carry = 0.0;
    m_start = start;
    m_goal = goal;
    m_layer = layer;
    m_active = true;
    m_stepper.setOpenHeadSize(OpenHeadSize);
    m_status = m_stepper.begin(grid, layer, start, goal, {isostar::path::SearchOrder::AStar});
    return m_status;
}

int StepThrough::step(int n)
{
    int done = 0;
    while (done < n && running()) {
        const int before = m_stepper.stepCount();
        m_status = m_stepper.step();
        const int added = m_stepper.stepCount() - before;
        done += added;
        if (added == 0)
            break;  // stopped without an expansion (the layer changed)
    }
    return done;
}

void StepThrough::update(double dtSec)
{
    if (!m_playing)
        return;
    if (!running()) {
        m_playing = false;
        return;
    }
    m_carry += std::max(0.0, dtSec) * std::max(0.0, stepsPerSec);
    const int n = int(std::floor(m_carry));
    m_carry -= n;
    if (n > 0)
        step(n);
    if (!running())
        m_playing = false;
}

void StepThrough::cancel()
{
    m_stepper.reset();
    m_active = false;
    m_playing = false;
    m_status = isostar::path::PathStatus::InvalidInput;
}

bool StepThrough::gridChanged()
{
    if (!running())
        return false;
    cancel();
    return true;
}

std::optional<isostar::path::TraceCell> StepThrough::current() const
{
    if (const isostar::path::TraceCell* c = m_stepper.current())
        return *c;
    return std::nullopt;
}

std::vector<isostar::path::TraceCell> StepThrough::lastOpened() const
{
    const isostar::path::SearchTrace& t = m_stepper.trace();
    const int k = t.stepCount() - 1;
    if (k < 0 || t.openedBegin.size() < std::size_t(k) + 2)
        return {};
    return std::vector<isostar::path::TraceCell>(t.openedBeginAt(k), t.openedEndAt(k));
}

} // namespace game::debug
