// The binding table: every trigger parses and is bound once per mode, keys reach the commands
// they always did, a script line and its key make the same command, and Input emits the
// commands to its one sink, running the camera's itself.
#include "game/app/ScriptRunner.hpp"
#include "game/input/Bindings.hpp"
#include "game/input/Input.hpp"
#include "game/script/Script.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace {

std::optional<game::Command> key(const std::string& chord, bool editing = false)
{
    const std::optional<game::KeyChord> k = game::parseKeyChord(chord);
    REQUIRE(k);
    return game::commandForKey(*k, editing);
}

std::optional<game::Command> gesture(const std::string& trigger, isostar::TileCoord tile, bool editing)
{
    const std::optional<game::Trigger> t = game::parseTrigger(trigger);
    REQUIRE(t);
    const std::optional<game::Command> c = game::commandFor(*t, editing);
    return c ? std::optional<game::Command>(game::atTile(*c, tile)) : std::nullopt;
}

/// The game command of a one-line script.
std::optional<game::Command> scriptLine(const std::string& line)
{
    auto parsed = game::parseScript(line + "\n", "t.script", &game::isKeyName);
    REQUIRE(parsed);
    REQUIRE(parsed.value().size() == 1);
    return game::gameCommand(parsed.value()[0].command);
}

/// Rows of two modes that can both apply at once. Help rows come first and win while the help
/// overlay shows: they may take a trigger of another mode.
bool modesOverlap(game::Mode a, game::Mode b)
{
    if (a == game::Mode::Help || b == game::Mode::Help)
        return a == b;
    return a == game::Mode::Any || b == game::Mode::Any || a == b;
}

} // namespace

TEST_CASE("bindings: every trigger parses, and no two rows of one mode share one")
{
    const std::vector<game::Binding>& rows = game::bindings();
    REQUIRE(rows.size() > 30);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        INFO(rows[i].trigger);
        const std::optional<game::Trigger> t = game::parseTrigger(rows[i].trigger);
        REQUIRE(t);
        if (t->gesture == game::Gesture::Key)
            CHECK(game::isKeyName(rows[i].trigger));
        for (std::size_t j = 0; j < i; ++j)
            if (modesOverlap(rows[i].mode, rows[j].mode))
                CHECK_FALSE(*game::parseTrigger(rows[j].trigger) == *t);
    }
    CHECK_FALSE(game::parseTrigger("Ctrl+Hyper"));
    CHECK(game::parseTrigger("Shift+click")->gesture == game::Gesture::Click);
    CHECK(game::parseTrigger("Shift+click")->chord.shift);
}

TEST_CASE("bindings: keys reach their commands with the modifiers they always took")
{
    using namespace game;
    CHECK(key("Ctrl+Z") == Command(cmd::Undo{}));
    CHECK(key("Ctrl+Alt+Z") == Command(cmd::Undo{}));
    CHECK(key("Ctrl+Shift+Z") == Command(cmd::Redo{}));
    CHECK(key("Ctrl+Y") == Command(cmd::Redo{}));
    CHECK(key("Ctrl+Shift+S") == Command(cmd::Save{}));
    CHECK(key("E") == Command(cmd::ToggleEditor{}));
    CHECK_FALSE(key("Ctrl+E"));
    CHECK(key("N") == Command(cmd::Step{1}));
    CHECK(key("Shift+N") == Command(cmd::StepPlay{}));
    CHECK(key("Ctrl+Shift+N") == Command(cmd::StepSpeed{}));
    CHECK_FALSE(key("Alt+N"));
    CHECK(key("Shift+C") == Command(cmd::ToggleOverlay{"heat"}));
    CHECK_FALSE(key("Ctrl+C"));
    CHECK(key("Alt+T") == Command(cmd::ToggleOverlay{"search"}));
    CHECK(key("Y") == Command(cmd::ToggleWhy{}));
    CHECK_FALSE(key("Tab"));
    CHECK(key("Tab", true) == Command(cmd::CycleBrush{1}));
    CHECK(key("Shift+Tab", true) == Command(cmd::CycleBrush{-1}));
    CHECK(key("Ctrl+Shift+A") == Command(cmd::SelectAll{}));
    CHECK(key("3") == Command(cmd::SelectUnit{2, false}));
    CHECK(key("Ctrl+Shift+3") == Command(cmd::SelectUnit{2, true}));
    CHECK(key("Ctrl+H") == Command(cmd::ToggleHelp{}));
    CHECK(key("F1") == Command(cmd::ToggleHelp{}));
    CHECK(key("W") == Command(cmd::Pan{0, -1}));
    CHECK(key("Shift+Left") == Command(cmd::Pan{-1, 0}));
    CHECK_FALSE(key("Ctrl+W"));  // held with Ctrl (Ctrl+S, Ctrl+A), pan keys do not pan
    CHECK(key("Equal") == Command(cmd::Zoom{1}));
    CHECK(key("Minus") == Command(cmd::Zoom{-1}));
    CHECK(key("Home") == Command(cmd::CenterView{}));
    CHECK(key("Shift+H") == Command(cmd::ToggleHintBar{}));
    CHECK(key("Escape") == Command(cmd::SelectNone{}));
    CHECK(game::commandForKey(*game::parseKeyChord("Escape"), false, true) == Command(cmd::ToggleHelp{}));
    CHECK(game::commandForKey(*game::parseKeyChord("Escape"), true, true) == Command(cmd::ToggleHelp{}));
}

