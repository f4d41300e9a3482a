/// \file StepGeometry.cpp
/// A walk's facings and segment stretches (StepGeometry.hpp).
#include "game/party/StepGeometry.hpp"

#include <algorithm>

namespace game {

std::optional<isostar::anim::Direction8> stepFacing(isostar::TileCoord from, isostar::TileCoord to, const PartyParams& p)
{
    const int dx = to.x - from.x, dy = to.y - from.y;
    if (!p.hex.on)
        return isostar::anim::facingForTileStep(dx, dy, p.isometric, p.tileWidth, p.tileHeight);
    const int index = p.hex.staggerX ? from.x : from.y;
    const bool shifted = ((index & 1) != 0) != p.hex.staggerEven;
    const double half = shifted ? -0.5 : 0.5;
    if (p.hex.staggerX)
        return isostar::anim::facingForScreenDelta(dx * (p.tileWidth + p.hex.sideLength) / 2.0,
                                                   (dy + (dx != 0 ? half : 0.0)) * p.tileHeight);
    return isostar::anim::facingForScreenDelta((dx + (dy != 0 ? half : 0.0)) * p.tileWidth,
                                               dy * (p.tileHeight + p.hex.sideLength) / 2.0);
}

std::optional<isostar::anim::Direction8> moveFacing(double dx, double dy, const PartyParams& p)
{
    if (p.hex.on)
        return isostar::anim::facingForScreenDelta(
            dx * (p.hex.staggerX ? (p.tileWidth + p.hex.sideLength) / 2.0 : p.tileWidth),
            dy * (p.hex.staggerX ? p.tileHeight : (p.tileHeight + p.hex.sideLength) / 2.0));
    if (p.isometric)
        return isostar::anim::facingForScreenDelta((dx - dy) * p.tileWidth / 2.0, (dx + dy) * p.tileHeight / 2.0);
    return isostar::anim::facingForScreenDelta(dx * p.tileWidth, dy * p.tileHeight);
}

double stretchMiddle(isostar::TileCoord a, isostar::TileCoord b, isostar::TileCoord c)
{
    double lo = 0.0, hi = 1.0;
    auto clip = [&](double start, double d, int cellMin) {
        if (d == 0.0)
            return;
        double t1 = (cellMin - start) / d, t2 = (cellMin + 1 - start) / d;
        if (t1 > t2)
            std::swap(t1, t2);
        lo = std::max(lo, t1);
        hi = std::min(hi, t2);
    };
    clip(a.x + 0.5, double(b.x - a.x), c.x);
    clip(a.y + 0.5, double(b.y - a.y), c.y);
    return std::clamp((lo + hi) / 2.0, 0.0, 1.0);
}

} // namespace game
