// End-to-end fog of war: the real `isostar` binary runs `fog on`, a move across the fog test
// map's wall, waits, and dumps; the dump's "fog" fields and the units' tiles are checked. The
// `--fog` flag and the `O` key turn it on and off the same way. Skipped without a display.

#include "tests/support/GameE2e.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const std::string FogMap = "tests/game/data/fog_field.tmx";

const Json* unitNamed(const Json& dump, const std::string& name)
{
    for (const Json& u : dump["units"])
        if (u["name"] == name)
            return &u;
    return nullptr;
}

} // namespace

TEST_CASE("e2e fog: fog on, the knight crosses the unseen wall through the gap, the dump counts known cells")
{
    if (!testsupport::haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "fog");
    const std::string script = "dump " + (dir / "off.json").string() +
                               "\nfog on\nselect knight\nmove 17 2\nwait 0.5\ndump " + (dir / "start.json").string() +
                               "\nwait 40\nscreenshot " + (dir / "fog.png").string() + "\ndump " +
                               (dir / "end.json").string() + "\nkey O\ndump " + (dir / "toggled.json").string() +
                               "\nquit\n";
    const testsupport::ProcessResult r = testsupport::runGameScript(dir, FogMap, script);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);

    const Json off = testsupport::readJsonFile(dir / "off.json");
    CHECK(off["fog"]["enabled"] == false);
    CHECK(off["fog"]["known"] == 0);

    const Json start = testsupport::readJsonFile(dir / "start.json");
    CHECK(start["fog"]["enabled"] == true);
    const int knownAtStart = start["fog"]["known"].get<int>();
    CHECK(knownAtStart > 0);
    CHECK(knownAtStart < 20 * 14);

    const Json end = testsupport::readJsonFile(dir / "end.json");
    CHECK(end["fog"]["enabled"] == true);
    CHECK(end["fog"]["known"].get<int>() > knownAtStart);
    const Json* knight = unitNamed(end, "knight");
    REQUIRE(knight != nullptr);
    CHECK((*knight)["tile"] == Json::array({17, 2}));
    bool replanned = false;
    for (const Json& m : end["messages"])
        replanned = replanned || m.get<std::string>().rfind("they see new ground ahead: knight replan", 0) == 0;
    CHECK(replanned);
    CHECK(fs::exists(dir / "fog.png"));

    const Json toggled = testsupport::readJsonFile(dir / "toggled.json");
    CHECK(toggled["fog"]["enabled"] == false);
    CHECK(toggled["fog"]["known"] == 0);
}

TEST_CASE("e2e fog: --fog turns it on from the start")
{
    if (!testsupport::haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "fogflag");
    const testsupport::ProcessResult r =
        testsupport::runGameScript(dir, FogMap, "dump " + (dir / "d.json").string() + "\nquit\n", "--fog");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json d = testsupport::readJsonFile(dir / "d.json");
    CHECK(d["fog"]["enabled"] == true);
    CHECK(d["fog"]["known"].get<int>() > 0);
}
