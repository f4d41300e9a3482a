// End-to-end: the minimap and follow mode in the real `isostar` binary (under xvfb in CI). A
// script hides and shows the minimap, clicks it (the view moves there) and right clicks it (the
// selection walks there), follows the leader and pans away; the tests read back the dumps.
// Without a display each test reports itself skipped (CTest).

#include "game/view/Minimap.hpp"
#include "game/world/World.hpp"
#include "tests/support/GameE2e.hpp"
#include "tests/support/RunProcess.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace {

/// The window pixel on the minimap of the default 1280x720 window (hint bar shown) that holds
/// cell `c`'s centre, as "PX PY".
std::string minimapPixelOf(const game::World& world, isostar::TileCoord c)
{
    const game::MinimapLayout layout(world.projection, {1280.f, 720.f}, 34.f);
    const sf::Vector2f p = layout.tileToPixel({float(c.x) + 0.5f, float(c.y) + 0.5f});
    return std::to_string(int(std::floor(p.x))) + " " + std::to_string(int(std::floor(p.y)));
}

bool saidOnce(const nlohmann::json& dump, const std::string& start)
{
    const auto& log = dump["messages"];
    return std::count_if(log.begin(), log.end(), [&](const nlohmann::json& m) {
               return m.get<std::string>().rfind(start, 0) == 0;
           }) == 1;
}

} // namespace

TEST_CASE("e2e: the minimap shows, a click on it moves the view there, a right click sends the party")
{
    if (!testsupport::haveDisplay())
        return;
    auto loaded = game::loadWorld({std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx", "", ""});
    REQUIRE(loaded);
    const game::World& world = loaded.value();
    const isostar::TileCoord target{52, 18};
    const std::string px = minimapPixelOf(world, target);
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "minimap");
    const auto d = [&](const std::string& name) { return "dump " + (dir / (name + ".json")).string() + "\n"; };
    const testsupport::ProcessResult r = testsupport::runGameScript(
        dir, "maps/valley.tmx",
        d("start") + "minimap off\n" + d("hidden") + "key M\n" + d("shown") + "click " + px + "\n" + d("clicked") +
            "select all\nrclick " + px + "\nwait 0.5\n" + d("ordered") + "screenshot " + (dir / "minimap.png").string() +
            "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const nlohmann::json start = testsupport::readJsonFile(dir / "start.json");
    CHECK(start["minimap"]["visible"] == true);  // shown by default
    CHECK(start["follow"] == false);
    CHECK(testsupport::readJsonFile(dir / "hidden.json")["minimap"]["visible"] == false);
    const nlohmann::json shown = testsupport::readJsonFile(dir / "shown.json");
    CHECK(shown["minimap"]["visible"] == true);
    CHECK(saidOnce(shown, "minimap on"));

    // The click: the view is centred on the cell (within one cell); the pointer, over the
    // minimap, hovers no tile.
    const nlohmann::json clicked = testsupport::readJsonFile(dir / "clicked.json");
    const isostar::iso::WorldPos centre = world.projection.cellCenter(target);
    const auto& camera = clicked["camera"]["center"];
    CHECK(std::abs(camera[0].get<double>() - centre.x) < world.map.tileWidth);
    CHECK(std::abs(camera[1].get<double>() - centre.y) < world.map.tileHeight);
    CHECK(std::abs(camera[0].get<double>() - start["camera"]["center"][0].get<double>()) > 500.0);
    CHECK(clicked["hover_tile"].is_null());
    for (const auto& u : clicked["units"])
        CHECK(u["selected"] == false);  // a click on the minimap is no click on the ground

    // The right click: the order of a right click on the map at that cell.
    const nlohmann::json ordered = testsupport::readJsonFile(dir / "ordered.json");
    CHECK(ordered["last_path"]["clicked"] == nlohmann::json({target.x, target.y}));
    bool moving = false;
    for (const auto& u : ordered["units"])
        moving = moving || u["moving"].get<bool>();
    CHECK(moving);
    CHECK(fs::file_size(dir / "minimap.png") > 1000);
}

TEST_CASE("e2e: follow keeps the walking leader centred until a pan, which says so once")
{
    if (!testsupport::haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "follow");
    const auto d = [&](const std::string& name) { return "dump " + (dir / (name + ".json")).string() + "\n"; };
    const testsupport::ProcessResult r = testsupport::runGameScript(
        dir, "maps/valley.tmx",
        "follow on\n" + d("refused") + "select knight\nmove 52 18\nfollow on\nwait 2\n" + d("following") +
            "key D\nkey D\n" + d("panned") + "wait 1\n" + d("later") + "quit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(testsupport::readJsonFile(dir / "refused.json")["follow"] == false);  // nobody selected
    const nlohmann::json following = testsupport::readJsonFile(dir / "following.json");
    CHECK(following["follow"] == true);
    const auto& knight = following["units"][0];
    REQUIRE(knight["name"] == "knight");
    CHECK(knight["moving"] == true);
    // The leader's feet are in the middle of the 1280x720 window.
    CHECK(std::abs(knight["screen"][0].get<int>() - 640) <= 1);
    CHECK(std::abs(knight["screen"][1].get<int>() - 360) <= 1);
    const nlohmann::json panned = testsupport::readJsonFile(dir / "panned.json");
    CHECK(panned["follow"] == false);
    CHECK(saidOnce(panned, "follow off"));
    CHECK(panned["camera"]["center"][0].get<double>() > following["camera"]["center"][0].get<double>() + 200.0);
    // The leader walks on, the view stays where the pan left it.
    const nlohmann::json later = testsupport::readJsonFile(dir / "later.json");
    CHECK(later["camera"]["center"] == panned["camera"]["center"]);
    CHECK(later["units"][0]["pos"] != panned["units"][0]["pos"]);
}
