// game/debug/Overlays: overlay names (script `overlay ...`) and the influence sources the
// influence overlay draws.

#include "game/debug/Overlays.hpp"

#include "engine/terrain/TerrainField.hpp"
#include "engine/terrain/TerrainGrid.hpp"

#include <catch2/catch.hpp>

#include <string_view>
#include <utility>

TEST_CASE("overlays: names turn overlays on, several at once, none turns all off")
{
    game::debug::OverlayFlags f;
    CHECK_FALSE(f.any());
    CHECK(f.set("heat"));
    CHECK(f.set("search"));
    CHECK(f.names() == std::vector<std::string>{"heat", "search"});
    CHECK(f.set("influence"));
    CHECK(f.set("numbers"));
    CHECK(f.names() == std::vector<std::string>{"heat", "influence", "search", "numbers"});
    CHECK_FALSE(f.set("trace"));
    CHECK(f.any());
    CHECK(f.set("none"));
    CHECK_FALSE(f.any());
    CHECK(f.names().empty());
    CHECK(game::debug::isOverlayName("numbers"));
    CHECK_FALSE(game::debug::isOverlayName("Heat"));
}

TEST_CASE("overlays: influence sources are the cells holding a terrain with an influence, row-major")
{
    const std::string_view rows[] = {
        "..V..",
        ".....",
        "+..b.",
        "...W.",
    };
    // b: a bridge (covers) over a volcano: the volcano below it no longer counts.
    const std::pair<char, std::string_view> legend[] = {
        {'.', "grass"}, {'V', "grass volcano_erupting"}, {'+', "grass tombstone"},
        {'b', "volcano_erupting bridge"}, {'W', "wall"}};
    auto grid = isostar::terrain::terrainGridFromAscii(rows, legend);
    REQUIRE(grid.ok());
    isostar::terrain::TerrainConfig config = isostar::terrain::defaultTerrainConfig();
    REQUIRE(config.base.find("bridge"));
    REQUIRE(config.base.find("bridge")->covers);
    isostar::terrain::TerrainField field;
    field.build(grid.value(), config.base);
    const std::vector<game::debug::InfluenceSource> s = game::debug::findInfluenceSources(field);
    REQUIRE(s.size() == 2);
    CHECK(s[0].cell == isostar::TileCoord{2, 0});
    CHECK(s[0].terrain == "volcano_erupting");
    CHECK(s[0].influence.effect == isostar::terrain::InfluenceEffect::Divide);
    CHECK(s[0].influence.radius == Approx(4.5));
    CHECK(s[1].cell == isostar::TileCoord{0, 2});
    CHECK(s[1].terrain == "tombstone");
    CHECK(s[1].influence.effect == isostar::terrain::InfluenceEffect::Multiply);
    // Every source's disk is where explain() finds its influence.
    const isostar::terrain::CellExplanation e = field.explain({1, 2});
    bool fromTomb = false;
    for (const auto& c : e.influences)
        fromTomb = fromTomb || (c.source == isostar::TileCoord{0, 2} && c.factor == Approx(s[1].influence.factor(1.0)));
    CHECK(fromTomb);
}
