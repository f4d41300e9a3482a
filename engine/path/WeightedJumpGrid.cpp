/// \file WeightedJumpGrid.cpp
/// The successor table and pass planes of weighted jump point search (WeightedJumpSearch.hpp):
/// built from a layer's padded costs by the local pruning rule, patched cell by cell after an
/// edit.
#include "engine/path/WeightedJumpSearch.hpp"

#include "engine/path/detail/Directions.hpp"

#include <algorithm>
#include <bit>
#include <vector>
#include <limits>

namespace isostar::path {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// Two local costs within this relative distance are a tie (they differ by rounding only).
constexpr double kTieTolerance = 1e-12;

/// The 3x3 neighbourhood of one cell: index (dy + 1) * 3 + (dx + 1), the centre is 4.
struct Local {
    double cost[9];  ///< entry cost; kInf for a blocked cell
    bool open[9];
};

inline int localIndex(int dx, int dy)
{
    return (dy + 1) * 3 + (dx + 1);
}

/// Whether the step a -> b (distinct, adjacent cells of the 3x3) is allowed under no corner
/// cutting: both cells open and, for a diagonal step, both orthogonal cells too (all of them
/// lie inside the 3x3).
inline bool legalStep(const Local& l, int a, int b)
{
    const int ax = a % 3, ay = a / 3, bx = b % 3, by = b / 3;
    if (!l.open[a] || !l.open[b])
        return false;
    if (ax != bx && ay != by)
        return l.open[ay * 3 + bx] && l.open[by * 3 + ax];
    return true;
}

inline bool adjacent(int a, int b)
{
    const int ddx = a % 3 - b % 3;
    const int ddy = a / 3 - b / 3;
    return a != b && ddx >= -1 && ddx <= 1 && ddy >= -1 && ddy <= 1;
}

inline double stepCost(const Local& l, int a, int b, double diag)
{
    return (a % 3 != b % 3 && a / 3 != b / 3) ? l.cost[b] * diag : l.cost[b];
}

/// The kept directions of the centre entered in direction k (see WeightedJumpSearch.hpp): the
/// cheapest ways from q = centre - k to each neighbour that avoid the centre, over the 3x3
/// (Bellman-Ford on its 8 ring cells), against the way through the centre.
std::uint8_t keptDirections(const Local& l, int k, double diag)
{
    using detail::kDx;
    using detail::kDy;
    const int q = localIndex(-kDx[k], -kDy[k]);
    if (!legalStep(l, q, 4))
        return 0;  // the centre cannot be entered in direction k
    double any[9], diagFirst[9];
    for (int i = 0; i < 9; ++i)
        any[i] = diagFirst[i] = kInf;
    any[q] = 0.0;
    for (int m = 0; m < 9; ++m)
        if (m != 4 && adjacent(q, m) && m % 3 != q % 3 && m / 3 != q / 3 && legalStep(l, q, m))
            diagFirst[m] = stepCost(l, q, m, diag);
    for (int round = 0; round < 8; ++round) {
        bool changed = false;
        for (int a = 0; a < 9; ++a)
            for (int b = 0; b < 9; ++b) {
                if (a == 4 || b == 4 || !adjacent(a, b) || !legalStep(l, a, b))
                    continue;
                const double w = stepCost(l, a, b, diag);
                if (any[a] + w < any[b]) {
                    any[b] = any[a] + w;
                    changed = true;
                }
                if (diagFirst[a] + w < diagFirst[b]) {
                    diagFirst[b] = diagFirst[a] + w;
                    changed = true;
                }
            }
        if (!changed)
            break;
    }
    const bool straightIn = kDx[k] == 0 || kDy[k] == 0;
    const double in = stepCost(l, q, 4, diag);
    std::uint8_t kept = 0;
    for (int j = 0; j < 8; ++j) {
        const int n = localIndex(kDx[j], kDy[j]);
        if (n == q || !legalStep(l, 4, n))
            continue;
        const double through = in + stepCost(l, 4, n, diag);
        const double tol = kTieTolerance * through;
        const bool cheaper = any[n] < through - tol;
        const bool canonicalTie = straightIn && j != k && diagFirst[n] <= through + tol;
        if (!cheaper && !canonicalTie)
            kept = std::uint8_t(kept | (1u << j));
    }
    return kept;
}

} // namespace

void WeightedJumpGrid::setBit(std::vector<std::uint64_t>& lines, std::size_t words, int line, int pos, bool on)
{
    const std::size_t b = std::size_t(pos + kLead);
    const std::uint64_t bit = std::uint64_t(1) << (b & 63);
    std::uint64_t& w = lines[std::size_t(line) * words + (b >> 6)];
    w = on ? (w | bit) : (w & ~bit);
}

