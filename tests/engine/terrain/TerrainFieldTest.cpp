#include "engine/terrain/TerrainField.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace isostar::terrain;
using isostar::TileCoord;

namespace {

const std::pair<char, std::string_view> Legend[] = {
    {'.', "grass"}, {'s', "snow"}, {'=', "grass road"}, {'r', "snow road"}, {'#', "grass wall"},
    {'V', "grass volcano_erupting"}, {'v', "grass volcano"}, {'+', "grass tombstone"}, {'~', "water"},
    {'H', "water bridge"}, {'?', "grass lava"}, {' ', ""},
};

TerrainGrid ascii(std::initializer_list<std::string_view> rows)
{
    std::vector<std::string_view> r(rows);
    isostar::Result<TerrainGrid> g = terrainGridFromAscii(r, Legend);
    REQUIRE(g.ok());
    return g.value();
}

TerrainField compile(const TerrainGrid& grid, const TerrainRules& rules = defaultTerrainConfig().base)
{
    TerrainField f;
    const std::vector<isostar::Diagnostic> warnings = f.build(grid, rules);
    INFO(isostar::formatDiagnostics(warnings));
    CHECK(warnings.empty());
    return f;
}

float costAt(const TerrainField& f, int x, int y)
{
    return f.costField().at({x, y});
}

} // namespace

TEST_CASE("plain terrains: base cost of the topmost, multipliers of all", "[terrain][field]")
{
    TerrainField f = compile(ascii({".s=r# ~H"}));
    CHECK(costAt(f, 0, 0) == 1.0f);
    CHECK(costAt(f, 1, 0) == 3.0f);
    CHECK(costAt(f, 2, 0) == 0.5f);   // road on grass
    CHECK(costAt(f, 3, 0) == 1.5f);   // road on snow: 3 x 0.5
    CHECK(costAt(f, 4, 0) == isostar::path::Impassable);
    CHECK(costAt(f, 5, 0) == 1.0f);   // no terrain at all: default cost
    CHECK(costAt(f, 6, 0) == isostar::path::Impassable); // water
    CHECK(costAt(f, 7, 0) == 0.5f);   // bridge covers the water
}

TEST_CASE("the article's influence numbers", "[terrain][field]")
{
    SECTION("erupting volcano divides by (5 - d) * 2 within 4.5")
    {
        TerrainField f = compile(ascii({"V.....", "......", "......", "......", "......", "......"}));
        CHECK(costAt(f, 0, 0) == Approx(1.0 / 10.0));
        CHECK(costAt(f, 1, 0) == 0.125f); // 1 / ((5 - 1) * 2)
        CHECK(costAt(f, 1, 1) == Approx(1.0 / ((5.0 - std::sqrt(2.0)) * 2.0)));
        CHECK(costAt(f, 4, 0) == Approx(0.5));  // 1 / ((5 - 4) * 2)
        CHECK(costAt(f, 3, 3) == Approx(1.0 / ((5.0 - std::sqrt(18.0)) * 2.0))); // d = 4.243
        CHECK(costAt(f, 5, 0) == 1.0f);         // d = 5: out of range
    }
    SECTION("tombstone multiplies by ((3 - d) + 0.5) * 1.1 within 2.5")
    {
        TerrainField f = compile(ascii({"+...", "....", "...."}));
        CHECK(costAt(f, 1, 0) == Approx(2.75));  // ((3 - 1) + 0.5) * 1.1
        CHECK(costAt(f, 0, 0) == Approx(3.85));  // d = 0
        CHECK(costAt(f, 2, 0) == Approx(1.65));  // ((3 - 2) + 0.5) * 1.1
        CHECK(costAt(f, 1, 2) == Approx(((3.0 - std::sqrt(5.0)) + 0.5) * 1.1));
        CHECK(costAt(f, 2, 2) == 1.0f);          // d = 2.83 > 2.5
        CHECK(costAt(f, 3, 0) == 1.0f);
    }
    SECTION("sources stack, on top of base and multipliers")
    {
        TerrainField f = compile(ascii({"V.r.V", "+...."}));
        // (2,0): snow 3 x road 0.5, two volcanoes at d = 2, one tombstone at d = sqrt(5).
        const double expected = 3.0 * 0.5 / ((5.0 - 2.0) * 2.0) / ((5.0 - 2.0) * 2.0) *
                                (((3.0 - std::sqrt(5.0)) + 0.5) * 1.1);
        CHECK(costAt(f, 2, 0) == Approx(expected));
        CHECK(f.explain({2, 0}).influences.size() == 3);
    }
    SECTION("a dormant volcano has no effect; influence skips walls")
    {
        TerrainField f = compile(ascii({"v..", "#V."}));
        CHECK(costAt(f, 1, 0) == Approx(1.0 / 8.0)); // the erupting one only
        CHECK(costAt(f, 0, 0) == Approx(1.0 / ((5.0 - std::sqrt(2.0)) * 2.0)));
        CHECK(costAt(f, 0, 1) == isostar::path::Impassable);
    }
}

