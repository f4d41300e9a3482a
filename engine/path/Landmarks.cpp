/// \file Landmarks.cpp
/// Landmark selection (farthest point, per island) and the one-to-all searches that fill the
/// table, in 16-bit quanta with every step rounded down so the triangle inequality holds exactly
/// (see the header).
#include "engine/path/Landmarks.hpp"

#include "engine/path/CostField.hpp"
#include "engine/path/detail/Directions.hpp"
#include "engine/path/detail/HexSteps.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <ostream>
#include <thread>

namespace isostar::path {

using detail::kDx;
using detail::kDy;

bool parseLandmarkMode(std::string_view name, LandmarkMode& out)
{
    if (name == "auto")
        out = LandmarkMode::Auto;
    else if (name == "on")
        out = LandmarkMode::On;
    else if (name == "off")
        out = LandmarkMode::Off;
    else
        return false;
    return true;
}

std::ostream& operator<<(std::ostream& os, LandmarkMode mode)
{
    switch (mode) {
    case LandmarkMode::Auto: return os << "auto";
    case LandmarkMode::On: return os << "on";
    case LandmarkMode::Off: return os << "off";
    }
    return os << "?";
}

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
/// Islands of at least this many cells run each backward search on a second thread.
constexpr std::size_t kParallelIslandCells = 16384;
/// Quanta of a distance while a search runs: the table's saturation, or (for the scale's
/// estimate) a cap no island reaches.
using Quanta = std::uint32_t;

/// How a step weight becomes whole quanta: down for the table (see the header), up for the
/// estimate of the largest distance that chooses the scale.
enum class Rounding { Down, Up };

/// One-to-all searches over one island with a bucket queue, in whole quanta of `scale` (a
/// power of two, so w / scale is exact). Bucket width = the cheapest step in quanta (at least
/// 1), so a cell popped from the lowest bucket is final (Dial's algorithm). If the cost range
/// would need too many buckets the width grows and the search becomes label-correcting (a cell
/// improved after its scan is scanned again): still exact, only slower. Either way it ends only
/// when no step n->m has dist(m) > min(cap, dist(n) + wq): the triangle inequality in quanta.
class BucketSearch {
public:
    BucketSearch(int stride, const float* costs, const MoveRules& rules, double wMin, double wMax, double scale,
                 Rounding rounding, Quanta cap, const GridTopology& topology)
        : m_costs(costs), m_rules(rules), m_invScale(1.0 / scale), m_up(rounding == Rounding::Up), m_cap(cap),
          m_hex(topology, stride)
    {
        for (int k = 0; k < 8; ++k)
            m_offsets[k] = kDy[k] * stride + kDx[k];
        constexpr double kMaxBuckets = 1 << 14;
        const double qMax = std::min(quantize(wMax), double(cap));
        double width = std::max(1.0, quantize(wMin));
        if (qMax / width > kMaxBuckets - 4)
            width = qMax / (kMaxBuckets - 4);
        m_inv = 1.0 / width;
        const std::size_t n = std::bit_ceil(std::size_t(std::ceil(qMax * m_inv)) + 4);
        m_buckets.resize(n);
        m_mask = n - 1;
    }

    /// dist over `cells` from (Forward: d(source, n)) or to (Backward: d(n, source)) `source`.
    template <bool Forward>
    void run(std::uint32_t source, std::span<const std::uint32_t> cells, Quanta* dist)
    {
        if (m_hex.topology.hex)
            return runHex<Forward>(source, cells, dist);
        // The diagonal rule as a compile-time constant inside the loop.
        switch (m_rules.diagonal) {
        case DiagonalMode::Never: return runMode<Forward, DiagonalMode::Never>(source, cells, dist);
        case DiagonalMode::NoCornerCutting: return runMode<Forward, DiagonalMode::NoCornerCutting>(source, cells, dist);
        case DiagonalMode::AtMostOneObstacle:
            return runMode<Forward, DiagonalMode::AtMostOneObstacle>(source, cells, dist);
        case DiagonalMode::Always: return runMode<Forward, DiagonalMode::Always>(source, cells, dist);
        }
    }

private:
    /// Step weight w in whole quanta, rounded as asked (a double; the caller caps it).
    double quantize(double w) const
    {
        const double q = w * m_invScale;
        return m_up ? std::ceil(q) : std::floor(q);
    }
    /// `key` + weight w in quanta, saturated at the cap.
    Quanta add(Quanta key, double w) const
    {
        const double sum = double(key) + quantize(w);
        return sum < double(m_cap) ? Quanta(sum) : m_cap;
    }

