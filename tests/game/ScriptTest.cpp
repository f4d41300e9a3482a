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
          "wheel, key, wait, sleep, paint, erase, erupt, undo, redo, save, overlay, step, race, panel, screenshot, dump or quit)");
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

TEST_CASE("edit, save and sleep commands parse with their arguments")
{
    auto r = game::parseScript("paint 3 4 wall\nerase 5 6\nerupt 7 8 on\nerupt 7 8 off\nundo\nredo\n"
                               "save out/my map.tmx\nsleep 0.25\n",
                               "e.script");
    REQUIRE(r.ok());
    const auto& c = r.value();
    REQUIRE(c.size() == 8);
    CHECK(c[0].type == CommandType::Paint);
    CHECK(c[0].a == 3);
    CHECK(c[0].b == 4);
    CHECK(c[0].text == "wall");
    CHECK(c[1].type == CommandType::Erase);
    CHECK(c[1].b == 6);
    CHECK(c[2].type == CommandType::Erupt);
    CHECK(c[2].c == 1);
    CHECK(c[3].c == 0);
    CHECK(c[4].type == CommandType::Undo);
    CHECK(c[5].type == CommandType::Redo);
    CHECK(c[6].type == CommandType::Save);
    CHECK(c[6].text == "out/my map.tmx");
    CHECK(c[7].type == CommandType::Sleep);
    CHECK(c[7].seconds == Approx(0.25));
}

TEST_CASE("bad edit, save and sleep lines name the problem and the line")
{
    auto r = game::parseScript("paint 3 4\npaint x 4 road\nerase 1\nerupt 1 2 maybe\nundo 2\nsave\nsleep -2\n"
                               "sleep soon\n",
                               "b.script");
    REQUIRE_FALSE(r.ok());
    const auto& d = r.diagnostics();
    REQUIRE(d.size() == 8);
    CHECK(eng::formatDiagnostic(d[0]) == "b.script:1: error: paint: expected `paint X Y TERRAIN`, got 2 arguments");
    CHECK(eng::formatDiagnostic(d[1]) == "b.script:2: error: paint: \"x\" is not an integer");
    CHECK(eng::formatDiagnostic(d[2]) == "b.script:3: error: erase: expected 2 integers, got 1 arguments");
    CHECK(eng::formatDiagnostic(d[3]) == "b.script:4: error: erupt: expected `erupt X Y on` or `erupt X Y off`, got \"1 2 maybe\"");
    CHECK(eng::formatDiagnostic(d[4]) == "b.script:5: error: undo: takes no arguments");
    CHECK(eng::formatDiagnostic(d[5]) == "b.script:6: error: save: expected a file name (.tmx)");
    CHECK(eng::formatDiagnostic(d[6]) == "b.script:7: error: sleep: expected seconds between 0 and 3600, got \"-2\"");
    CHECK(eng::formatDiagnostic(d[7]) == "b.script:8: error: sleep: expected seconds between 0 and 3600, got \"soon\"");
}
