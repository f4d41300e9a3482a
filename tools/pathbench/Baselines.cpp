#include "tools/pathbench/Baselines.hpp"

#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

namespace pathbench {

using isostar::TileCoord;
using isostar::path::CostField;

namespace {

constexpr int kDx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
constexpr int kDy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

double octile(int dx, int dy, double diag)
{
    dx = std::abs(dx);
    dy = std::abs(dy);
    const int lo = std::min(dx, dy), hi = std::max(dx, dy);
    return double(hi - lo) + std::clamp(diag, 1.0, 2.0) * double(lo);
}

/// Calls f(neighbourIndex, stepCost) for each allowed step from (x, y): no corner cutting.
template <typename F>
void forEachStep(const CostField& field, int x, int y, double diag, F&& f)
{
    for (int k = 0; k < 8; ++k) {
        const int nx = x + kDx[k], ny = y + kDy[k];
        if (!field.passable({nx, ny}))
            continue;
        if (k >= 4 && (!field.passable({nx, y}) || !field.passable({x, ny})))
            continue;
        const double c = double(field.at({nx, ny}));
        f(ny * field.width + nx, k >= 4 ? c * diag : c);
    }
}

} // namespace

double cheapestCell(const CostField& field)
{
    float best = isostar::path::Impassable;
    for (float c : field.cost)
        best = std::min(best, c);
    return best < isostar::path::Impassable ? double(best) : 0.0;
}

// ---------------------------------------------------------------------------------------------

TextbookAStar::TextbookAStar(const CostField& field, double diagonalFactor)
    : m_field(field), m_diag(diagonalFactor), m_minCost(cheapestCell(field)),
      m_nodes(field.cost.size())
{
}

BaselineResult TextbookAStar::find(TileCoord start, TileCoord goal)
{
    BaselineResult r;
    for (Node& n : m_nodes)
        n = Node{std::numeric_limits<double>::infinity(), 0.0, -1, false, false};
    const int w = m_field.width;
    const int s = start.y * w + start.x, t = goal.y * w + goal.x;
    auto h = [&](int i) { return m_minCost * octile(i % w - goal.x, i / w - goal.y, m_diag); };
    std::set<std::pair<double, int>> open;
    m_nodes[std::size_t(s)].g = 0.0;
    m_nodes[std::size_t(s)].f = h(s);
    m_nodes[std::size_t(s)].open = true;
    open.insert({m_nodes[std::size_t(s)].f, s});
    while (!open.empty()) {
        const int cur = open.begin()->second;
        open.erase(open.begin());
        Node& cn = m_nodes[std::size_t(cur)];
        cn.open = false;
        cn.closed = true;
        ++r.expanded;
        if (cur == t) {
            r.found = true;
            r.cost = cn.g;
            return r;
        }
        forEachStep(m_field, cur % w, cur / w, m_diag, [&](int nb, double step) {
            Node& nn = m_nodes[std::size_t(nb)];
            if (nn.closed)
                return;
            const double ng = cn.g + step;
            if (ng >= nn.g)
                return;
            if (nn.open)
                open.erase({nn.f, nb});
            nn.g = ng;
            nn.f = ng + h(nb);
            nn.parent = cur;
            nn.open = true;
            open.insert({nn.f, nb});
        });
    }
    return r;
}

// ---------------------------------------------------------------------------------------------

// Named, not anonymous: BglAStar::Impl (external linkage) holds a Graph.
namespace bgl {

struct EdgeWeight {
    double weight;
};
using Graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, EdgeWeight>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

struct FoundGoal {};

class GridHeuristic : public boost::astar_heuristic<Graph, double> {
public:
    GridHeuristic(int width, TileCoord goal, double diag, double scale)
        : m_width(width), m_goal(goal), m_diag(diag), m_scale(scale) {}
    double operator()(Vertex v) const
    {
        return m_scale * octile(int(v) % m_width - m_goal.x, int(v) / m_width - m_goal.y, m_diag);
    }

private:
    int m_width;
    TileCoord m_goal;
    double m_diag;
    double m_scale;
};

class GoalVisitor : public boost::default_astar_visitor {
public:
    GoalVisitor(Vertex goal, long* expanded) : m_goal(goal), m_expanded(expanded) {}
    void examine_vertex(Vertex u, const Graph&)
    {
        ++*m_expanded;
        if (u == m_goal)
            throw FoundGoal{};
    }

private:
    Vertex m_goal;
    long* m_expanded;
};

} // namespace bgl

struct BglAStar::Impl {
    bgl::Graph graph;
    int width = 0;
    double diag = 1.0;
    double minCost = 0.0;
    std::vector<bgl::Vertex> pred;
    std::vector<double> dist;
    std::vector<double> rank;
    std::vector<boost::default_color_type> color;
};

BglAStar::BglAStar(const CostField& field, double diagonalFactor) : m_impl(std::make_unique<Impl>())
{
    std::vector<std::pair<std::size_t, std::size_t>> edges;
    std::vector<bgl::EdgeWeight> weights;
    for (int y = 0; y < field.height; ++y)
        for (int x = 0; x < field.width; ++x) {
            if (!field.passable({x, y}))
                continue;
            const std::size_t from = std::size_t(y * field.width + x);
            forEachStep(field, x, y, diagonalFactor, [&](int nb, double step) {
                edges.emplace_back(from, std::size_t(nb));
                weights.push_back({step});
            });
        }
    const std::size_t n = field.cost.size();
    // GCC 12 reports a false -Warray-bounds deep inside Boost's CSR construction (inlined
    // std::vector code on a one-element buffer); the code is Boost's, the warning is not ours.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
    m_impl->graph = bgl::Graph(boost::edges_are_sorted, edges.begin(), edges.end(), weights.begin(), n);
#pragma GCC diagnostic pop
    m_impl->width = field.width;
    m_impl->diag = diagonalFactor;
    m_impl->minCost = cheapestCell(field);
    m_impl->pred.resize(n);
    m_impl->dist.resize(n);
    m_impl->rank.resize(n);
    m_impl->color.resize(n);
}

BglAStar::~BglAStar() = default;

BaselineResult BglAStar::find(TileCoord start, TileCoord goal)
{
    Impl& m = *m_impl;
    BaselineResult r;
    const bgl::Vertex s = bgl::Vertex(start.y * m.width + start.x);
    const bgl::Vertex t = bgl::Vertex(goal.y * m.width + goal.x);
    const auto index = get(boost::vertex_index, m.graph);
    try {
        boost::astar_search(
            m.graph, s, bgl::GridHeuristic(m.width, goal, m.diag, m.minCost),
            boost::weight_map(get(&bgl::EdgeWeight::weight, m.graph))
                .predecessor_map(boost::make_iterator_property_map(m.pred.begin(), index))
                .distance_map(boost::make_iterator_property_map(m.dist.begin(), index))
                .rank_map(boost::make_iterator_property_map(m.rank.begin(), index))
                .color_map(boost::make_iterator_property_map(m.color.begin(), index))
                .visitor(bgl::GoalVisitor(t, &r.expanded)));
    } catch (const bgl::FoundGoal&) {
        r.found = true;
        r.cost = m.dist[t];
    }
    return r;
}

} // namespace pathbench