    /// Hex grids: the six edge neighbours, every step the entered cell's cost (forward: m's,
    /// backward: n's, as A* charges the step m->n).
    template <bool Forward>
    void runHex(std::uint32_t source, std::span<const std::uint32_t> cells, Quanta* dist)
    {
        std::size_t live = 0;
        startRun(source, cells, dist, live);
        for (std::uint64_t cur = 0; live > 0; ++cur) {
            std::vector<Entry>& bucket = m_buckets[cur & m_mask];
            while (!bucket.empty()) {
                const Entry e = bucket.back();
                bucket.pop_back();
                --live;
                if (dist[e.node] != e.key)
                    continue;
                const std::uint32_t n = e.node;
                const double ownW = double(m_costs[n]);
                const int* const steps = m_hex.at(n);
                for (int k = 0; k < GridTopology::kHexNeighbours; ++k) {
                    const std::uint32_t m = n + std::uint32_t(steps[k]);
                    const float cm = m_costs[m];
                    if (!(cm < Impassable))
                        continue;
                    const Quanta nd = add(e.key, Forward ? double(cm) : ownW);
                    if (nd < dist[m]) {
                        dist[m] = nd;
                        push(m, nd, live);
                    }
                }
            }
        }
    }

    void push(std::uint32_t node, Quanta key, std::size_t& live)
    {
        m_buckets[std::size_t(double(key) * m_inv) & m_mask].push_back({node, key});
        ++live;
    }

    void startRun(std::uint32_t source, std::span<const std::uint32_t> cells, Quanta* dist, std::size_t& live)
    {
        constexpr Quanta kUnset = std::numeric_limits<Quanta>::max();
        for (std::uint32_t c : cells)
            dist[c] = kUnset;
        dist[source] = 0;
        push(source, 0, live);
    }

    template <bool Forward, DiagonalMode Mode>
    void runMode(std::uint32_t source, std::span<const std::uint32_t> cells, Quanta* dist)
    {
        std::size_t live = 0;
        auto push = [&](std::uint32_t node, Quanta key) { this->push(node, key, live); };
        startRun(source, cells, dist, live);
        const double df = m_rules.diagonalFactor;
        for (std::uint64_t cur = 0; live > 0; ++cur) {
            std::vector<Entry>& bucket = m_buckets[cur & m_mask];
            while (!bucket.empty()) {
                const Entry e = bucket.back();
                bucket.pop_back();
                --live;
                if (dist[e.node] != e.key)
                    continue;  // improved since this push
                const std::uint32_t n = e.node;
                // Neighbour order N, E, S, W, NE, SE, SW, NW; a diagonal's side cells are the two
                // orthogonals named in it, the same for both directions of the step.
                bool pass[4];
                for (int k = 0; k < 4; ++k)
                    pass[k] = m_costs[n + std::uint32_t(m_offsets[k])] < Impassable;
                const double ownW = double(m_costs[n]);
                const double ownDiagW = ownW * df;
                auto relax = [&](int k, bool diagonal) __attribute__((always_inline)) {
                    const std::uint32_t m = n + std::uint32_t(m_offsets[k]);
                    const float cm = m_costs[m];
                    // Forward: the step n->m enters m; backward: the step m->n enters n. The
                    // weights are those A* adds: double(cost), or double(cost) * diagonalFactor.
                    double w;
                    if constexpr (Forward)
                        w = diagonal ? double(cm) * df : double(cm);
                    else
                        w = diagonal ? ownDiagW : ownW;
                    // One branch per neighbour, rarely taken (settled and farther cells fail).
                    if (cm < Impassable) {
                        const Quanta nd = add(e.key, w);
                        if (nd < dist[m]) {
                            dist[m] = nd;
                            push(m, nd);
                        }
                    }
                };
                for (int k = 0; k < 4; ++k)
                    relax(k, false);
                if constexpr (Mode == DiagonalMode::Never)
                    continue;
                static constexpr int kSide[4][2] = {{0, 1}, {2, 1}, {2, 3}, {0, 3}};
                for (int d = 0; d < 4; ++d) {
                    const bool a = pass[kSide[d][0]];
                    const bool b = pass[kSide[d][1]];
                    const bool ok = Mode == DiagonalMode::NoCornerCutting     ? (a && b)
                                    : Mode == DiagonalMode::AtMostOneObstacle ? (a || b)
                                                                              : true;
                    if (ok)
                        relax(4 + d, true);
                }
            }
        }
    }

