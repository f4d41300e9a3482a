// End-to-end: the key table in the real `isostar` binary. `--keys-markdown` prints README's table
// without a display; under a display H shows the help overlay over the map (a screenshot differs
// from the frame without it), Esc closes it, Shift+H hides the hint bar; the dumps say so.

#include "game/input/KeyHelp.hpp"
#include "tests/support/GameE2e.hpp"
#include "tests/support/RunProcess.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <SFML/Graphics/Image.hpp>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

TEST_CASE("isostar --keys-markdown prints the binding table's README block, without a display")
{
    const testsupport::ProcessResult r = testsupport::runProcess("DISPLAY= " + testsupport::isostarCommand() +
                                                                 " --keys-markdown");
    CHECK(r.exitCode == 0);
    CHECK(r.out == game::keysMarkdown());
}

TEST_CASE("H shows the help overlay over the map, Esc closes it, Shift+H hides the hint bar")
{
    if (!testsupport::haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-keys", "help");
    const std::string script = "select all\n"
                               "wait 0.2\n"
                               "screenshot " + (dir / "without.png").string() + "\n"
                               "key H\n"
                               "screenshot " + (dir / "help.png").string() + "\n"
                               "dump " + (dir / "shown.json").string() + "\n"
                               "key Escape\n"
                               "key Shift+H\n"
                               "dump " + (dir / "closed.json").string() + "\n";
    const testsupport::ProcessResult r = testsupport::runGameScript(dir, "maps/valley.tmx", script);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const nlohmann::json shown = testsupport::readJsonFile(dir / "shown.json");
    const nlohmann::json closed = testsupport::readJsonFile(dir / "closed.json");
    CHECK(shown["help_visible"] == true);
    CHECK(shown["hint_bar_visible"] == true);
    CHECK(closed["help_visible"] == false);
    CHECK(closed["hint_bar_visible"] == false);
    for (const nlohmann::json& unit : closed["units"])
        CHECK(unit["selected"] == true);  // Esc closed the help, it did not deselect
    // The overlay covers the middle of the window: that part of the frame changed.
    sf::Image without, help;
    REQUIRE(without.loadFromFile((dir / "without.png").string()));
    REQUIRE(help.loadFromFile((dir / "help.png").string()));
    int changed = 0;
    for (unsigned y = 200; y < 520; y += 8)
        for (unsigned x = 240; x < 1040; x += 8)
            changed += without.getPixel(x, y) != help.getPixel(x, y);
    CHECK(changed > 40 * 100 / 2);
}
