#include "game/script/Script.hpp"

#include <catch2/catch.hpp>

using game::CommandType;

TEST_CASE("a script parses into commands with their lines")
{
    auto r = game::parseScript("# tour\nselect all\n\nmove 3 4   # the castle\nclick 10 20\nwait 1.5\n"
                               "screenshot out dir/a.png\nkey T\ndrag 1 2 3 4\nquit\n",
                               "t.script");
    REQUIRE(r.ok());
    const auto& c = r.value();
    REQUIRE(c.size() == 8);
    CHECK(c[0].type == CommandType::SelectAll);
    CHECK(c[0].line == 2);
    CHECK(c[1].type == CommandType::Move);
    CHECK(c[1].a == 3);
    CHECK(c[1].b == 4);
    CHECK(c[1].line == 4);
    CHECK(c[2].type == CommandType::Click);
    CHECK(c[3].type == CommandType::Wait);
    CHECK(c[3].seconds == Approx(1.5));
    CHECK(c[4].type == CommandType::Screenshot);
    CHECK(c[4].text == "out dir/a.png");
    CHECK(c[5].type == CommandType::Key);
    CHECK(c[6].type == CommandType::Drag);
    CHECK(c[6].d == 4);
    CHECK(c[7].type == CommandType::Quit);
}

TEST_CASE("bad script lines are reported with their line numbers")
{
    auto r = game::parseScript("select all\nmove 3\njump 1 2\nwait -1\nclick a 2\nquit now\n", "bad.script");
    REQUIRE_FALSE(r.ok());
    const auto& d = r.diagnostics();
    REQUIRE(d.size() == 5);
    CHECK(eng::formatDiagnostic(d[0]) == "bad.script:2: error: move: expected 2 integers, got 1 arguments");
    CHECK(eng::formatDiagnostic(d[1]) ==
          "bad.script:3: error: unknown command \"jump\" (expected select, move, click, rclick, drag, mousemove, "
          "wheel, key, wait, screenshot, dump or quit)");
    CHECK(eng::formatDiagnostic(d[2]) == "bad.script:4: error: wait: expected seconds between 0 and 3600, got \"-1\"");
    CHECK(eng::formatDiagnostic(d[3]) == "bad.script:5: error: click: \"a\" is not an integer");
    CHECK(eng::formatDiagnostic(d[4]) == "bad.script:6: error: quit: takes no arguments");
}

TEST_CASE("key names are checked by the game's table")
{
    auto known = [](const std::string& k) { return k == "T"; };
    CHECK(game::parseScript("key T\n", "k", +known).ok());
    auto r = game::parseScript("key Hyper\n", "k", +known);
    REQUIRE_FALSE(r.ok());
    CHECK(eng::formatDiagnostic(r.diagnostics()[0]) == "k:1: error: key: unknown key \"Hyper\"");
}