TEST_CASE("d = 4.47 is inside the volcano's 4.5", "[terrain][field]")
{
    TerrainField f = compile(ascii({"V....", ".....", "....."}));
    CHECK(costAt(f, 4, 2) == Approx(1.0 / ((5.0 - std::sqrt(20.0)) * 2.0)));
}

TEST_CASE("unknown terrains warn once and count as no effect", "[terrain][field]")
{
    TerrainGrid g = ascii({"??.", "?s?"});
    g.source = "maps/test.tmx";
    TerrainField f;
    const std::vector<isostar::Diagnostic> warnings = f.build(g, defaultTerrainConfig().base);
    CHECK(isostar::formatDiagnostics(warnings) ==
          "maps/test.tmx: warning: unknown terrain \"lava\" costs 1: add [terrain.lava] to the config\n");
    CHECK(costAt(f, 0, 0) == 1.0f); // grass lava
    CHECK(f.unknownTerrains() == std::vector<std::string>{"lava"});
}

TEST_CASE("an edit by name refuses a terrain the rules do not know, naming it and the known ones",
          "[terrain][field]")
{
    TerrainGrid g = ascii({"...", ".s."});
    g.source = "maps/test.tmx";
    const TerrainRules& rules = defaultTerrainConfig().base;
    isostar::path::NavGrid nav;
    REQUIRE(nav.reset(g.width, g.height));
    TerrainField f;
    REQUIRE(f.build(g, rules, nav, "").empty());
    const std::size_t names = f.grid().names.size();

    const isostar::Result<TerrainId> typo = f.terrainId("wal");
    REQUIRE_FALSE(typo);
    REQUIRE(typo.diagnostics().size() == 1);
    const isostar::Diagnostic& why = typo.diagnostics().front();
    CHECK(why.file == "maps/test.tmx");
    CHECK(why.message.rfind("unknown terrain \"wal\" (the terrain rules know: ", 0) == 0);
    for (const TerrainRule& r : rules.terrains)
        CHECK(why.message.find(r.name) != std::string::npos);
    CHECK(f.grid().names.size() == names);   // nothing added
    CHECK(f.unknownTerrains().empty());

    // A known name (any case) gets its id and paints: the wall walls the cell off.
    const isostar::Result<TerrainId> wall = f.terrainId("Wall");
    REQUIRE(wall);
    const TerrainId stack[] = {f.grid().find("grass"), wall.value()};
    const isostar::path::NavDirty d = f.setCell(nav, {0, 0}, stack);
    CHECK(d.cells.size() == 1);
    CHECK_FALSE(nav.passable(0, {0, 0}));

    // An unknown `to` of replaceTerrain changes nothing.
    CHECK(f.replaceTerrain(nav, {1, 1}, "snow", "sno").cells.empty());
    CHECK(f.grid().cellNames({1, 1}) == std::vector<std::string>{"snow"});

    // Adding one deliberately (a map's own name) still works, and warns.
    isostar::Diagnostic warning;
    const TerrainId lava = f.addTerrain("lava", &warning);
    CHECK(f.grid().names[lava] == "lava");
    CHECK(f.unknownTerrains() == std::vector<std::string>{"lava"});
    CHECK(warning.message == "unknown terrain \"lava\" costs 1: add [terrain.lava] to the config");
}

