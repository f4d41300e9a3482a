// The valley: IsoStar's showcase map. Laid out by hand in broad strokes (where the villages,
// the pass, the castle, the river, the graveyard and the volcano are) and filled in with
// deterministic noise (snow line, forests, meadows, rocks).
//
//   north: snowy mountains, a village of tents in the snow, a pass through a rock ridge
//   centre: the crossroads village; the river runs south from a mountain lake, with bridges
//   west/south-west: the start camp (tent = start) where the party spawns, a graveyard
//   east: the walled castle (goal); south-east: an erupting volcano among dormant cones

#include "tools/artgen/Canvas.hpp"
#include "tools/artgen/MapGrid.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace artgen {

namespace {

constexpr int kSize = 72;

float riverX(int y) { return 44.f + 5.f * std::sin(float(y) / 8.f) + 2.f * std::sin(float(y) / 3.3f); }

bool isSnowLine(int x, int y) { return float(y) < 19.f + 4.f * fbm2(float(x) / 24.f, 0.3f, 2, 2, 501, false) - 1.5f; }

struct Builder {
    MapGrid g{kSize, kSize};
    std::vector<char> reserved = std::vector<char>(std::size_t(kSize) * kSize, 0);

    char& res(int x, int y) { return reserved[std::size_t(y) * kSize + std::size_t(x)]; }
    void reserve(int x0, int y0, int x1, int y1)
    {
        for (int y = std::max(0, y0); y <= std::min(kSize - 1, y1); ++y)
            for (int x = std::max(0, x0); x <= std::min(kSize - 1, x1); ++x)
                res(x, y) = 1;
    }

    void roadCell(int x, int y)
    {
        if (!g.inside(x, y))
            return;
        Cell& c = g.at(x, y);
        if (c.over == Over::Tent || c.over == Over::Castle || c.over == Over::Wall)
            return; // roads pass walls only where a gate was opened (set to None) first
        c.over = c.ground == GroundKind::Water ? Over::Bridge : Over::Road;
        if (c.ground == GroundKind::Flowers)
            c.ground = GroundKind::Grass;
        reserve(x - 1, y - 1, x + 1, y + 1);
    }
    /// Axis-aligned road through the waypoints: along x first, then along y.
    void road(std::initializer_list<std::pair<int, int>> pts)
    {
        auto it = pts.begin();
        int x = it->first, y = it->second;
        roadCell(x, y);
        for (++it; it != pts.end(); ++it) {
            while (x != it->first) {
                x += x < it->first ? 1 : -1;
                roadCell(x, y);
            }
            while (y != it->second) {
                y += y < it->second ? 1 : -1;
                roadCell(x, y);
            }
        }
    }
    void put(int x, int y, Over o)
    {
        if (g.inside(x, y)) {
            g.at(x, y).over = o;
            res(x, y) = 1;
        }
    }
    void wallLine(int x0, int y0, int x1, int y1)
    {
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x)
                if (g.at(x, y).over != Over::Road)
                    put(x, y, Over::Wall);
    }
};

/// The ground: snow, grass, flower meadows, the lake and the river.
void paintGround(Builder& b)
{
    MapGrid& g = b.g;
    // Ground: snow in the north, grass elsewhere with flower meadows; the river and its lake.
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x) {
            Cell& c = g.at(x, y);
            c.ground = isSnowLine(x, y) ? GroundKind::Snow : GroundKind::Grass;
            if (c.ground == GroundKind::Grass && fbm2(float(x) / 14.f, float(y) / 14.f, 2, 3, 502, false) > 0.64f)
                c.ground = GroundKind::Flowers;
            const float lx = (float(x) - 45.f) / 5.5f, ly = (float(y) - 22.f) / 3.2f;
            const bool lake = lx * lx + ly * ly < 1.f;
            const bool river = y > 22 && std::fabs(float(x) - riverX(y)) < 1.3f;
            if (lake || river)
                c.ground = GroundKind::Water;
        }
}