    struct Entry {
        std::uint32_t node;
        Quanta key;
    };
    const float* m_costs;
    MoveRules m_rules;
    double m_invScale;
    bool m_up;
    Quanta m_cap;
    int m_offsets[8] = {};
    detail::HexSteps m_hex;
    double m_inv = 1.0;
    std::vector<std::vector<Entry>> m_buckets;
    std::size_t m_mask = 0;
};

/// The cells of each island in index order (a counting sort): island i owns
/// cells[start[i] .. start[i + 1]); and the cheapest and the dearest island cell's cost.
struct IslandCells {
    std::vector<std::uint32_t> start;
    std::vector<std::uint32_t> cells;
    float minCost = kInf;
    float maxCost = 0.0f;
};

/// False when an island id is out of range or an island cell is impassable.
bool sortIslandCells(std::span<const float> paddedCosts, std::span<const std::int32_t> paddedIslands,
                     int islandCount, IslandCells& out)
{
    const std::size_t padded = paddedCosts.size();
    std::vector<std::uint32_t>& start = out.start;
    start.assign(std::size_t(islandCount) + 1, 0);
    for (std::size_t i = 0; i < padded; ++i) {
        const std::int32_t id = paddedIslands[i];
        if (id < 0)
            continue;
        if (id >= islandCount || !(paddedCosts[i] < Impassable))
            return false;
        ++start[std::size_t(id) + 1];
        out.minCost = std::min(out.minCost, paddedCosts[i]);
        out.maxCost = std::max(out.maxCost, paddedCosts[i]);
    }
    for (std::size_t i = 1; i < start.size(); ++i)
        start[i] += start[i - 1];
    out.cells.resize(start.back());
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < padded; ++i)
        if (paddedIslands[i] >= 0)
            out.cells[fill[std::size_t(paddedIslands[i])]++] = std::uint32_t(i);
    return true;
}

/// An island's first landmark: the cell farthest (Manhattan) from its bounding-box centre.
std::uint32_t farthestFromCentre(std::span<const std::uint32_t> own, int stride, int width, int height)
{
    int x0 = width, y0 = height, x1 = 0, y1 = 0;
    for (std::uint32_t c : own) {
        const int y = int(c) / stride, x = int(c) % stride;
        x0 = std::min(x0, x); x1 = std::max(x1, x);
        y0 = std::min(y0, y); y1 = std::max(y1, y);
    }
    std::uint32_t next = own.front();
    long long far = -1;
    for (std::uint32_t c : own) {
        const int y = int(c) / stride, x = int(c) % stride;
        const long long d = std::abs(2LL * x - x0 - x1) + std::abs(2LL * y - y0 - y1);
        if (d > far) {
            far = d;
            next = c;
        }
    }
    return next;
}

