// The minimap and follow mode without a window: the minimap's pixel <-> world <-> cell mapping
// both ways, clicks and right clicks on it through Input, its texels recoloured only where an
// edit changed cells (through the session's hook), a fake fog's shades; follow mode keeping the
// leader centred until the player moves the view.
#include "game/common/FixedStep.hpp"
#include "game/input/Input.hpp"
#include "game/session/Session.hpp"
#include "game/view/Minimap.hpp"
#include "game/view/View.hpp"
#include "tests/support/MinimapProbe.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using isostar::TileCoord;
using testsupport::MinimapProbe;

namespace {

const std::string MinimapValley = std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx";

/// The window pixel holding the centre of cell `c` on the minimap.
sf::Vector2i pixelOf(const game::MinimapLayout& layout, TileCoord c)
{
    const sf::Vector2f p = layout.tileToPixel({float(c.x) + 0.5f, float(c.y) + 0.5f});
    return {int(std::floor(p.x)), int(std::floor(p.y))};
}

/// The valley played without a window: a session, a view that knows its world, input.
struct MinimapGame {
    game::MessageLog log;
    game::Session session{log};
    game::View view;
    std::vector<game::Command> said;
    game::Input input{session.party(), view, [this](const game::Command& c) { said.push_back(c); }};

    MinimapGame()
    {
        REQUIRE(session.open(game::loadWorld({MinimapValley, "", ""})).problems.empty());
        view.camera().setViewport({1280, 720});
        view.showWorld(session.world());
        input.setScripted(true);
    }
    /// Notices input said, in order.
    std::vector<std::string> notices() const
    {
        std::vector<std::string> out;
        for (const game::Command& c : said)
            if (const auto* n = std::get_if<game::cmd::Notify>(&c))
                out.push_back(n->text);
        return out;
    }
    void tick()
    {
        session.tick(game::FixedStepSec);
        view.followParty(session.party());
    }
    sf::Vector2f leaderFeet() const { return view.unitFeetWorld(*session.party().leader()); }
};

} // namespace

TEST_CASE("minimap: window pixels, world and cells map both ways, and the panel sits bottom right")
{
    MinimapGame g;
    const game::MinimapLayout& layout = g.view.minimap().layout();
    // Bottom right, above the hint bar (26 px bar + 8 px gap), 10 px from the right edge.
    CHECK(layout.box().left + layout.box().width == Approx(1280.f - game::MinimapLayout::EdgePx));
    CHECK(layout.box().top + layout.box().height == Approx(720.f - 34.f));
    // The isometric map is the game's diamond: cell (0, 0) at the top middle, (W, H) at the
    // bottom middle.
    const sf::FloatRect pic = layout.picture();
    const sf::Vector2f top = layout.tileToPixel({0.f, 0.f}), bottom = layout.tileToPixel({72.f, 72.f});
    CHECK(top.x == Approx(pic.left + pic.width * 0.5f).margin(0.5));
    CHECK(top.y == Approx(pic.top).margin(0.5));
    CHECK(bottom.y == Approx(pic.top + pic.height).margin(0.5));
    // World <-> pixel, both ways.
    for (const sf::Vector2f w : {sf::Vector2f(0.f, 0.f), sf::Vector2f(1234.5f, 987.25f), sf::Vector2f(4600.f, 2300.f)}) {
        const sf::Vector2f back = layout.pixelToWorld(layout.worldToPixel(w));
        CHECK(back.x == Approx(w.x).margin(0.01));
        CHECK(back.y == Approx(w.y).margin(0.01));
    }
    // Every cell's centre pixel picks that cell.
    int wrong = 0;
    for (int y = 0; y < 72; ++y)
        for (int x = 0; x < 72; ++x)
            wrong += layout.pixelToCell(pixelOf(layout, {x, y})) != std::optional<TileCoord>(TileCoord{x, y});
    CHECK(wrong == 0);
    // Off the map: the panel's corner beside the diamond, and outside the panel.
    CHECK_FALSE(layout.pixelToCell({int(pic.left) + 1, int(pic.top) + 1}));
    CHECK_FALSE(layout.pixelToCell({int(layout.box().left) - 5, int(pic.top + pic.height * 0.5f)}));
    CHECK(g.view.minimap().hit(pixelOf(layout, {36, 36})));
    g.view.minimap().setVisible(false);
    CHECK_FALSE(g.view.minimap().hit(pixelOf(layout, {36, 36})));
}

