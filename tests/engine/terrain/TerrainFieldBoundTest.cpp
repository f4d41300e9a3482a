// A terrain field bound to a NavGrid layer: its costs live in the layer, edits and rule
// changes reach it incrementally, equal to an unbound build.
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