/// Scratch of a table under construction: the current landmark's forward and backward
/// distances, which its searches write in index order (scattering them into the table's pairs
/// directly would have the two threads write the same cache lines), and the forward distance
/// from the nearest landmark chosen so far.
struct LandmarkScratch {
    std::vector<Quanta> fwd;
    std::vector<Quanta> bwd;
    /// min over the island's landmarks of F(n): 16 bits suffice, as the table's searches
    /// saturate at LandmarkTable::kSaturated (a big grid's build holds 2 bytes less per cell).
    std::vector<std::uint16_t> nearest;
};

/// Runs `source`'s backward search and its forward search, the backward one on a second thread
/// for large islands: it needs nothing the forward one gives (about half the wall time on two
/// idle cores; small islands are not worth a thread).
void searchBothWays(std::uint32_t source, std::span<const std::uint32_t> own, BucketSearch& search,
                    BucketSearch& backSearch, LandmarkScratch& p)
{
    Quanta* const fwd = p.fwd.data();
    Quanta* const bwd = p.bwd.data();
    std::jthread back;
    if (own.size() >= kParallelIslandCells)
        back = std::jthread([&backSearch, source, own, bwd] { backSearch.run<false>(source, own, bwd); });
    else
        backSearch.run<false>(source, own, bwd);
    search.run<true>(source, own, fwd);
}

/// Chooses up to k landmarks of island `own`, `first` and then each the cell farthest (forward
/// cost) from all chosen so far, and fills their slots of `table`. False when `stop` was requested.
bool addIslandLandmarks(std::span<const std::uint32_t> own, std::uint32_t first, BucketSearch& search,
                        BucketSearch& backSearch, LandmarkScratch& p, LandmarkTable& table, std::stop_token stop)
{
    std::uint32_t next = first;
    for (std::uint32_t c : own)
        p.nearest[c] = LandmarkTable::kSaturated;
    for (int j = 0; j < table.count; ++j) {
        if (stop.stop_requested())
            return false;
        table.landmarks.push_back(next);
        searchBothWays(next, own, search, backSearch, p);
        std::uint16_t* const out = table.dist.data() + 2 * std::size_t(j);
        for (std::uint32_t c : own) {
            // The searches saturate at LandmarkTable::kSaturated: the values fit.
            out[std::size_t(c) * table.nodeStride] = std::uint16_t(p.fwd[c]);
            out[std::size_t(c) * table.nodeStride + 1] = std::uint16_t(p.bwd[c]);
            p.nearest[c] = std::min(p.nearest[c], std::uint16_t(p.fwd[c]));
        }
        std::uint16_t best = 0;
        for (std::uint32_t c : own)
            if (p.nearest[c] > best) {
                best = p.nearest[c];
                next = c;
            }
        if (best == 0)
            break;  // every cell is a landmark already (tiny island), or every step is free
    }
    return true;
}

/// The quantum of a table: the smallest power of two in [2^-60, 2^60] with the largest forward
/// or backward cost of any island's first landmark <= kSaturated quanta, the costs taken from
/// searches with every step rounded UP to a fine quantum (so they are not below the exact ones;
/// a sixteenth of the cheapest step, coarser while a search saturates).
double chooseScale(const IslandCells& islands, std::span<const std::uint32_t> firsts, int stride,
                   const float* costs, const MoveRules& rules, double wMin, double wMax, LandmarkScratch& p,
                   std::stop_token stop, const GridTopology& topology)
{
    const Quanta cap = std::numeric_limits<Quanta>::max() - 1;
    int fineExp = std::clamp(std::ilogb(std::max(wMin, 1e-30)) - 4, -200, 200);
    auto searchAt = [&](int exp) {
        return BucketSearch(stride, costs, rules, wMin, wMax, std::ldexp(1.0, exp), Rounding::Up, cap, topology);
    };
    BucketSearch search = searchAt(fineExp);
    BucketSearch backSearch = searchAt(fineExp);
    double longest = 0.0;
    for (std::size_t island = 0; island < firsts.size(); ++island) {
        const std::span<const std::uint32_t> own(islands.cells.data() + islands.start[island],
                                                 islands.cells.data() + islands.start[island + 1]);
        while (own.size() >= 2 && !stop.stop_requested()) {
            searchBothWays(firsts[island], own, search, backSearch, p);
            Quanta far = 0;
            for (std::uint32_t c : own)
                far = std::max({far, p.fwd[c], p.bwd[c]});
            if (far < cap || fineExp >= 200) {
                longest = std::max(longest, std::ldexp(double(far), fineExp));
                break;
            }
            fineExp += 8;  // saturated: too fine for this island
            search = searchAt(fineExp);
            backSearch = searchAt(fineExp);
        }
    }
    int e = -60;
    while (e < 60 && std::ldexp(double(LandmarkTable::kSaturated), e) < longest)
        ++e;
    return std::ldexp(1.0, e);
}

} // namespace