/// The castle (the goal) in the east.
void buildCastle(Builder& b)
{
    MapGrid& g = b.g;
    // The castle compound (east): walls with a west gate and a south postern.
    const int cx0 = 54, cy0 = 28, cx1 = 66, cy1 = 42;
    b.reserve(cx0 - 1, cy0 - 1, cx1 + 1, cy1 + 1);
    b.wallLine(cx0, cy0, cx1, cy0);
    b.wallLine(cx0, cy1, cx1, cy1);
    b.wallLine(cx0, cy0, cx0, cy1);
    b.wallLine(cx1, cy0, cx1, cy1);
    // Inner ward wall around the keep.
    b.wallLine(58, 32, 63, 32);
    b.wallLine(58, 38, 63, 38);
    b.wallLine(63, 32, 63, 38);
    b.put(61, 35, Over::Castle);
    g.objects.push_back({"goal", "", 61, 35});
    b.put(56, 30, Over::Tent);
    b.put(56, 40, Over::Tent);
    b.put(60, 30, Over::Oak);
    b.put(60, 40, Over::Oak);
    for (int x = 59; x <= 62; ++x)
        for (int y = 33; y <= 37; ++y)
            if (g.at(x, y).over == Over::None)
                g.at(x, y).ground = GroundKind::Flowers;
}

/// The start camp and the party in the south-west.
void buildStartCamp(Builder& b)
{
    MapGrid& g = b.g;
    // The start camp (south-west).
    b.reserve(6, 52, 20, 64);
    b.put(12, 58, Over::Tent);
    g.objects.push_back({"start", "", 12, 58});
    b.put(9, 55, Over::Tent);
    b.put(16, 61, Over::Tent);
    b.put(8, 61, Over::Tent);
    for (int y = 53; y <= 63; ++y)
        for (int x = 7; x <= 18; ++x)
            if (g.at(x, y).over == Over::None && ((x + y) % 3 == 0 || (x * 7 + y) % 5 == 0))
                g.at(x, y).ground = GroundKind::Flowers;
    g.objects.push_back({"knight", "party", 14, 57});
    // Movement profiles of maps/terrain.toml (the game's Party reads `profile`).
    g.objects.push_back({"ranger", "party", 14, 59, {{"profile", "ranger"}}});
    g.objects.push_back({"mage", "party", 15, 58});
    g.objects.push_back({"dwarf", "party", 13, 60, {{"profile", "dwarf"}}});
}

/// The villages: the crossroads and the snow village.
void buildVillages(Builder& b)
{
    // Crossroads village (centre).
    b.reserve(24, 31, 36, 42);
    for (auto [x, y] : {std::pair{27, 33}, {33, 33}, {27, 39}, {33, 39}, {25, 36}, {35, 41}})
        b.put(x, y, Over::Tent);
    // The snow village (north).
    b.reserve(22, 3, 38, 12);
    for (auto [x, y] : {std::pair{26, 6}, {33, 5}, {27, 10}, {34, 10}, {24, 8}})
        b.put(x, y, Over::Tent);
}

