// Units bigger than a cell in a played game (issue 31): sizes from the map, footprints in the
// party's occupancy, and a party of small units with an ox cart ordered across a wall that has a
// one-cell gap near them and a two-cell gap far away, every frame checked.

#include "game/session/Session.hpp"
#include "game/world/World.hpp"
#include "tests/game/OccupancyCheck.hpp"
#include "tests/support/FootprintProbe.hpp"
#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace {

/// 24 x 16 cells, a wall down column 12 with a gap of one cell at row 4 (beside the party) and
/// one of two cells at rows 13-14; knight, ranger, mage and dwarf of size 1 and a cart of size
/// 2 (the object's int property `size`) west of it.
const std::string WallGaps = std::string(ISOSTAR_SOURCE_DIR) + "/tests/game/data/wall_gaps.tmx";
constexpr int WallX = 12;

/// The rows at which a footprint covers the wall's column, by its northern corner.
void wallRows(const game::Footprint& f, std::set<int>& rows)
{
    if (f.at.x <= WallX && f.at.x + f.size > WallX)
        rows.insert(f.at.y);
}

} // namespace

TEST_CASE("big units: a map's `size` property makes a unit of that size, covering its footprint", "[party][footprint]")
{
    game::MessageLog log;
    game::Session session(log);
    REQUIRE(session.open(game::loadWorld({WallGaps, "", ""})).problems.empty());
    const game::Party& party = session.party();
    REQUIRE(party.units().size() == 5);
    const int cart = party.find("cart");
    REQUIRE(cart >= 0);
    const game::Unit& c = party.units()[std::size_t(cart)];
    CHECK(c.size == 2);
    CHECK(c.tile == isostar::TileCoord{6, 6});
    CHECK(c.layer != c.profileLayer);  // it plans on its profile's footprint layer for size 2
    CHECK(party.units()[std::size_t(party.find("knight"))].size == 1);
    for (isostar::TileCoord cell : {isostar::TileCoord{6, 6}, {7, 6}, {6, 7}, {7, 7}})
        CHECK(party.occupancy().holderOf(cell) == cart);
    CHECK(party.occupancy().holderOf({8, 7}) < 0);
    game::test::checkOccupancy(party);
    // The footprint layer: a corner from which the 2x2 block would cover the wall is impassable,
    // even where the corner's own cell is open (the narrow gap's row above the wall's end).
    const isostar::path::NavGrid& grid = party.grid();
    CHECK(grid.passable(c.profileLayer, {WallX, 4}));
    CHECK_FALSE(grid.passable(c.layer, {WallX, 4}));
    CHECK_FALSE(grid.passable(c.layer, {WallX - 1, 3}));
    CHECK(grid.passable(c.layer, {WallX - 1, 13}));
    CHECK(grid.passable(c.layer, {WallX, 13}));
}

TEST_CASE("big units: the cart goes by the wide gap, every unit arrives, no frame overlaps two footprints or covers the wall",
          "[party][footprint]")
{
    game::MessageLog log;
    game::Session session(log);
    REQUIRE(session.open(game::loadWorld({WallGaps, "", ""})).problems.empty());
    game::PartyParams params = session.party().params();
    params.pathBudgetExpansions = 100000;  // the same ticks on any machine
    session.setPartyParams(params);
    game::Party& party = session.party();
    const int cart = party.find("cart");
    REQUIRE(cart >= 0);
    party.selection().selectAll();
    const isostar::TileCoord target{18, 5};
    REQUIRE(session.canOrder(target));
    session.order(target);

    const isostar::path::NavGrid& grid = session.world().nav;
    std::set<int> cartRows, smallRows;
    int frames = 0;
    for (; frames < 60 * 90 && party.anyMoving(); ++frames) {
        session.tick(1.0 / 60.0);
        const std::vector<std::string> bad = testsupport::footprintProblems(party, grid);
        INFO("frame " << frames << ": " << (bad.empty() ? std::string() : bad.front()));
        REQUIRE(bad.empty());
        game::test::checkOccupancy(party);
        for (std::size_t i = 0; i < party.units().size(); ++i) {
            const game::Unit& u = party.units()[i];
            std::set<int>& rows = int(i) == cart ? cartRows : smallRows;
            wallRows(u.footprint(), rows);
            if (u.stepping)
                wallRows(u.footprintAt(u.stepTo), rows);
        }
    }
    INFO("frames: " << frames);
    CHECK_FALSE(party.anyMoving());
    for (const game::Unit& u : party.units()) {
        INFO(u.name << " at " << u.tile << ", goal " << u.goal);
        CHECK(u.tile == u.goal);
        CHECK(u.tile.x > WallX);  // across the wall
        CHECK(std::abs(u.tile.x - target.x) + std::abs(u.tile.y - target.y) <= 6);
    }
    // The cart crossed the wall's column only through the two-cell gap (its corner on row 13:
    // rows 13 and 14); the small units took the one-cell gap near them (one may go round by
    // the wide one when the narrow one is crowded).
    CHECK(cartRows == std::set<int>{13});
    CHECK(smallRows.count(4) == 1);
}

TEST_CASE("big units: a party object without `size` takes its profile's [profile.NAME.movement] size", "[party][footprint]")
{
    // wall_gaps.tmx with the cart's `size` property replaced by the profile `ox`, whose
    // movement size is 2 in a copy of maps/terrain.toml.
    const testsupport::TempDir dir("isostar-big-units");
    std::ifstream in(WallGaps);
    std::stringstream map;
    map << in.rdbuf();
    std::string text = map.str();
    const std::string size = R"(<property name="size" type="int" value="2"/>)";
    const std::size_t at = text.find(size);
    REQUIRE(at != std::string::npos);
    text.replace(at, size.size(), R"(<property name="profile" value="ox"/>)");
    const std::string source = std::string(ISOSTAR_SOURCE_DIR) + "/tests/game/data/";
    const auto sourced = [&](const std::string& t) {  // the tilesets stay where they are
        std::string out = t;
        for (std::size_t p = out.find("source=\"../"); p != std::string::npos; p = out.find("source=\"../", p + 1))
            out.insert(p + 8, source);
        return out;
    };
    std::ofstream(dir.path / "ox.tmx") << sourced(text);
    std::ifstream base(std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml");
    std::stringstream config;
    config << base.rdbuf() << "\n[profile.ox]\ndescription = \"pulls a cart\"\n\n[profile.ox.movement]\nsize = 2\n";
    std::ofstream((dir.path / "ox.toml").string()) << config.str();
    game::MessageLog log;
    game::Session session(log);
    const game::SessionChange c =
        session.open(game::loadWorld({(dir.path / "ox.tmx").string(), (dir.path / "ox.toml").string(), ""}));
    INFO(isostar::formatDiagnostics(c.problems));
    REQUIRE(c.problems.empty());
    const int cart = session.party().find("cart");
    REQUIRE(cart >= 0);
    CHECK(session.party().units()[std::size_t(cart)].size == 2);
    CHECK(session.party().units()[std::size_t(cart)].profile == "ox");
    CHECK(session.party().units()[std::size_t(session.party().find("knight"))].size == 1);
}
