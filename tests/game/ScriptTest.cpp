#include "game/script/Script.hpp"

#include <catch2/catch.hpp>

#include <sstream>

namespace script = game::script;

namespace {

template <typename T>
const T& as(const game::ScriptCommand& c)
{
    const T* t = std::get_if<T>(&c.command);
    REQUIRE(t);
    return *t;
}

} // namespace

TEST_CASE("a script parses into commands with their lines")
{
    auto r = game::parseScript("# tour\nselect all\n\nmove 3 4   # the castle\nclick 10 20\nwait 1.5\n"
                               "screenshot out dir/a.png\nkey T\ndrag 1 2 3 4\nquit\n",
                               "t.script");
    REQUIRE(r.ok());
    const auto& c = r.value();
    REQUIRE(c.size() == 8);
    CHECK(std::holds_alternative<script::SelectAll>(c[0].command));
    CHECK(c[0].line == 2);
    CHECK(as<script::Move>(c[1]) == script::Move{3, 4});
    CHECK(c[1].line == 4);
    CHECK(as<script::Click>(c[2]) == script::Click{10, 20});
    CHECK(as<script::Wait>(c[3]).seconds == Approx(1.5));
    CHECK(as<script::Screenshot>(c[4]).file == "out dir/a.png");
    CHECK(as<script::Key>(c[5]).chord == "T");
    CHECK(as<script::Drag>(c[6]) == script::Drag{1, 2, 3, 4});
    CHECK(std::holds_alternative<script::Quit>(c[7].command));
}

TEST_CASE("bad script lines are reported with their line numbers")
{
    auto r = game::parseScript("select all\nmove 3\njump 1 2\nwait -1\nclick a 2\nquit now\n", "bad.script");
    REQUIRE_FALSE(r.ok());
    const auto& d = r.diagnostics();
    REQUIRE(d.size() == 5);
    CHECK(isostar::formatDiagnostic(d[0]) == "bad.script:2: error: move: expected 2 integers, got 1 arguments");
    CHECK(isostar::formatDiagnostic(d[1]) ==
          "bad.script:3: error: unknown command \"jump\" (expected select, move, click, rclick, drag, mousemove, "
          "wheel, key, wait, sleep, paint, erase, erupt, undo, redo, save, overlay, step, race, panel, follow, minimap, screenshot, dump, fog or quit)");
    CHECK(isostar::formatDiagnostic(d[2]) == "bad.script:4: error: wait: expected seconds between 0 and 3600, got \"-1\"");
    CHECK(isostar::formatDiagnostic(d[3]) == "bad.script:5: error: click: \"a\" is not an integer");
    CHECK(isostar::formatDiagnostic(d[4]) == "bad.script:6: error: quit: takes no arguments");
}

TEST_CASE("key names are checked by the game's table")
{
    auto known = [](const std::string& k) { return k == "T"; };
    CHECK(game::parseScript("key T\n", "k", +known).ok());
    auto r = game::parseScript("key Hyper\n", "k", +known);
    REQUIRE_FALSE(r.ok());
    CHECK(isostar::formatDiagnostic(r.diagnostics()[0]) == "k:1: error: key: unknown key \"Hyper\"");
    auto two = game::parseScript("key\nkey A B\n", "k", +known);
    REQUIRE_FALSE(two.ok());
    CHECK(two.diagnostics()[1].message == "key: expected one key name, e.g. `key T` or `key Ctrl+A`");
}

TEST_CASE("edit, save and sleep commands parse with their arguments")
{
    auto r = game::parseScript("paint 3 4 wall\nerase 5 6\nerupt 7 8 on\nerupt 7 8 off\nundo\nredo\n"
                               "save out/my map.tmx\nsleep 0.25\n",
                               "e.script");
    REQUIRE(r.ok());
    const auto& c = r.value();
    REQUIRE(c.size() == 8);
    CHECK(as<script::Paint>(c[0]) == script::Paint{3, 4, "wall"});
    CHECK(as<script::Erase>(c[1]) == script::Erase{5, 6});
    CHECK(as<script::Erupt>(c[2]) == script::Erupt{7, 8, true});
    CHECK(as<script::Erupt>(c[3]) == script::Erupt{7, 8, false});
    CHECK(std::holds_alternative<script::Undo>(c[4].command));
    CHECK(std::holds_alternative<script::Redo>(c[5].command));
    CHECK(as<script::Save>(c[6]).file == "out/my map.tmx");
    CHECK(as<script::Sleep>(c[7]).seconds == Approx(0.25));
}