/// The gates and roads (`alone`: no roads to the seams of neighbouring tiles).
void buildRoads(Builder& b, bool alone)
{
    MapGrid& g = b.g;
    // Gates: openings in the walls the roads pass through.
    for (auto [x, y] : {std::pair{54, 36}, {60, 42}, {60, 38}})
        g.at(x, y).over = Over::None;
    // Roads.
    b.road({{12, 58}, {12, 47}, {20, 47}, {20, 36}, {30, 36}});         // camp -> crossroads
    b.road({{30, 36}, {54, 36}, {60, 36}});                              // crossroads -> west gate -> keep
    b.road({{30, 36}, {30, 8}, {24, 8}});                                // crossroads -> pass -> snow village
    b.road({{30, 8}, {35, 8}});
    b.road({{12, 58}, {22, 58}, {22, 66}, {40, 66}, {52, 66}, {52, 62}}); // camp -> graveyard -> volcano fields
    b.road({{40, 66}, {40, 48}, {48, 48}, {48, 46}, {60, 46}, {60, 42}}); // to the castle's south postern
    b.road({{60, 36}, {60, 42}});                                        // postern -> inner gate -> keep
    if (!alone) {
        // Seam roads: a tile of a big map meets its neighbours' roads at x = 0 / 71 on row 47
        // and at y = 0 / 71 on column 30.
        b.road({{0, 47}, {12, 47}});                    // west seam -> camp road
        b.road({{60, 46}, {68, 46}, {68, 47}, {71, 47}}); // castle's south road -> east seam
        b.road({{30, 8}, {30, 0}});                     // pass -> north seam
        b.road({{30, 66}, {30, 71}});                   // graveyard road -> south seam
    }
}

/// The pass through the rock ridge, and its watch wall.
void buildPass(Builder& b)
{
    MapGrid& g = b.g;
    // The pass: a rock ridge across the snow line with a gap where the road climbs through.
    for (int x = 2; x < kSize - 2; ++x) {
        if (std::abs(x - 30) <= 1 || g.at(x, 17).ground == GroundKind::Water)
            continue;
        const int y = 16 + int(2.f * fbm2(float(x) / 9.f, 0.7f, 2, 2, 503, false));
        for (int dy = 0; dy < 2; ++dy)
            if (g.inside(x, y + dy) && g.at(x, y + dy).over == Over::None && g.at(x, y + dy).ground != GroundKind::Water)
                b.put(x, y + dy, hashf(x, y + dy, 0, 504) < 0.5f ? Over::Boulder : Over::Rock);
    }
    // An old watch wall guarding the pass.
    b.wallLine(26, 20, 29, 20);
    b.wallLine(31, 20, 34, 20);
}

/// The graveyard between the camp and the volcano fields.
void buildGraveyard(Builder& b)
{
    // Graveyard (south, between the camp and the volcano fields): rows of graves under dark
    // pines, open to the road on its south side.
    const int gx0 = 25, gy0 = 58, gx1 = 33, gy1 = 64;
    b.reserve(gx0 - 1, gy0 - 1, gx1 + 1, gy1 + 1);
    for (int y = gy0 + 1; y <= gy1 - 1; y += 2)
        for (int x = gx0 + 1; x <= gx1 - 1; x += 2)
            b.put(x, y, hashf(x, y, 0, 505) < 0.35f ? Over::TombCross : Over::Tombstone);
    for (auto [x, y] : {std::pair{gx0 - 1, gy0 - 1}, {gx1 + 1, gy0 - 1}, {gx0 - 1, gy1}, {gx1 + 1, gy1}, {29, gy0 - 1}})
        b.put(x, y, Over::Pine);
    b.road({{29, 66}, {29, 64}});
}

