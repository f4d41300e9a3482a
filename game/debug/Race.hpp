#pragma once
/// \file Race.hpp
/// The algorithm race as the game shows it: four searches from one start to
/// one goal over the same layer (A*, Dijkstra, greedy best-first, weighted A* with w = 2), each
/// a lane with its figures (expansions, time, cost, optimal or not), the cells it closed and
/// its path. Drawn on one map in four colours: each lane owns one quarter of every cell (A* the
/// top-right quarter, then clockwise), so all four closed sets show at once without hiding one
/// another, and each path is a line in its colour, slightly offset. The table lists the figures.
///
/// \code
/// game::debug::Race race;
/// race.set(start, goal, layer, std::move(lanes));     // from the engine's race
/// race.drawGround(va, projection, viewCells);
/// drawTable(target, font, x, y, race.table(world.frame, "R"), 13);
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/iso/Projection.hpp"
#include "engine/map/CellFrame.hpp"
#include "engine/path/PathResult.hpp"
#include "game/debug/DebugDraw.hpp"

#include <SFML/Graphics.hpp>

#include <string>
#include <vector>

namespace game::debug {

/// One search of the race.
struct RaceLane {
    std::string name;                    ///< "A*", "Dijkstra", "greedy", "weighted A* w=2"
    std::string key;                     ///< JSON key: "astar", "dijkstra", "greedy", "weighted"
    isostar::path::PathStatus status = isostar::path::PathStatus::InvalidInput;
    double cost = 0.0;                   ///< the path's cost (0 without a path)
    int expanded = 0;                    ///< cells closed
    double micros = 0.0;                 ///< search time, microseconds
    bool optimal = false;                ///< its cost equals the optimum (Dijkstra's) within 1e-9
    std::vector<isostar::TileCoord> path;    ///< start .. end
    std::vector<isostar::TileCoord> closed;  ///< cells in the order they were closed
};

/// The colour of lane `i` (A* blue, Dijkstra green, greedy orange, weighted violet).
sf::Color laneColor(std::size_t i, sf::Uint8 alpha = 255);

class Race {
public:
    /// Shows a new race (replaces the old one).
    void set(isostar::TileCoord start, isostar::TileCoord goal, int layer, std::vector<RaceLane> lanes);
    /// Hides the race.
    void clear() { m_lanes.clear(); }
    bool active() const { return !m_lanes.empty(); }
    const std::vector<RaceLane>& lanes() const { return m_lanes; }
    isostar::TileCoord start() const { return m_start; }
    isostar::TileCoord goal() const { return m_goal; }
    int layer() const { return m_layer; }

    /// The four closed sets (one quarter of each cell per lane) and paths, only for the cells in
    /// `near`; world space.
    void drawGround(sf::VertexArray& va, const isostar::iso::Projection& proj, const CellRange& near) const;
    /// The table: a title row, a header row, then one row per lane in its colour (name,
    /// expansions, time, cost, optimal); start and goal in Tiled's coordinates (`frame`), the
    /// title naming `clearKey`, the key that clears the race.
    std::vector<TableRow> table(const isostar::map::CellFrame& frame, const std::string& clearKey) const;

private:
    isostar::TileCoord m_start;
    isostar::TileCoord m_goal;
    int m_layer = 0;
    std::vector<RaceLane> m_lanes;
};

} // namespace game::debug