TEST_CASE("many stacked sources are clamped, never zero", "[terrain][field]")
{
    TerrainRules rules;
    TerrainRule hot;
    hot.name = "hot";
    hot.influence = Influence{30.0, InfluenceEffect::Divide, 1e6, 0.0, 1.0};
    rules.terrains = {hot};
    TerrainGrid g(20, 20);
    g.fill(g.intern("hot"));
    TerrainField f = compile(g, rules);
    for (float c : f.costField().cost)
        CHECK(c == float(MinCellCost));
    CHECK(f.explain({3, 3}).clamped);
    CHECK(f.explain({3, 3}).influences.size() == 400);
}

TEST_CASE("explain lists terrains, base, multipliers and influences", "[terrain][field]")
{
    TerrainField f = compile(ascii({"V.r", "..+"}));
    const CellExplanation e = f.explain({2, 0});
    CHECK(e.terrains == std::vector<std::string>{"snow", "road"});
    CHECK(e.baseFrom == "snow");
    CHECK(e.baseCost == 3.0);
    CHECK(e.multipliers == std::vector<std::pair<std::string, double>>{{"road", 0.5}});
    REQUIRE(e.influences.size() == 2);
    CHECK(e.influences[0].source == TileCoord{0, 0});
    CHECK(e.influences[0].terrain == "volcano_erupting");
    CHECK(e.influences[0].distance == 2.0);
    CHECK(e.influences[0].factor == 6.0);
    CHECK(e.influences[1].source == TileCoord{2, 1});
    CHECK(e.influences[1].effect == InfluenceEffect::Multiply);
    CHECK(e.influences[1].factor == Approx(2.75));
    CHECK(e.cost == costAt(f, 2, 0));
    CHECK(e.cost == Approx(3.0 * 0.5 / 6.0 * 2.75));
    CHECK(describe(e) == "cell (2,0): snow < road (bottom to top)\n"
                         "  base cost 3 (snow)\n"
                         "  x 0.5 (road)\n"
                         "  / 6 (volcano_erupting at (0,0), d = 2)\n"
                         "  x 2.75 (tombstone at (2,1), d = 1)\n"
                         "  = 0.6875\n");
    const CellExplanation wall = compile(ascii({"#"})).explain({0, 0});
    CHECK_FALSE(wall.passable);
    CHECK(wall.blockedBy == "wall");
    CHECK(describe(wall) == "cell (0,0): grass < wall (bottom to top)\n  impassable (wall)\n");
}

TEST_CASE("explanationLines: the one text form, with a cap on influences for the HUD", "[terrain][field]")
{
    const CellExplanation e = compile(ascii({"V.r", "..+"})).explain({2, 0});
    const std::vector<std::string> all = explanationLines(e);
    CHECK(all == std::vector<std::string>{"cell (2,0): snow < road (bottom to top)", "  base cost 3 (snow)",
                                          "  x 0.5 (road)", "  / 6 (volcano_erupting at (0,0), d = 2)",
                                          "  x 2.75 (tombstone at (2,1), d = 1)", "  = 0.6875"});
    CHECK(explanationLines(e, 1) == std::vector<std::string>{"cell (2,0): snow < road (bottom to top)",
                                                             "  base cost 3 (snow)", "  x 0.5 (road)",
                                                             "  / 6 (volcano_erupting at (0,0), d = 2)",
                                                             "  ... 1 more influences", "  = 0.6875"});
    CHECK(impassableText(e).empty());
    const CellExplanation wall = compile(ascii({"#"})).explain({0, 0});
    CHECK(impassableText(wall) == "impassable (wall)");
    CHECK(explanationLines(wall).back() == "  impassable (wall)");
}