/// The ruined maze in the western woods.
void buildRuins(Builder& b)
{
    MapGrid& g = b.g;
    // Old ruins in the western woods: a small walled maze (a fixed-seed depth-first carve),
    // a good place to watch A* search around walls. Entrances on its east and south sides.
    {
        const int mx0 = 4, my0 = 22, mw = 6, mh = 5; // rooms; walls on a 2-cell pitch
        const int gw = 2 * mw + 1, gh = 2 * mh + 1;
        std::vector<char> open(std::size_t(gw * gh), 0), seen(std::size_t(mw * mh), 0);
        std::vector<std::pair<int, int>> stack{{0, 0}};
        seen[0] = 1;
        open[std::size_t(1 * gw + 1)] = 1;
        int step = 0;
        while (!stack.empty()) {
            auto [rx, ry] = stack.back();
            int options[4], n = 0;
            const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
            for (int d = 0; d < 4; ++d) {
                const int nx = rx + dx[d], ny = ry + dy[d];
                if (nx >= 0 && ny >= 0 && nx < mw && ny < mh && !seen[std::size_t(ny * mw + nx)])
                    options[n++] = d;
            }
            if (n == 0) {
                stack.pop_back();
                continue;
            }
            const int d = options[hash3(step++, rx, ry, 511) % std::uint32_t(n)];
            const int nx = rx + dx[d], ny = ry + dy[d];
            seen[std::size_t(ny * mw + nx)] = 1;
            open[std::size_t((2 * ry + 1 + dy[d]) * gw + 2 * rx + 1 + dx[d])] = 1;
            open[std::size_t((2 * ny + 1) * gw + 2 * nx + 1)] = 1;
            stack.push_back({nx, ny});
        }
        open[std::size_t((2 * 2 + 1) * gw + gw - 1)] = 1;   // east entrance
        open[std::size_t((gh - 1) * gw + 2 * 3 + 1)] = 1;   // south entrance
        b.reserve(mx0 - 1, my0 - 1, mx0 + gw, my0 + gh);
        for (int y = 0; y < gh; ++y)
            for (int x = 0; x < gw; ++x) {
                if (open[std::size_t(y * gw + x)]) {
                    if (hashf(x, y, 0, 512) < 0.2f)
                        g.at(mx0 + x, my0 + y).ground = GroundKind::Flowers;
                    continue;
                }
                // Ruined: a few wall cells have fallen (rubble = rock), never at a junction.
                b.put(mx0 + x, my0 + y, hashf(x, y, 1, 512) < 0.07f && (x % 2 == 1 || y % 2 == 1) ? Over::Rock : Over::Wall);
            }
        b.put(mx0 + 2 * 2 + 1, my0 + 2 * 2 + 1, Over::TombCross); // an old shrine at the heart
    }
}

/// The volcano fields and the scorched ground around the cones.
void buildVolcanoFields(Builder& b)
{
    MapGrid& g = b.g;
    // Volcano fields (south-east): the erupting one, dormant cones, scattered rocks.
    b.put(57, 57, Over::VolcanoErupting);
    b.put(63, 61, Over::Volcano);
    b.put(53, 54, Over::Volcano);
    b.put(66, 53, Over::Volcano);
    b.reserve(52, 52, 62, 62);
    for (int k = 0; k < 14; ++k) {
        const int x = 50 + int(hashf(k, 0, 0, 506) * 20.f), y = 50 + int(hashf(k, 1, 0, 506) * 20.f);
        if (g.inside(x, y) && g.at(x, y).over == Over::None && g.at(x, y).ground != GroundKind::Water &&
            std::hypot(float(x - 57), float(y - 57)) > 2.5f)
            b.put(x, y, k % 3 == 0 ? Over::Boulder : Over::Rock);
    }
    for (int y = 50; y < kSize; ++y)
        for (int x = 48; x < kSize; ++x)
            if (g.at(x, y).ground == GroundKind::Flowers)
                g.at(x, y).ground = GroundKind::Grass; // nothing blooms by the volcano

    // The heat has dried the grass around the cones; widest around the erupting one.
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x) {
            Cell& c = g.at(x, y);
            if (c.ground != GroundKind::Grass && c.ground != GroundKind::Flowers)
                continue;
            const float jitter = 0.8f * hashf(x, y, 0, 513);
            const bool hot = std::hypot(float(x - 57), float(y - 57)) < 3.2f + jitter ||
                             std::hypot(float(x - 63), float(y - 61)) < 1.2f + jitter ||
                             std::hypot(float(x - 53), float(y - 54)) < 1.2f + jitter ||
                             std::hypot(float(x - 66), float(y - 53)) < 1.2f + jitter;
            if (hot)
                c.ground = GroundKind::Scorched;
        }
}

