// End-to-end on the hex scene (maps/hex.tmx): the real `isostar` binary orders the party across
// the wall; every planned step goes to one of the six cells sharing an edge, the paths go round
// through the wall's one gap, and the party arrives. Without a display the test reports itself
// skipped.

#include "game/world/World.hpp"
#include "tests/support/GameE2e.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

isostar::TileCoord jsonCell(const Json& pair)
{
    return {pair[0].get<int>(), pair[1].get<int>()};
}

/// Whether b shares an edge with a on a map staggered along y, odd rows shifted (the scene's
/// layout; written out here, independent of the engine): the two cells beside it, and two above
/// and two below, to the right of it when its row is shifted, to the left when not.
bool hexNeighbours(isostar::TileCoord a, isostar::TileCoord b)
{
    const int dx = b.x - a.x, dy = b.y - a.y;
    if (dy == 0)
        return dx == 1 || dx == -1;
    if (dy != 1 && dy != -1)
        return false;
    const bool shifted = (a.y & 1) != 0;
    return shifted ? (dx == 0 || dx == 1) : (dx == 0 || dx == -1);
}

} // namespace

TEST_CASE("e2e: on the hex scene the party goes round the wall through its gap and arrives")
{
    if (!testsupport::haveDisplay())
        return;
    auto loaded = game::loadWorld({std::string(ISOSTAR_SOURCE_DIR) + "/maps/hex.tmx", "", ""});
    REQUIRE(loaded);
    const game::World& world = loaded.value();
    const isostar::TileCoord goal{16, 3}; // east of the wall, north of its gap
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "hex");
    const auto r = testsupport::runGameScript(dir, "maps/hex.tmx",
                                              "select all\nmove 16 3\nwait 0.3\ndump " + (dir / "mid.json").string() +
                                                  "\nwait 60\ndump " + (dir / "end.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json mid = testsupport::readJsonFile(dir / "mid.json");
    CHECK(mid["last_path"]["status"] == "found");
    REQUIRE(mid["units"].size() == 4);
    for (const Json& u : mid["units"]) {
        const Json& path = u["path"];
        REQUIRE(path.size() > 10);
        bool throughGap = false;
        for (std::size_t k = 0; k < path.size(); ++k) {
            const isostar::TileCoord c = jsonCell(path[k]);
            CHECK(world.nav.passable(0, c));
            if (k > 0)
                CHECK(hexNeighbours(jsonCell(path[k - 1]), c));
            throughGap = throughGap || ((c.y == 8 || c.y == 9) && c.x >= 11 && c.x <= 13);
        }
        CHECK(throughGap);
    }
    const Json end = testsupport::readJsonFile(dir / "end.json");
    bool onGoal = false;
    for (const Json& u : end["units"]) {
        CHECK_FALSE(u["moving"].get<bool>());
        const isostar::TileCoord t = jsonCell(u["tile"]);
        CHECK(t.x > 12); // east of the wall
        onGoal = onGoal || t == goal;
    }
    CHECK(onGoal);
}