TEST_CASE("minimap: a click moves the view there, a right click orders the selection to its cell")
{
    MinimapGame g;
    const game::MinimapLayout& layout = g.view.minimap().layout();
    const TileCoord target{40, 30};
    const sf::Vector2i px = pixelOf(layout, target);
    const sf::Vector2i screenCentre{640, 360};
    REQUIRE(g.view.pick(screenCentre) != std::optional<TileCoord>(target));

    g.input.mouseMoved(px);
    CHECK_FALSE(g.input.hover());  // no path preview across the map from the minimap
    g.input.mousePressed(sf::Mouse::Left, px);
    g.input.mouseReleased(sf::Mouse::Left, px);
    CHECK(g.view.pick(screenCentre) == std::optional<TileCoord>(target));
    CHECK_FALSE(g.input.selectionBox());
    CHECK(std::none_of(g.said.begin(), g.said.end(), [](const game::Command& c) {
        return std::holds_alternative<game::cmd::Order>(c) || std::holds_alternative<game::cmd::SelectUnit>(c);
    }));

    // Without a selection a right click is refused; with one it is the map's order.
    g.input.mousePressed(sf::Mouse::Right, px);
    g.input.mouseReleased(sf::Mouse::Right, px);
    CHECK(g.notices().back() == "select a unit first");
    g.session.party().selection().selectAll();
    g.said.clear();
    g.input.mousePressed(sf::Mouse::Right, px);
    g.input.mouseReleased(sf::Mouse::Right, px);
    CHECK(std::count(g.said.begin(), g.said.end(), game::Command(game::cmd::Order{target})) == 1);
}

TEST_CASE("minimap: an edit recolours only the cells it changed, and only their box is uploaded")
{
    game::MessageLog log;
    game::Minimap minimap;
    game::Session session(log);
    REQUIRE(session.open(game::loadWorld({MinimapValley, "", ""})).problems.empty());
    minimap.rebuild(session.world());
    CHECK(MinimapProbe::coloured(minimap) == 72u * 72u);
    REQUIRE(MinimapProbe::pendingUploads(minimap).size() == 1);
    CHECK(MinimapProbe::pendingUploads(minimap)[0] == sf::IntRect(0, 0, 72, 72));

    std::vector<sf::Color> before;
    for (int y = 0; y < 72; ++y)
        for (int x = 0; x < 72; ++x)
            before.push_back(minimap.texel({x, y}));
    // A wall across a grass cell: its colour, darker (impassable).
    const TileCoord cell{20, 40};
    REQUIRE(session.world().nav.passable(0, cell));
    const game::SessionChange change = session.edit(game::mapedit::Paint{cell, "wall"});
    REQUIRE(change.error.empty());
    const std::vector<TileCoord>& hooked = change.cells;
    REQUIRE_FALSE(hooked.empty());
    minimap.updateCells(session.world(), hooked);
    CHECK(std::find(hooked.begin(), hooked.end(), cell) != hooked.end());
    CHECK(MinimapProbe::coloured(minimap) == hooked.size());
    CHECK(minimap.texel(cell) == game::minimapColor("wall", false));
    CHECK(minimap.texel(cell) != before[std::size_t(cell.y * 72 + cell.x)]);
    int changedElsewhere = 0;
    for (int y = 0; y < 72; ++y)
        for (int x = 0; x < 72; ++x)
            if (std::find(hooked.begin(), hooked.end(), TileCoord{x, y}) == hooked.end())
                changedElsewhere += minimap.texel({x, y}) != before[std::size_t(y * 72 + x)];
    CHECK(changedElsewhere == 0);
    // The upload after the first whole one: the bounding box of the changed cells.
    REQUIRE(MinimapProbe::pendingUploads(minimap).size() == 2);
    const sf::IntRect box = MinimapProbe::pendingUploads(minimap)[1];
    CHECK(box.contains(cell.x, cell.y));
    for (TileCoord c : hooked)
        CHECK(box.contains(c.x, c.y));
    CHECK(box.width * box.height < 72 * 72 / 10);
}

TEST_CASE("minimap: a fog shades each cell, and its change reshades only those cells")
{
    MinimapGame g;
    game::Minimap& minimap = g.view.minimap();
    const TileCoord far{60, 60}, near{5, 5}, seen{30, 30};
    const sf::Color base = minimap.texel(seen), base31 = minimap.texel({31, 30});
    int knownUpTo = 20;
    minimap.setFog([&](TileCoord c) {
        return c.x < 10 ? game::FogShade::Unknown : c.x < knownUpTo ? game::FogShade::Known : game::FogShade::Visible;
    });
    CHECK(MinimapProbe::coloured(minimap) == 72u * 72u);
    CHECK(minimap.texel(far) != sf::Color::Black);
    CHECK(minimap.texel(near).r < 30);  // unknown: dark
    CHECK(minimap.texel(seen) == base);  // visible: as without fog
    const sf::Color known = minimap.texel({15, 30});
    minimap.setFog({});
    CHECK(known.g < minimap.texel({15, 30}).g);  // known: dimmed
    minimap.setFog([&](TileCoord c) { return c.x < knownUpTo ? game::FogShade::Known : game::FogShade::Visible; });
    knownUpTo = 40;  // the fog moved: the cells at x 20..39 are known now, only (30, 30) is told
    const TileCoord told[] = {seen};
    minimap.fogChanged(told);
    CHECK(MinimapProbe::coloured(minimap) == 1);
    CHECK(minimap.texel(seen) != base);
    CHECK(minimap.texel({31, 30}) == base31);  // not told: not reshaded
    CHECK(MinimapProbe::pendingUploads(minimap).back() == sf::IntRect(30, 30, 1, 1));
}