/// Forests and lone trees wherever nothing else stands.
void plantForests(Builder& b)
{
    MapGrid& g = b.g;
    // Forests and lone trees: noise decides, roads and places keep a clear margin.
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x) {
            Cell& c = g.at(x, y);
            if (c.over != Over::None || b.res(x, y) || c.ground == GroundKind::Water)
                continue;
            const float f = fbm2(float(x) / 11.f, float(y) / 11.f, 2, 3, 507, false);
            const float h = hashf(x, y, 0, 508);
            const bool snow = c.ground == GroundKind::Snow;
            const bool forest = f > 0.57f && h < 0.78f;
            const bool lone = h < (snow ? 0.08f : 0.03f);
            if (!forest && !lone)
                continue;
            if (std::hypot(float(x - 57), float(y - 57)) < 6.f)
                continue; // the volcano's heat
            if (snow)
                c.over = h < 0.6f ? Over::SnowPine : Over::Rock;
            else {
                const float t = hashf(x, y, 1, 509);
                c.over = t < 0.45f ? Over::Oak : t < 0.7f ? Over::Pine : t < 0.92f ? Over::Birch : Over::Rock;
            }
        }
}

} // namespace

MapGrid buildValley()
{
    MapGrid g = buildValleyTile(true);
    // The ox cart (2x2 cells, the int property `size`) waits beside the camp: the valley alone
    // (the tiled valleys keep the party of four).
    g.objects.push_back({"cart", "party", 16, 56, {}, {{"size", 2}}});
    return g;
}

MapGrid buildValleyTile(bool alone)
{
    Builder b;
    MapGrid& g = b.g;
    g.title = "The Valley: start at the camp in the south-west, the castle waits in the east";

    paintGround(b);
    buildCastle(b);
    buildStartCamp(b);
    buildVillages(b);
    buildRoads(b, alone);
    buildPass(b);
    buildGraveyard(b);
    buildRuins(b);
    buildVolcanoFields(b);
    plantForests(b);
    if (alone)
        addRim(g);
    return g;
}

void addRim(MapGrid& g)
{
    // The map's rim: a fringe of trees and rocks so the world does not end in a hard line.
    const int n = std::max(g.width, g.height);
    for (int i = 0; i < n; ++i)
        for (auto [x, y] : {std::pair{i, 0}, {0, i}, {g.width - 1, i}, {i, g.height - 1}}) {
            if (!g.inside(x, y))
                continue;
            Cell& c = g.at(x, y);
            if (c.over != Over::None || c.ground == GroundKind::Water || hashf(x, y, 2, 510) < 0.35f)
                continue;
            c.over = c.ground == GroundKind::Snow ? Over::SnowPine : (hashf(x, y, 3, 510) < 0.6f ? Over::Pine : Over::Oak);
        }
}

MapGrid buildTiledValley(int size, int tilesAcross)
{
    const MapGrid tile = buildValleyTile(false);
    const int side = size > 0 ? size : tile.width * tilesAcross;
    MapGrid g(side, side);
    g.compressed = true;
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            g.at(x, y) = tile.at(x % tile.width, y % tile.height);
    addRim(g);
    // The party, its start camp and their objects are the first tile's; the goal is the castle
    // of the farthest whole tile, so start -> goal crosses the map's seams.
    const int whole = (side / tile.width - 1) * tile.width;
    for (const MapObject& ob : tile.objects) {
        MapObject o = ob;
        if (o.name == "goal") {
            o.x += whole;
            o.y += whole;
        }
        g.objects.push_back(o);
    }
    const int copies = (side + tile.width - 1) / tile.width;
    g.title = "The Valley, " + std::to_string(side) + "x" + std::to_string(side) + ": " + std::to_string(copies) + "x" +
              std::to_string(copies) + " valleys joined by roads across their seams; start at the first camp, the goal is a far castle";
    return g;
}

} // namespace artgen