void WeightedJumpGrid::computeCell(const float* costs, int px, int py)
{
    const std::size_t node = std::size_t(py) * std::size_t(m_pw) + std::size_t(px);
    const bool inside = px > 0 && py > 0 && px < m_pw - 1 && py < m_ph - 1;
    const bool open = inside && costs[node] < Impassable;
    Local l{};
    unsigned pattern = 0;  // the open neighbours, bit i for 3x3 index i (centre excluded)
    bool uniform = true;   // every open neighbour costs what the cell costs
    if (open)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const float c = costs[node + std::size_t(dy * m_pw + dx)];
                const int i = localIndex(dx, dy);
                l.open[i] = c < Impassable;
                l.cost[i] = c < Impassable ? double(c) : kInf;
                if (l.open[i] && i != 4) {
                    pattern |= 1u << (i < 4 ? i : i - 1);
                    uniform = uniform && c == costs[node];
                }
            }
    for (int k = 0; k < 8; ++k) {
        // Around a cell of uniform cost the rule compares multiples of that cost only, so it
        // depends on which neighbours are open alone: one table per build.
        const std::uint8_t kept = !open ? 0 : uniform ? m_uniform[pattern][std::size_t(k)] : keptDirections(l, k, m_diag);
        m_succ[node * 8 + std::size_t(k)] = kept;
    }
    // A straight jump runs on through the cell when the move on is all it keeps; the same
    // bits mark where the next cell on costs the same (the jump's cost changes elsewhere).
    for (int k = 0; k < 4; ++k) {
        const int nx = px + detail::kDx[k];
        const int ny = py + detail::kDy[k];
        const bool pass = open && m_succ[node * 8 + std::size_t(k)] == (1u << k);
        const bool same = open && costs[std::size_t(ny) * std::size_t(m_pw) + std::size_t(nx)] == costs[node];
        const bool rows = detail::kDy[k] == 0;
        setBit(m_pass[k], rows ? m_rowWords : m_colWords, rows ? py : px, rows ? px : py, pass);
        setBit(m_same[k], rows ? m_rowWords : m_colWords, rows ? py : px, rows ? px : py, same);
        setBit(m_live[k], rows ? m_rowWords : m_colWords, rows ? py : px, rows ? px : py,
               m_succ[node * 8 + std::size_t(k)] != 0);
    }
    setBit(m_openRows, m_rowWords, py, px, open);
    setBit(m_uniformRows, m_rowWords, py, px, open && uniform);
    setBit(m_flatRows, m_rowWords, py, px, open && uniform && pattern == 0xFFu);
}

void WeightedJumpGrid::computeDeadLine(int k, int line, std::vector<int>* flipped)
{
    // A jump whose first cell is p ends where it stops: at p itself unless p passes, else
    // where a jump from p + dir ends. So the bits run back from the line's far end (the
    // blocked ring: a stop that keeps nothing).
    const bool rows = detail::kDy[k] == 0;
    const int dir = detail::kDx[k] + detail::kDy[k];
    const int length = rows ? m_pw : m_ph;
    const std::size_t words = rows ? m_rowWords : m_colWords;
    bool dead = true;
    for (int i = 0; i < length; ++i) {
        const int p = dir > 0 ? length - 1 - i : i;
        if (!bit(m_pass[k], words, line, p))
            dead = !bit(m_live[k], words, line, p);
        if (flipped && bit(m_dead[k], words, line, p) != dead)
            flipped->push_back(p);
        setBit(m_dead[k], words, line, p, dead);
    }
}