TEST_CASE("bad edit, save and sleep lines name the problem and the line")
{
    auto r = game::parseScript("paint 3 4\npaint x 4 road\nerase 1\nerupt 1 2 maybe\nundo 2\nsave\nsleep -2\n"
                               "sleep soon\n",
                               "b.script");
    REQUIRE_FALSE(r.ok());
    const auto& d = r.diagnostics();
    REQUIRE(d.size() == 8);
    CHECK(isostar::formatDiagnostic(d[0]) == "b.script:1: error: paint: expected `paint X Y TERRAIN`, got 2 arguments");
    CHECK(isostar::formatDiagnostic(d[1]) == "b.script:2: error: paint: \"x\" is not an integer");
    CHECK(isostar::formatDiagnostic(d[2]) == "b.script:3: error: erase: expected 2 integers, got 1 arguments");
    CHECK(isostar::formatDiagnostic(d[3]) == "b.script:4: error: erupt: expected `erupt X Y on` or `erupt X Y off`, got \"1 2 maybe\"");
    CHECK(isostar::formatDiagnostic(d[4]) == "b.script:5: error: undo: takes no arguments");
    CHECK(isostar::formatDiagnostic(d[5]) == "b.script:6: error: save: expected a file name (.tmx)");
    CHECK(isostar::formatDiagnostic(d[6]) == "b.script:7: error: sleep: expected seconds between 0 and 3600, got \"-2\"");
    CHECK(isostar::formatDiagnostic(d[7]) == "b.script:8: error: sleep: expected seconds between 0 and 3600, got \"soon\"");
}

TEST_CASE("debug, select and wheel lines parse, and their errors are word for word")
{
    auto r = game::parseScript("overlay heat\nstep 40\nrace 45 10\nselect knight\nselect none\nwheel 640 512 -4\n"
                               "mousemove -1 -1\nrclick 1 2\ndump a b.json\n",
                               "d.script");
    REQUIRE(r.ok());
    const auto& c = r.value();
    REQUIRE(c.size() == 9);
    CHECK(as<script::Overlay>(c[0]).name == "heat");
    CHECK(as<script::Step>(c[1]).expansions == 40);
    CHECK(as<script::Race>(c[2]) == script::Race{45, 10});
    CHECK(as<script::SelectName>(c[3]).name == "knight");
    CHECK(std::holds_alternative<script::SelectNone>(c[4].command));
    CHECK(as<script::Wheel>(c[5]) == script::Wheel{640, 512, -4});
    CHECK(as<script::MouseMove>(c[6]) == script::MouseMove{-1, -1});
    CHECK(as<script::RClick>(c[7]) == script::RClick{1, 2});
    CHECK(as<script::Dump>(c[8]).file == "a b.json");

    auto bad = game::parseScript("overlay fog\nstep 2000000\nselect\nscreenshot\nerupt 1 y on\n", "d.script");
    REQUIRE_FALSE(bad.ok());
    const auto& d = bad.diagnostics();
    REQUIRE(d.size() == 5);
    CHECK(d[0].message == "overlay: expected `overlay heat|influence|search|numbers|field|clearance|none`, got \"fog\"");
    CHECK(d[1].message == "step: expected a number of expansions between 0 and 1000000, got 2000000");
    CHECK(d[2].message == "select: expected `select all`, `select none` or `select NAME`");
    CHECK(d[3].message == "screenshot: expected a file name");
    CHECK(d[4].message == "erupt: \"y\" is not an integer");
}

TEST_CASE("a parsed command prints as the line it came from")
{
    auto r = game::parseScript("\npanel set terrain.snow.cost 2.5\nerupt 7 8 off\n", "p.script");
    REQUIRE(r.ok());
    std::ostringstream out;
    out << r.value()[0] << '|' << r.value()[1];
    CHECK(out.str() == "line 2: panel set terrain.snow.cost 2.5|line 3: erupt 7 8 off");
    CHECK(std::string(game::script::commandName(r.value()[1].command)) == "erupt");
}
