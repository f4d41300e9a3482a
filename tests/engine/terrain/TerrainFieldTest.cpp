#include "engine/terrain/TerrainField.hpp"
#include "tests/engine/terrain/TerrainFieldSupport.hpp"

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

using terrainfieldtest::ascii;
using terrainfieldtest::compile;
using terrainfieldtest::costAt;

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