LandmarkTable buildLandmarkTable(int width, int height, std::span<const float> paddedCosts,
                                 std::span<const std::int32_t> paddedIslands, int islandCount,
                                 const MoveRules& rules, int count, std::stop_token stop,
                                 const GridTopology& topology)
{
    LandmarkTable table;
    const int stride = width + 2;
    const std::size_t padded = std::size_t(width + 2) * std::size_t(height + 2);
    if (width <= 0 || height <= 0 || paddedCosts.size() != padded || paddedIslands.size() != padded ||
        islandCount < 0 || !isValid(rules))
        return table;
    const int k = std::clamp(count, 1, LandmarkSettings::kMaxCount);
    IslandCells islands;
    if (!sortIslandCells(paddedCosts, paddedIslands, islandCount, islands))
        return table;

    table.count = k;
    table.stride = stride;
    table.cells = padded;
    table.nodeStride = std::bit_ceil(std::size_t(2 * k));
    table.diagonal = rules.diagonal;
    table.diagonalFactor = rules.diagonalFactor;
    table.topology = topology;
    table.dist.assign(padded * table.nodeStride, 0);
    if (islands.cells.empty())
        return table;

    const bool diag = !topology.hex && rules.diagonal != DiagonalMode::Never;
    const double wMin = double(islands.minCost) * (diag ? std::min(1.0, rules.diagonalFactor) : 1.0);
    const double wMax = double(islands.maxCost) * (diag ? std::max(1.0, rules.diagonalFactor) : 1.0);
    LandmarkScratch p{std::vector<Quanta>(padded, 0), std::vector<Quanta>(padded, 0),
                      std::vector<std::uint16_t>(padded, 0)};
    std::vector<std::uint32_t> firsts(std::size_t(islandCount), 0);
    for (std::size_t island = 0; island < firsts.size(); ++island)
        if (islands.start[island] < islands.start[island + 1])
            firsts[island] = farthestFromCentre(
                std::span<const std::uint32_t>(islands.cells.data() + islands.start[island],
                                               islands.cells.data() + islands.start[island + 1]),
                stride, width, height);
    table.scale = chooseScale(islands, firsts, stride, paddedCosts.data(), rules, wMin, wMax, p, stop, topology);
    BucketSearch search(stride, paddedCosts.data(), rules, wMin, wMax, table.scale, Rounding::Down,
                        LandmarkTable::kSaturated, topology);
    BucketSearch backSearch(stride, paddedCosts.data(), rules, wMin, wMax, table.scale, Rounding::Down,
                            LandmarkTable::kSaturated, topology);
    for (int island = 0; island < islandCount; ++island) {
        const std::span<const std::uint32_t> own(islands.cells.data() + islands.start[std::size_t(island)],
                                                 islands.cells.data() + islands.start[std::size_t(island) + 1]);
        if (own.empty())
            continue;
        if (!addIslandLandmarks(own, firsts[std::size_t(island)], search, backSearch, p, table, stop))
            return LandmarkTable{};
    }
    if (stop.stop_requested())
        return LandmarkTable{};
    return table;
}
} // namespace isostar::path
