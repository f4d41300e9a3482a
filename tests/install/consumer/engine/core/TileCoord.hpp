#pragma once
// The consumer's own header, named like one of the engine's (engine/core/TileCoord.hpp): a game
// may have an engine/ folder of its own on its include path. Only the consumer's code includes
// it, after saying so; an engine header that reached it instead of the engine's own would stop
// the build here.
#ifndef CONSUMER_OWN_ENGINE_HEADERS
#error "an IsoStar header included the consumer's engine/core/TileCoord.hpp instead of its own"
#endif

namespace consumer {

/// The consumer's own cell type (not isostar::TileCoord).
struct GridCell {
    int column = 0;
    int row = 0;
};

} // namespace consumer
