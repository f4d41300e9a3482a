#pragma once
/// \file Baselines.hpp
/// The two A* implementations IsoStar is measured against in pathbench. Both search the same
/// CostField under the same rules (8-connected, no corner cutting, diagonal factor, entry cost)
/// with the same admissible heuristic (octile x cheapest cell cost), so optimal costs agree.

#include "engine/core/TileCoord.hpp"
#include "engine/path/CostField.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace pathbench {

struct BaselineResult {
    bool found = false;
    double cost = 0.0;
    long expanded = 0;
};

/// The tutorial A*: an array of node structs reset before every query,
/// and a std::set<(f, index)> as the open list (erase + insert on a better g).
class TextbookAStar {
public:
    TextbookAStar(const isostar::path::CostField& field, double diagonalFactor);
    BaselineResult find(isostar::TileCoord start, isostar::TileCoord goal);

private:
    struct Node {
        double g;
        double f;
        int parent;
        bool open;
        bool closed;
    };
    const isostar::path::CostField& m_field;
    double m_diag;
    double m_minCost;
    std::vector<Node> m_nodes;
};

/// Boost Graph Library: the grid as a compressed_sparse_row_graph with one weighted edge per
/// allowed step, searched with boost::astar_search (external property maps allocated once; BGL
/// still initialises every vertex per call, as astar_search does).
class BglAStar {
public:
    BglAStar(const isostar::path::CostField& field, double diagonalFactor);
    ~BglAStar();
    BaselineResult find(isostar::TileCoord start, isostar::TileCoord goal);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// Cheapest passable cost of the field (the heuristic scale shared by all implementations).
double cheapestCell(const isostar::path::CostField& field);

} // namespace pathbench