TEST_CASE("follow: the camera keeps the walking leader centred, and a pan or a zoom at the cursor ends it once")
{
    MinimapGame g;
    game::Party& party = g.session.party();
    party.selection().selectOnly(0);
    REQUIRE(g.session.canOrder({50, 50}));
    g.session.order({50, 50});
    g.view.setFollow(true);
    const sf::Vector2f start = g.leaderFeet();
    for (int i = 0; i < 120; ++i)
        g.tick();
    const sf::Vector2f feet = g.leaderFeet();
    REQUIRE(std::hypot(feet.x - start.x, feet.y - start.y) > 64.f);  // it walked
    CHECK(g.view.camera().center().x == Approx(feet.x));
    CHECK(g.view.camera().center().y == Approx(feet.y));
    // Zoom keys zoom around the centre: still following.
    const std::optional<game::KeyChord> plus = game::parseKeyChord("Plus");
    REQUIRE(plus);
    g.input.keyPressed(*plus);
    CHECK(g.view.following());

    // A pan key: follow mode ends, said once.
    g.input.keyPressed(*game::parseKeyChord("D"));
    CHECK_FALSE(g.view.following());
    g.input.keyPressed(*game::parseKeyChord("D"));
    const std::vector<std::string> notices = g.notices();
    CHECK(std::count_if(notices.begin(), notices.end(),
                        [](const std::string& n) { return n.rfind("follow off", 0) == 0; }) == 1);
    const sf::Vector2f panned = g.view.camera().center();
    for (int i = 0; i < 60; ++i)
        g.tick();
    CHECK(g.view.camera().center() == panned);  // the leader walks on, the view stays

    // Back on: the wheel at the cursor ends it too.
    g.view.setFollow(true);
    g.tick();
    CHECK(g.view.camera().center().x == Approx(g.leaderFeet().x));
    g.input.wheel({100, 100}, 1.f);
    CHECK_FALSE(g.view.following());
}

TEST_CASE("minimap: a map whose cells are smaller than MinTexelPx on the panel gets a texel per square of cells, coloured as its top-left cell")
{
    // 1030 x 5 cells of 64 x 32 pixels: the panel's 260 pixels span 1035 half tiles, a cell
    // 0.5 pixels across: 4 cells per texel side, 258 x 2 texels.
    static_assert(game::Minimap::MinTexelPx == 2.f, "the sizes below assume a texel 2 pixels across");
    game::World world;
    isostar::terrain::TerrainGrid grid(1030, 5);
    const isostar::terrain::TerrainId grass = grid.intern("grass");
    const isostar::terrain::TerrainId road = grid.intern("road");
    grid.fill(grass);
    grid.push({4, 0}, road);  // the top-left cell of texel (1, 0)
    grid.push({9, 0}, road);  // inside texel (2, 0), not its top-left cell
    REQUIRE(world.nav.reset(grid.width, grid.height));
    world.projection = isostar::iso::Projection(isostar::iso::Orientation::Isometric, grid.width, grid.height, 64, 32);
    game::ProfileTerrain t;
    t.terrain.build(grid, isostar::terrain::defaultTerrainConfig().base, world.nav, "");
    REQUIRE(t.terrain.bound());
    world.terrains.push_back(std::move(t));

    game::Minimap minimap;
    minimap.rebuild(world);
    CHECK(minimap.cellsPerTexel() == 4);
    CHECK(MinimapProbe::coloured(minimap) == 258u * 2u);
    REQUIRE(MinimapProbe::pendingUploads(minimap).size() == 1);
    CHECK(MinimapProbe::pendingUploads(minimap)[0] == sf::IntRect(0, 0, 258, 2));
    const sf::Color grassColour = game::minimapColor("grass", true), roadColour = game::minimapColor("road", true);
    CHECK(minimap.texel({0, 0}) == grassColour);
    for (int x : {4, 5, 6, 7})
        for (int y : {0, 1, 2, 3})
            CHECK(minimap.texel({x, y}) == roadColour);
    CHECK(minimap.texel({9, 0}) == grassColour);
    CHECK(minimap.texel({4, 4}) == grassColour);
    CHECK(minimap.texel({1029, 4}) == grassColour);

    // The fog is read at each texel's top-left cell; a change uploads the texels' box.
    minimap.setFog([](TileCoord c) { return c.x < 4 ? game::FogShade::Unknown : game::FogShade::Visible; });
    CHECK(minimap.texel({3, 3}).r < 30);
    CHECK(minimap.texel({4, 0}) == roadColour);
    const TileCoord told[] = {{5, 1}, {13, 4}};
    minimap.fogChanged(told);
    CHECK(MinimapProbe::coloured(minimap) == 2);
    CHECK(MinimapProbe::pendingUploads(minimap).back() == sf::IntRect(1, 0, 3, 2));
}