void WeightedJumpGrid::computeDiagonalCell(const float* costs, int px, int py)
{
    const std::size_t node = std::size_t(py) * std::size_t(m_pw) + std::size_t(px);
    const bool inside = px > 0 && py > 0 && px < m_pw - 1 && py < m_ph - 1;
    bool flat = inside && costs[node] < Impassable && m_diagFlat;
    for (int dy = -1; flat && dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            flat = flat && costs[node + std::size_t(dy * m_pw + dx)] == costs[node];
    for (int k = 4; k < 8; ++k) {
        const int dx = detail::kDx[k];
        const int dy = detail::kDy[k];
        const int kx = dx > 0 ? 1 : 3;
        const int ky = dy > 0 ? 2 : 0;
        const unsigned natural = (1u << k) | (1u << kx) | (1u << ky);
        const unsigned kept = inside ? m_succ[node * 8 + std::size_t(k)] : 0u;
        // The cell does nothing for the jump: it keeps k and no forced direction, and the
        // straight jumps it starts end in dead ends (deadEnd is read at their first cells).
        const bool pass = ((kept >> k) & 1u) && (kept & ~natural) == 0 &&
                          (((kept >> kx) & 1u) == 0 || deadEnd(px + dx, py, kx)) &&
                          (((kept >> ky) & 1u) == 0 || deadEnd(px, py + dy, ky));
        setBit(m_skip[k - 4], m_colWords, diagonalLine(k, px, py), py, pass && (flat || !m_diagFlat));
    }
}

void WeightedJumpGrid::computeDiagonalPlanes(const float* costs)
{
    for (int y = 1; y < m_ph - 1; ++y)
        for (int x = 1; x < m_pw - 1; ++x)
            computeDiagonalCell(costs, x, y);
}

bool WeightedJumpGrid::build(const NavGrid& grid, int layer)
{
    if (!grid.validLayer(layer)) {
        buildFrom({}, 0, 0, 1.0, -1, 0);
        return false;
    }
    return buildFrom({grid.paddedCosts(layer), grid.paddedSize()}, grid.stride(), grid.height() + 2,
                     grid.rules(layer).diagonalFactor, layer, grid.layerVersion(layer));
}

bool WeightedJumpGrid::buildFrom(std::span<const float> paddedCosts, int paddedWidth, int paddedHeight,
                                 double diagonalFactor, int layer, std::uint64_t layerVersion)
{
    m_layer = -1;
    m_openRows.clear();
    m_uniformRows.clear();
    m_flatRows.clear();
    m_succ.clear();
    for (int k = 0; k < 4; ++k) {
        m_pass[k].clear();
        m_same[k].clear();
        m_live[k].clear();
        m_dead[k].clear();
        m_skip[k].clear();
    }
    if (layer < 0 || paddedWidth < 3 || paddedHeight < 3 ||
        paddedCosts.size() != std::size_t(paddedWidth) * std::size_t(paddedHeight))
        return false;
    m_pw = paddedWidth;
    m_ph = paddedHeight;
    m_diag = diagonalFactor;
    m_rowWords = std::size_t(m_pw + 2 * kLead) / 64 + 2;
    m_colWords = std::size_t(m_ph + 2 * kLead) / 64 + 2;
    m_openRows.assign(m_rowWords * std::size_t(m_ph), 0u);
    m_uniformRows.assign(m_openRows.size(), 0u);
    m_flatRows.assign(m_openRows.size(), 0u);
    for (int k = 0; k < 4; ++k) {
        m_pass[k].assign(detail::kDy[k] == 0 ? m_rowWords * std::size_t(m_ph) : m_colWords * std::size_t(m_pw), 0u);
        m_same[k].assign(m_pass[k].size(), 0u);
        m_live[k].assign(m_pass[k].size(), 0u);
        m_dead[k].assign(m_pass[k].size(), 0u);
        m_skip[k].assign(m_colWords * std::size_t(m_pw + m_ph - 1), 0u);
    }
    m_succ.assign(std::size_t(m_pw) * std::size_t(m_ph) * 8, 0u);
    for (unsigned pattern = 0; pattern < 256; ++pattern) {
        Local l{};
        for (int i = 0; i < 9; ++i) {
            l.open[i] = i == 4 || ((pattern >> (i < 4 ? i : i - 1)) & 1u);
            l.cost[i] = l.open[i] ? 1.0 : kInf;
        }
        for (int k = 0; k < 8; ++k)
            m_uniform[pattern][std::size_t(k)] = keptDirections(l, k, m_diag);
    }
    const float* costs = paddedCosts.data();
    for (int y = 1; y < m_ph - 1; ++y)
        for (int x = 1; x < m_pw - 1; ++x)
            if (costs[std::size_t(y) * std::size_t(m_pw) + std::size_t(x)] < Impassable)
                computeCell(costs, x, y);
    for (int k = 0; k < 4; ++k)
        for (int line = 0; line < (detail::kDy[k] == 0 ? m_ph : m_pw); ++line)
            computeDeadLine(k, line);
    // The planes' rule: the weighted one unless every open cell costs the same.
    float first = Impassable;
    m_diagFlat = false;
    for (const float c : paddedCosts)
        if (c < Impassable) {
            m_diagFlat = m_diagFlat || (first < Impassable && c != first);
            first = c;
        }
    computeDiagonalPlanes(costs);
    m_layer = layer;
    m_version = layerVersion;
    return true;
}

bool WeightedJumpGrid::update(const NavGrid& grid, const NavDirty& change)
{
    if (!built() || !grid.validLayer(m_layer) || grid.stride() != m_pw || grid.height() + 2 != m_ph)
        return false;
    const NavDirty* found = change.of(m_layer);  // the table may be of a footprint layer of change's
    if (!found)
        return true;
    const NavDirty& dirty = *found;
    if (grid.rules(m_layer).diagonalFactor != m_diag)
        return false;
    const float* costs = grid.paddedCosts(m_layer);
    std::vector<int> rows, cols;  // lines whose pass or live bits may have changed
    std::vector<TileCoord> touched;  // padded cells whose diagonal skip bits may have changed
    for (const TileCoord c : dirty.cells) {
        if (!grid.inBounds(c))
            continue;
        // The cell and its 8 neighbours (their 3x3 holds it).
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const int px = c.x + 1 + dx;
                const int py = c.y + 1 + dy;
                if (px > 0 && py > 0 && px < m_pw - 1 && py < m_ph - 1) {
                    computeCell(costs, px, py);
                    touched.push_back({px, py});
                }
            }
        for (int d = -1; d <= 1; ++d) {
            rows.push_back(c.y + 1 + d);
            cols.push_back(c.x + 1 + d);
        }
    }
    for (std::vector<int>* lines : {&rows, &cols}) {
        std::sort(lines->begin(), lines->end());
        lines->erase(std::unique(lines->begin(), lines->end()), lines->end());
    }
    // A cell's diagonal skip bits read its successors and 3x3 (the cells above) and the
    // dead-end bits where its straight jumps begin: the cells before each flipped bit.
    std::vector<int> flipped;
    for (const int line : rows)
        for (const int k : {1, 3}) {
            flipped.clear();
            computeDeadLine(k, line, &flipped);
            for (const int p : flipped)
                touched.push_back({p - detail::kDx[k], line});
        }
    for (const int line : cols)
        for (const int k : {0, 2}) {
            flipped.clear();
            computeDeadLine(k, line, &flipped);
            for (const int p : flipped)
                touched.push_back({line, p - detail::kDy[k]});
        }
    if (m_diagFlat == grid.uniformCost(m_layer)) {
        // The layer's costs became uniform or several: the planes' rule changes everywhere.
        m_diagFlat = !grid.uniformCost(m_layer);
        computeDiagonalPlanes(costs);
    } else {
        for (const TileCoord c : touched)
            if (c.x > 0 && c.y > 0 && c.x < m_pw - 1 && c.y < m_ph - 1)
                computeDiagonalCell(costs, c.x, c.y);
    }
    m_version = grid.layerVersion(m_layer);
    return true;
}