TEST_CASE("bindings: a script line and its key or gesture make the same command")
{
    using namespace game;
    CHECK(scriptLine("undo") == key("Ctrl+Z"));
    CHECK(scriptLine("redo") == key("Ctrl+Y"));
    CHECK(scriptLine("step 1") == key("N"));
    CHECK(scriptLine("select all") == key("Ctrl+A"));
    CHECK(scriptLine("select none") == key("Escape"));
    CHECK(scriptLine("move 3 4") == gesture("click", {3, 4}, false));
    CHECK(scriptLine("move 3 4") == gesture("rclick", {3, 4}, false));
    CHECK(scriptLine("race 3 4") == gesture("Shift+click", {3, 4}, false));
    CHECK(scriptLine("erase 3 4") == gesture("rclick", {3, 4}, true));
    CHECK(gesture("drag", {3, 4}, true) == Command(cmd::Paint{{3, 4}, ""}));
    CHECK(gesture("click", {3, 4}, true) == Command(cmd::BrushClick{{3, 4}}));
    CHECK(gesture("Ctrl+wheelup", {0, 0}, true) == Command(cmd::CycleBrush{-1}));
    CHECK(gesture("Ctrl+wheelup", {0, 0}, false) == Command(cmd::Zoom{1, true}));  // in play the wheel zooms
    CHECK(key("F") == Command(cmd::ToggleFollow{}));
    CHECK(key("M") == Command(cmd::ToggleMinimap{}));
    CHECK(scriptLine("follow off") == Command(cmd::Follow{false}));
    CHECK(scriptLine("minimap on") == Command(cmd::ShowMinimap{true}));
    // The script's own lines are no game command.
    CHECK_FALSE(scriptLine("key T"));
    CHECK_FALSE(scriptLine("wait 1"));
    CHECK_FALSE(scriptLine("click 3 4"));
}

TEST_CASE("bindings: messages name the table's keys")
{
    CHECK(game::keysFor({game::cmd::Undo{}, game::cmd::Redo{}}) == "Ctrl+Z/Y");
    CHECK(game::keyOf(game::cmd::ToggleHelp{}) == "H");
    CHECK(game::keyOf(game::cmd::SelectNone{}) == "Esc");
    CHECK(game::keysFor({game::cmd::Zoom{1, true}, game::cmd::Zoom{-1, true}}) == "wheel up/down");
    CHECK(game::keyLabel("Shift+unitclick") == "Shift+click a unit");
    CHECK(game::keyLabel("Plus") == "keypad +");
}

TEST_CASE("input: keys go to the one sink as commands, camera keys stay inside")
{
    game::Party party;
    game::View view;
    std::vector<game::Command> got;
    game::Input input(party, view, [&](const game::Command& c) { got.push_back(c); });
    input.setScripted(true);
    input.keyPressed(*game::parseKeyChord("T"));
    REQUIRE(got.size() == 2);
    CHECK(got[0] == game::Command(game::cmd::ToggleOverlay{"search"}));
    CHECK(got[1] == game::Command(game::cmd::PointerMoved{}));

    got.clear();
    const sf::Vector2f before = view.camera().center();
    input.keyPressed(*game::parseKeyChord("D"));
    REQUIRE(got.size() == 1);  // only the pointer's notice
    CHECK(view.camera().center().x > before.x);

    got.clear();
    input.setEditing(true);
    input.keyPressed(*game::parseKeyChord("Shift+Tab"));
    REQUIRE_FALSE(got.empty());
    CHECK(got[0] == game::Command(game::cmd::CycleBrush{-1}));
}