TEST_CASE("toggling a volcano updates only the cells within its radius", "[terrain][field]")
{
    TerrainGrid g(20, 20);
    g.fill(g.intern("grass"));
    g.push({10, 10}, g.intern("volcano"));
    TerrainField f = compile(g);
    const std::vector<TileCoord> changed = f.replaceTerrain({10, 10}, "volcano", "volcano_erupting");
    // Cells with d <= 4.5 around (10,10): 69 of them.
    CHECK(changed.size() == 69);
    for (TileCoord c : changed)
        CHECK(std::hypot(c.x - 10, c.y - 10) <= 4.5);
    CHECK(costAt(f, 11, 10) == 0.125f);
    const std::vector<TileCoord> back = f.replaceTerrain({10, 10}, "volcano_erupting", "volcano");
    CHECK(back.size() == 69);
    CHECK(costAt(f, 11, 10) == 1.0f);
    CHECK(f.replaceTerrain({10, 10}, "tent", "castle").empty());
    CHECK(f.replaceTerrain({-1, 10}, "volcano", "volcano_erupting").empty());
}

TEST_CASE("incremental updates equal a full rebuild, on random edits", "[terrain][field]")
{
    std::mt19937 rng(1234);
    const std::vector<std::vector<std::string_view>> stacks = {
        {"grass"}, {"snow"}, {"grass", "road"}, {"snow", "road"}, {"grass", "wall"}, {"grass", "volcano"},
        {"grass", "volcano_erupting"}, {"snow", "tombstone"}, {"water", "bridge"}, {"grass", "lava"},
        {"grass", "tombstone", "volcano_erupting"}, {},
    };
    for (int round = 0; round < 20; ++round) {
        const int w = 5 + int(rng() % 20), h = 5 + int(rng() % 20);
        TerrainGrid g(w, h);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                for (std::string_view name : stacks[rng() % stacks.size()])
                    g.push({x, y}, g.intern(name));
        TerrainField f;
        f.build(g, defaultTerrainConfig().base);
        for (int edit = 0; edit < 40; ++edit) {
            const TileCoord c{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            const isostar::path::CostField before = f.costField();
            std::vector<TerrainId> ids;
            for (std::string_view name : stacks[rng() % stacks.size()])
                ids.push_back(f.addTerrain(name));
            const std::vector<TileCoord> changed = f.setCell(c, ids);
            TerrainField full;
            full.build(f.grid(), f.rules());
            REQUIRE(f.costField() == full.costField());
            // The change list is exactly the set of cells whose cost differs.
            int differing = 0;
            for (std::size_t i = 0; i < before.cost.size(); ++i)
                differing += before.cost[i] != f.costField().cost[i];
            CHECK(int(changed.size()) == differing);
        }
    }
}

// ---- Bound mode: the costs live only in a NavGrid layer ------------------------------------

namespace {

const std::vector<std::vector<std::string_view>>& randomStacks()
{
    static const std::vector<std::vector<std::string_view>> stacks = {
        {"grass"}, {"snow"}, {"grass", "road"}, {"snow", "road"}, {"grass", "wall"}, {"grass", "volcano"},
        {"grass", "volcano_erupting"}, {"snow", "tombstone"}, {"water", "bridge"}, {"grass", "lava"},
        {"grass", "tombstone", "volcano_erupting"}, {},
    };
    return stacks;
}

TerrainGrid randomGrid(std::mt19937& rng, int w, int h)
{
    TerrainGrid g(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (std::string_view name : randomStacks()[rng() % randomStacks().size()])
                g.push({x, y}, g.intern(name));
    return g;
}

std::vector<TileCoord> sorted(std::vector<TileCoord> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

} // namespace

TEST_CASE("a bound field keeps no costs: they are in its NavGrid layer, equal to an unbound build", "[terrain][field][bound]")
{
    const TerrainGrid g = ascii({"....V....", "..s.#.=..", "...+.rr..", "~~H~~....", "....v...."});
    const TerrainConfig& config = defaultTerrainConfig();
    const TerrainRules dwarf = *config.profile("dwarf");
    isostar::path::NavGrid nav;
    REQUIRE(nav.reset(g.width, g.height));
    TerrainField base, dw;
    CHECK(base.build(g, config.base, nav, "").empty());
    CHECK(dw.build(g, dwarf, nav, "dwarf").empty());
    REQUIRE(base.bound());
    REQUIRE(dw.bound());
    CHECK(base.layer() == 0);
    CHECK(dw.layer() == 1);
    CHECK(nav.findLayer("dwarf") == 1);
    CHECK(nav.rules(1) == dwarf.movement);
    // No own copy of the costs.
    CHECK(base.costField().cost.empty());
    CHECK(dw.costField().cost.empty());
    CHECK(base.costField().cost.capacity() == 0);
    const TerrainField unboundBase = compile(g);
    const TerrainField unboundDwarf = compile(g, dwarf);
    CHECK(nav.costField(0) == unboundBase.costField());
    CHECK(nav.costField(1) == unboundDwarf.costField());
    CHECK(nav.costField(0) != nav.costField(1));
    // explain() works without the costs and gives the stored value, bit for bit.
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x) {
            CHECK(base.explain({x, y}) == unboundBase.explain({x, y}));
            CHECK(dw.explain({x, y}).cost == nav.cost(1, {x, y}));
        }
    // An unbound build of a bound field unbinds it and gives it its own costs again.
    base.build(g, config.base);
    CHECK_FALSE(base.bound());
    CHECK(base.costField() == unboundBase.costField());
}

TEST_CASE("a bound build the NavGrid refuses leaves the field unbound and the grid unchanged", "[terrain][field][bound]")
{
    const TerrainGrid g = ascii({"....", "...."});
    isostar::path::NavGrid nav;
    REQUIRE(nav.reset(5, 2));  // not the grid's size
    TerrainField f;
    f.build(g, defaultTerrainConfig().base, nav, "walker");
    CHECK_FALSE(f.bound());
    CHECK(f.layer() == -1);
    CHECK(nav.layerCount() == 0);
    CHECK(f.costField().cost.empty());

    REQUIRE(nav.reset(4, 2));
    TerrainRules bad = defaultTerrainConfig().base;
    bad.movement.diagonalFactor = -1.0;  // not usable for path finding
    f.build(g, bad, nav, "walker");
    CHECK_FALSE(f.bound());
    CHECK(nav.layerCount() == 0);

    REQUIRE(f.build(g, defaultTerrainConfig().base, nav, "walker").empty());
    REQUIRE(f.bound());
    isostar::path::NavDirty dirty;
    f.build(g, defaultTerrainConfig().base, nav, 3, &dirty);  // no layer 3
    CHECK_FALSE(f.bound());
    CHECK(dirty.layer == -1);
}

TEST_CASE("bound incremental edits equal an unbound field and a full build, bit for bit, on random edits", "[terrain][field][bound]")
{
    // Shared: the profiles' fields read one grid, each copying it at its first change.
    const bool shared = GENERATE(false, true);
    std::mt19937 rng(4321);
    const TerrainConfig& config = defaultTerrainConfig();
    const std::vector<TerrainRules> profiles = {config.base, *config.profile("dwarf"), *config.profile("ranger")};
    for (int round = 0; round < 12; ++round) {
        const int w = 5 + int(rng() % 20), h = 5 + int(rng() % 20);
        const TerrainGrid g = randomGrid(rng, w, h);
        const auto sharedGrid = std::make_shared<const TerrainGrid>(g);
        isostar::path::NavGrid nav;
        REQUIRE(nav.reset(w, h));
        std::vector<TerrainField> bound(profiles.size()), unbound(profiles.size());
        for (std::size_t p = 0; p < profiles.size(); ++p) {
            const char* const names[] = {"", "dwarf", "ranger"};
            if (shared)
                bound[p].build(sharedGrid, profiles[p], nav, names[p]);
            else
                bound[p].build(g, profiles[p], nav, names[p]);
            REQUIRE(bound[p].layer() == int(p));
            unbound[p].build(g, profiles[p]);
        }
        for (int edit = 0; edit < 30; ++edit) {
            const TileCoord c{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            const int kind = int(rng() % 3);
            const std::vector<std::string_view>& stack = randomStacks()[rng() % randomStacks().size()];
            for (std::size_t p = 0; p < profiles.size(); ++p) {
                const std::uint64_t before = nav.version();
                std::vector<TileCoord> expected;
                isostar::path::NavDirty dirty;
                if (kind == 0) {
                    std::vector<TerrainId> ids, unboundIds;
                    for (std::string_view name : stack) {
                        ids.push_back(bound[p].addTerrain(name));
                        unboundIds.push_back(unbound[p].addTerrain(name));
                    }
                    expected = unbound[p].setCell(c, unboundIds);
                    dirty = bound[p].setCell(nav, c, ids);
                } else {
                    const std::pair<std::string_view, std::string_view> swaps[] = {
                        {"volcano", "volcano_erupting"}, {"volcano_erupting", "volcano"}, {"grass", "wall"}};
                    const auto [from, to] = swaps[rng() % 3];
                    expected = unbound[p].replaceTerrain(c, from, to);
                    dirty = bound[p].replaceTerrain(nav, c, from, to);
                }
                CHECK(dirty.layer == int(p));
                // The dirty cells are exactly the cells whose cost changed.
                CHECK(sorted(dirty.cells) == sorted(expected));
                CHECK((nav.version() > before) == !dirty.cells.empty());
                REQUIRE(nav.costField(int(p)) == unbound[p].costField());
                CHECK(bound[p].grid().cellNames(c) == unbound[p].grid().cellNames(c));
            }
        }
        for (std::size_t p = 0; p < profiles.size(); ++p) {
            TerrainField full;
            full.build(bound[p].grid(), bound[p].rules());
            REQUIRE(nav.costField(int(p)) == full.costField());
            CHECK(bound[p].costField().cost.empty());
        }
        CHECK(*sharedGrid == g);  // a shared grid is never written
    }
}

TEST_CASE("fields built from one shared grid read it until their first change, then their own copy", "[terrain][field][bound]")
{
    const TerrainGrid g = ascii({"....V....", "..s.#.=..", "...+.rr..", "~~H~~....", "....v...."});
    const TerrainConfig& config = defaultTerrainConfig();
    const auto grid = std::make_shared<const TerrainGrid>(g);
    isostar::path::NavGrid nav;
    REQUIRE(nav.reset(g.width, g.height));
    TerrainField base, dw;
    CHECK(base.build(grid, config.base, nav, "").empty());
    CHECK(dw.build(grid, *config.profile("dwarf"), nav, "dwarf").empty());
    CHECK(base.sharesGrid(dw));
    CHECK(&base.grid() == grid.get());
    CHECK(nav.costField(0) == compile(g).costField());
    CHECK(nav.costField(1) == compile(g, *config.profile("dwarf")).costField());
    // A known name adds nothing: still shared.
    CHECK(base.terrainId("grass").value() == g.find("grass"));
    CHECK(base.sharesGrid(dw));

    // The erupting volcano at (4,0) goes quiet for the default profile only.
    const isostar::path::NavDirty d = base.replaceTerrain(nav, {4, 0}, "volcano_erupting", "volcano");
    CHECK_FALSE(d.cells.empty());
    CHECK_FALSE(base.sharesGrid(dw));
    CHECK(base.grid().cellNames({4, 0}) == std::vector<std::string>{"grass", "volcano"});
    CHECK(dw.grid().cellNames({4, 0}) == std::vector<std::string>{"grass", "volcano_erupting"});
    CHECK(*grid == g);
    TerrainGrid edited = g;
    edited.setCell({4, 0}, std::vector<TerrainId>{g.find("grass"), g.find("volcano")});
    CHECK(nav.costField(0) == compile(edited).costField());
    CHECK(nav.costField(1) == compile(g, *config.profile("dwarf")).costField());
    // A new name also copies first.
    CHECK(dw.addTerrain("granite") == TerrainId(g.names.size()));
    CHECK(grid->names.size() == g.names.size());
}

TEST_CASE("setCells: several cells in one apply equal the same cells set one by one", "[terrain][field][bound]")
{
    std::mt19937 rng(99);
    for (int round = 0; round < 15; ++round) {
        const int w = 6 + int(rng() % 16), h = 6 + int(rng() % 16);
        const TerrainGrid g = randomGrid(rng, w, h);
        isostar::path::NavGrid nav;
        REQUIRE(nav.reset(w, h));
        TerrainField bound, unbound;
        bound.build(g, defaultTerrainConfig().base, nav, "walker");
        unbound.build(g, defaultTerrainConfig().base);
        const isostar::path::CostField start = unbound.costField();
        std::vector<CellTerrains> batch;
        const int count = 1 + int(rng() % 6);
        for (int k = 0; k < count; ++k) {
            // Off-grid cells are ignored; a cell may come twice (the last wins).
            const TileCoord c{int(rng() % unsigned(w + 1)) - (k == 0 ? 1 : 0), int(rng() % unsigned(h))};
            CellTerrains ct{c, {}, std::nullopt};
            for (std::string_view name : randomStacks()[rng() % randomStacks().size()])
                ct.terrains.push_back(bound.addTerrain(name));
            batch.push_back(ct);
            if (!unbound.grid().inBounds(c))
                continue;
            std::vector<TerrainId> ids;
            for (TerrainId id : ct.terrains)
                ids.push_back(unbound.addTerrain(bound.grid().names[id]));
            unbound.setCell(c, ids);
        }
        const isostar::path::NavDirty dirty = bound.setCells(nav, batch);
        REQUIRE(nav.costField(0) == unbound.costField());
        std::vector<TileCoord> differing;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                if (start.at({x, y}) != unbound.costField().at({x, y}))
                    differing.push_back({x, y});
        CHECK(sorted(dirty.cells) == sorted(differing));
    }
}

TEST_CASE("bound setRules rewrites the layer and reports what changed", "[terrain][field][bound]")
{
    const TerrainGrid g = ascii({"..sss..", ".=rr=..", "..+.V..", "sssssss"});
    const TerrainConfig& config = defaultTerrainConfig();
    isostar::path::NavGrid nav;
    REQUIRE(nav.reset(g.width, g.height));
    TerrainField f;
    f.build(g, config.base, nav, "unit");
    const TerrainField dwarf = compile(g, *config.profile("dwarf"));
    isostar::path::NavDirty dirty;
    f.setRules(nav, *config.profile("dwarf"), &dirty);
    REQUIRE(f.bound());
    CHECK(nav.costField(0) == dwarf.costField());
    CHECK(nav.rules(0) == dwarf.rules().movement);
    const TerrainField base = compile(g);
    std::vector<TileCoord> differing;
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x)
            if (base.costField().at({x, y}) != dwarf.costField().at({x, y}))
                differing.push_back({x, y});
    REQUIRE_FALSE(differing.empty());
    CHECK(dirty.layer == 0);
    CHECK(sorted(dirty.cells) == sorted(differing));
}