bool WeightedJumpGrid::matches(const NavGrid& grid, int layer) const
{
    return built() && layer == m_layer && grid.validLayer(layer) && grid.layerVersion(layer) == m_version &&
           grid.stride() == m_pw && grid.height() + 2 == m_ph;
}

std::size_t WeightedJumpGrid::bytes() const
{
    std::size_t words = m_openRows.size() + m_uniformRows.size() + m_flatRows.size();
    for (int k = 0; k < 4; ++k)
        words += m_pass[k].size() + m_same[k].size() + m_live[k].size() + m_dead[k].size() + m_skip[k].size();
    return m_succ.size() + words * sizeof(std::uint64_t);
}

bool WeightedJumpGrid::sameTable(const WeightedJumpGrid& other) const
{
    bool same = m_pw == other.m_pw && m_ph == other.m_ph && m_diagFlat == other.m_diagFlat && m_succ == other.m_succ &&
                m_openRows == other.m_openRows && m_uniformRows == other.m_uniformRows &&
                m_flatRows == other.m_flatRows;
    for (int k = 0; k < 4; ++k)
        same = same && m_pass[k] == other.m_pass[k] && m_same[k] == other.m_same[k] && m_live[k] == other.m_live[k] &&
               m_dead[k] == other.m_dead[k] && m_skip[k] == other.m_skip[k];
    return same;
}

std::size_t WeightedJumpGrid::jumpPoints() const
{
    // Open cells where a straight jump in some direction stops although it could go on.
    std::size_t n = 0;
    for (int y = 1; y < m_ph - 1; ++y)
        for (int x = 1; x < m_pw - 1; ++x) {
            if (!open(x, y))
                continue;
            for (int k = 0; k < 4; ++k)
                if (!passes(x, y, k) && (successors(std::uint32_t(y * m_pw + x), k) >> k & 1u)) {
                    ++n;
                    break;
                }
        }
    return n;
}

} // namespace isostar::path
