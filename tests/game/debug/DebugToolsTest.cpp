// game/debug/DebugTools without a window: the keys its messages name are the ones it is given
// (app/ names them from the binding table), and which overlays watch the orders' searches.
#include "game/debug/DebugTools.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace {

/// Keys no binding table has, so a message can only name them by being given them.
game::debug::DebugKeys oddKeys()
{
    return {"Key-G", "Key-N", "Key-Shift+N", "Key-Ctrl+N", "Key-Click", "Key-R", "Key-Y", "K1 heat, K2 search"};
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("debug tools: messages and panels name the keys they are given")
{
    game::debug::DebugTools tools(oddKeys());
    CHECK(tools.togglePlay() == "nothing to play: press Key-G, then click a tile");
    const std::string on = tools.setStepMode(true);
    CHECK(contains(on, "Key-N expands one cell"));
    CHECK(contains(on, "Key-Shift+N plays"));
    CHECK(contains(on, "Key-G leaves"));
    CHECK(tools.step(game::debug::DebugFrame{}, 1) == "no stepped search: press Key-G, select a unit and click a tile");

    tools.toggleOverlay("heat");
    const std::vector<std::string> status = tools.statusLines(game::debug::DebugFrame{});
    REQUIRE(status.size() == 2);
    CHECK(status[0] == "Overlays: heat   (K1 heat, K2 search)");
    CHECK(status[1] == "STEP-THROUGH: a click begins a stepped search (Key-G leaves)");
    CHECK(tools.setStepMode(false) == "step-through off: clicks move again");
}

TEST_CASE("debug tools: the search and numbers overlays watch the orders' searches, the others do not")
{
    game::debug::DebugTools tools(oddKeys());
    CHECK_FALSE(tools.searchWatched());
    tools.toggleOverlay("heat");
    CHECK_FALSE(tools.searchWatched());
    CHECK(tools.toggleOverlay("search").rfind("search overlay on", 0) == 0);
    CHECK(tools.searchWatched());
    CHECK(tools.showOverlay("none"));
    CHECK_FALSE(tools.searchWatched());
    CHECK(tools.overlays() == game::debug::OverlayFlags{});
    CHECK(tools.showOverlay("numbers"));
    CHECK(tools.searchWatched());
    CHECK_FALSE(tools.showOverlay("fog"));
    CHECK(tools.overlays().names() == std::vector<std::string>{"numbers"});
    CHECK_FALSE(tools.whyShown());
    tools.toggleWhy();
    CHECK(tools.whyShown());
}
