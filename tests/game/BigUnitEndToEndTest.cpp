// End-to-end: units bigger than a cell in the isostar binary (issue 31). A script orders the
// party of tests/game/data/wall_gaps.tmx (four units of one cell and a 2x2 ox cart) across the
// wall; the dump says each unit's size, everyone arrives east of the wall on distinct cells, no
// two footprints overlap; `select cart` selects it by name and `overlay clearance` turns the
// clearance overlay on. (BigUnitTest checks every frame of the same order without a window.)

#include "tests/support/GameE2e.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>
#include <string>

TEST_CASE("e2e: a scripted order takes the party and the ox cart across the wall, the dump gives each unit's size")
{
    if (!testsupport::haveDisplay())
        return;
    const auto dir = testsupport::e2eDir("isostar-e2e", "big-units");
    const testsupport::ProcessResult r = testsupport::runGameScript(
        dir, "tests/game/data/wall_gaps.tmx",
        "select all\nmove 18 5\nwait 40\ndump " + (dir / "end.json").string() + "\nselect cart\noverlay clearance\ndump " +
            (dir / "cart.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const nlohmann::json end = testsupport::readJsonFile(dir / "end.json");
    REQUIRE(end["units"].size() == 5);
    std::set<std::pair<int, int>> covered;
    for (const nlohmann::json& u : end["units"]) {
        INFO(u["name"]);
        const int size = u["size"].get<int>();
        CHECK(size == (u["name"] == "cart" ? 2 : 1));
        CHECK_FALSE(u["moving"].get<bool>());
        const int x = u["tile"][0].get<int>(), y = u["tile"][1].get<int>();
        CHECK(x > 12);  // east of the wall
        for (int dy = 0; dy < size; ++dy)
            for (int dx = 0; dx < size; ++dx)
                CHECK(covered.insert({x + dx, y + dy}).second);  // no two footprints overlap
    }
    const nlohmann::json cart = testsupport::readJsonFile(dir / "cart.json");
    for (const nlohmann::json& u : cart["units"])
        CHECK(u["selected"].get<bool>() == (u["name"] == "cart"));
    CHECK(cart["overlays"] == nlohmann::json::array({"clearance"}));
}
