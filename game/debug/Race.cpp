/// \file Race.cpp
/// Race: the four lanes drawn in quarters of the cells and as offset path lines, and the table.
#include "game/debug/Race.hpp"


namespace game::debug {

sf::Color laneColor(std::size_t i, sf::Uint8 alpha)
{
    static const sf::Color colors[] = {{70, 150, 255}, {80, 220, 110}, {255, 160, 40}, {200, 90, 240}};
    sf::Color c = colors[i % 4];
    c.a = alpha;
    return c;
}

void Race::set(isostar::TileCoord start, isostar::TileCoord goal, int layer, std::vector<RaceLane> lanes)
{
    m_start = start;
    m_goal = goal;
    m_layer = layer;
    m_lanes = std::move(lanes);
}

void Race::drawGround(sf::VertexArray& va, const isostar::iso::Projection& proj, const CellRange& near) const
{
    for (std::size_t i = 0; i < m_lanes.size(); ++i)
        for (isostar::TileCoord c : m_lanes[i].closed)
            if (near.contains(c))
                addQuarter(va, proj, c, int(i), laneColor(i, 150));
    // Paths: each lane's line shifted a little toward its own quarter, so equal paths stay
    // visible side by side.
    for (std::size_t i = 0; i < m_lanes.size(); ++i) {
        const std::vector<isostar::TileCoord>& p = m_lanes[i].path;
        const sf::Vector2f off = (i == 0 ? sf::Vector2f(4.f, -2.f)
                                  : i == 1 ? sf::Vector2f(4.f, 2.f)
                                  : i == 2 ? sf::Vector2f(-4.f, 2.f)
                                           : sf::Vector2f(-4.f, -2.f));
        for (std::size_t k = 1; k < p.size(); ++k) {
            if (!near.contains(p[k]) && !near.contains(p[k - 1]))
                continue;
            addLine(va, toV(proj.cellCenter(p[k - 1])) + off, toV(proj.cellCenter(p[k])) + off, 3.f, laneColor(i, 255));
        }
    }
    if (active()) {
        addDiamondRing(va, proj, m_start, sf::Color(255, 255, 255, 230), 1.f, 0.8f);
        addDiamondRing(va, proj, m_goal, sf::Color(255, 255, 255, 230), 1.f, 0.8f);
    }
}

std::vector<TableRow> Race::table(const isostar::map::CellFrame& frame, const std::string& clearKey) const
{
    std::vector<TableRow> out;
    if (!active())
        return out;
    out.push_back({{"Race " + tileStr(frame.toTiled(m_start)) + " \xE2\x86\x92 " + tileStr(frame.toTiled(m_goal)) +
                    "   " + clearKey + " clears"},
                   colors::Title});
    out.push_back({{"search", "expanded", "time", "cost", "optimal"}, colors::Dim});
    for (std::size_t i = 0; i < m_lanes.size(); ++i) {
        const RaceLane& l = m_lanes[i];
        const std::string cost = isostar::path::hasPath(l.status) ? fmt(l.cost, 2) : std::string(isostar::path::statusName(l.status));
        out.push_back({{"\xE2\x97\x86 " + l.name, std::to_string(l.expanded), fmt(l.micros, 0) + " \xC2\xB5s", cost,
                        l.optimal ? "yes" : "no"},
                       laneColor(i, 255)});
    }
    return out;
}

} // namespace game::debug
