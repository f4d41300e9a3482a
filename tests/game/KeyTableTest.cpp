// One key table: every command a player gives has a key or gesture in the binding table, the
// help overlay lists every row, the hint bars name the table's keys, and README.md's key table is
// the one `isostar --keys-markdown` writes from it.
#include "game/input/Input.hpp"
#include "game/input/KeyHelp.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// Commands no key or gesture gives: script lines (`follow on`, `minimap off`, `fog on`,
/// `overlay NAME`, `select NAME`, `save FILE`, `erupt X Y on`), the editor's stroke brackets
/// around a drag, and Input's notices.
bool scriptOrInternal(const game::Command& c)
{
    using namespace game::cmd;
    return std::holds_alternative<Follow>(c) || std::holds_alternative<ShowMinimap>(c) ||
           std::holds_alternative<SetFog>(c) || std::holds_alternative<ShowOverlay>(c) ||
           std::holds_alternative<SelectName>(c) || std::holds_alternative<SaveAs>(c) ||
           std::holds_alternative<Erupt>(c) || std::holds_alternative<BeginStroke>(c) ||
           std::holds_alternative<EndStroke>(c) || std::holds_alternative<Notify>(c);
}

template <std::size_t... I>
std::vector<game::Command> oneOfEach(std::index_sequence<I...>)
{
    return {game::Command(std::in_place_index<I>)...};
}

bool bound(const game::Command& c)
{
    const auto& rows = game::bindings();
    return std::any_of(rows.begin(), rows.end(), [&](const game::Binding& b) { return b.command.index() == c.index(); });
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

TEST_CASE("key table: every command a player gives has a key or a gesture, each row says what it does")
{
    for (const game::Command& c : oneOfEach(std::make_index_sequence<std::variant_size_v<game::Command>>())) {
        INFO("command #" << c.index());
        CHECK(bound(c) != scriptOrInternal(c));
    }
    for (const char* overlay : {"heat", "influence", "search", "numbers", "field"})
        CHECK_FALSE(game::keyOf(game::cmd::ToggleOverlay{overlay}).empty());
    for (const game::Binding& b : game::bindings()) {
        INFO(b.trigger);
        CHECK_FALSE(b.what.empty());
        CHECK(b.hint.empty() == (b.bars == 0));
    }
}

TEST_CASE("key table: the help overlay lists every binding, by group, with what it does")
{
    const std::vector<game::KeyHelpEntry> entries = game::keyHelp();
    std::size_t triggers = 0;
    for (const game::KeyHelpEntry& e : entries)
        triggers += e.triggers.size();
    CHECK(triggers == game::bindings().size());
    for (const game::Binding& b : game::bindings()) {
        INFO(b.trigger);
        const auto entry = std::find_if(entries.begin(), entries.end(), [&](const game::KeyHelpEntry& e) {
            return e.group == b.group && e.what == b.what &&
                   std::find(e.triggers.begin(), e.triggers.end(), b.trigger) != e.triggers.end();
        });
        REQUIRE(entry != entries.end());
        // The overlay shows that entry's line under the row's group.
        const game::HelpSheet sheet = game::helpSheet();
        const auto group = std::find_if(sheet.groups.begin(), sheet.groups.end(),
                                        [&](const game::HelpSheet::Group& g) { return g.title == game::groupTitle(b.group); });
        REQUIRE(group != sheet.groups.end());
        const std::pair<std::string, std::string> line{game::entryKeys(*entry), b.what};
        CHECK(std::count(group->lines.begin(), group->lines.end(), line) == 1);
    }
    const game::KeyHelpEntry numbers{game::KeyGroup::Select, {"1", "2", "3"}, "x"};
    CHECK(game::entryKeys(numbers) == "1-3");
    CHECK(game::entryKeys({game::KeyGroup::Select, {"Shift+1", "Shift+2", "Shift+3", "Escape"}, "x"}, true) ==
          "`Shift+1`-`3`, `Esc`");
    CHECK(game::entryKeys({game::KeyGroup::Select, {"Shift+unitclick"}, "x"}, true) == "`Shift`+click a unit");
    CHECK(game::helpSheet().title.find("H or Esc closes") != std::string::npos);
}

TEST_CASE("key table: the hint bars name the table's keys, help first")
{
    const std::string play = game::hintBar(false), editor = game::hintBar(true);
    CHECK(play.rfind("H: help", 0) == 0);
    CHECK(editor.rfind("H: help", 0) == 0);
    for (const game::Binding& b : game::bindings()) {
        INFO(b.trigger);
        if (b.bars & game::BarPlay)
            CHECK(play.find(": " + b.hint) != std::string::npos);
        if (b.bars & game::BarEditor)
            CHECK(editor.find(": " + b.hint) != std::string::npos);
    }
    CHECK(play.find("C/I/T/V/L/K: overlays") != std::string::npos);
    CHECK(play.find("W/A/S/D: pan") != std::string::npos);
    CHECK(editor.find("Ctrl+Z/Y: undo/redo") != std::string::npos);
    CHECK(editor.find("overlays") == std::string::npos);
}

TEST_CASE("key table: README.md's key table is the one the binding table writes")
{
    const std::string readme = readFile(std::string(ISOSTAR_SOURCE_DIR) + "/README.md");
    const std::string begin = "<!-- keys:begin -->\n", end = "<!-- keys:end -->";
    const std::size_t from = readme.find(begin), to = readme.find(end);
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    REQUIRE(from < to);
    const std::string block = readme.substr(from + begin.size(), to - from - begin.size());
    INFO("README.md's key table differs from the binding table (game/input/Bindings.cpp): regenerate it with "
         "`build/bin/isostar --keys-markdown` and put its output between the lines <!-- keys:begin --> and "
         "<!-- keys:end --> in README.md");
    CHECK(block == game::keysMarkdown());
}

TEST_CASE("key table: H shows the help, Esc closes it while it shows, camera keys run in Input")
{
    game::Party party;
    game::View view;
    std::vector<game::Command> got;
    game::Input input(party, view, [&](const game::Command& c) { got.push_back(c); });
    input.setScripted(true);
    input.keyPressed(*game::parseKeyChord("H"));
    REQUIRE_FALSE(got.empty());
    CHECK(got[0] == game::Command(game::cmd::ToggleHelp{}));
    input.setHelpShown(true);
    got.clear();
    input.keyPressed(*game::parseKeyChord("Escape"));
    CHECK(got[0] == game::Command(game::cmd::ToggleHelp{}));
    input.setHelpShown(false);
    got.clear();
    input.keyPressed(*game::parseKeyChord("Escape"));
    CHECK(got[0] == game::Command(game::cmd::SelectNone{}));

    got.clear();
    const float zoom = view.camera().zoom();
    input.keyPressed(*game::parseKeyChord("Equal"));
    CHECK(view.camera().zoom() < zoom);
    input.keyPressed(*game::parseKeyChord("Hyphen"));
    CHECK(view.camera().zoom() == Approx(zoom));
    for (const game::Command& c : got)
        CHECK(c == game::Command(game::cmd::PointerMoved{}));  // the camera's keys stay inside
}
