/// \file View.cpp
/// View: loading (mesh, font, character art), picking, and composing a frame in world space:
/// map and unit sprites, the ground overlays (paths still to walk, hover tile and path preview,
/// selection rings), the selection box and the cost label at the pointer. The HUD panels are
/// in Hud.cpp.
#include "game/view/View.hpp"

#include "game/common/DataDir.hpp"
#include "game/common/FixedStep.hpp"
#include "game/common/Format.hpp"
#include "game/common/SfmlVec.hpp"
#include "game/view/Draw.hpp"

#include "engine/iso/Projection.hpp"
#include "engine/render/ViewRect.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>

namespace game {

namespace {

/// An ellipse ring (selection circle) around `ctr` with radii rx, ry.
void addEllipseRing(sf::VertexArray& va, sf::Vector2f ctr, float rx, float ry, float thickness, sf::Color color)
{
    constexpr int Segments = 28;
    for (int i = 0; i < Segments; ++i) {
        const float a0 = float(i) / Segments * 6.2831853f, a1 = float(i + 1) / Segments * 6.2831853f;
        const sf::Vector2f d0(std::cos(a0), std::sin(a0)), d1(std::cos(a1), std::sin(a1));
        const sf::Vector2f o0(ctr.x + d0.x * rx, ctr.y + d0.y * ry), o1(ctr.x + d1.x * rx, ctr.y + d1.y * ry);
        const sf::Vector2f i0(ctr.x + d0.x * (rx - thickness), ctr.y + d0.y * (ry - thickness * 0.5f));
        const sf::Vector2f i1(ctr.x + d1.x * (rx - thickness), ctr.y + d1.y * (ry - thickness * 0.5f));
        va.append(sf::Vertex(o0, color));
        va.append(sf::Vertex(o1, color));
        va.append(sf::Vertex(i1, color));
        va.append(sf::Vertex(o0, color));
        va.append(sf::Vertex(i1, color));
        va.append(sf::Vertex(i0, color));
    }
}

/// Whether anything drawn on cell `c` (diamonds and rings at scale <= 1) can be in `view`.
bool cellMayShow(const isostar::iso::Projection& proj, isostar::TileCoord c, const sf::FloatRect& view)
{
    const sf::Vector2f ctr = toV(proj.cellCenter(c));
    const float hw = float(proj.tileWidth()), hh = float(proj.tileHeight());
    return sf::FloatRect(ctr.x - hw, ctr.y - hh, 2.f * hw, 2.f * hh).intersects(view);
}

const char* const FontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// The fog of war over the cells in view: unknown cells dark (their tall tiles too), known cells
/// out of sight dimmed, cells in sight untouched.
void drawFog(sf::RenderTarget& target, const World& world, const FogOfWar& fog)
{
    const CellRange near = cellsNear(world.projection, worldInView(target));
    sf::VertexArray va(sf::Triangles);
    for (int y = std::max(0, near.y0); y <= std::min(near.y1, fog.shape().height - 1); ++y)
        for (int x = std::max(0, near.x0); x <= std::min(near.x1, fog.shape().width - 1); ++x) {
            const isostar::TileCoord c{x, y};
            if (!fog.known(c))
                addDiamond(va, world.projection, c, sf::Color(6, 8, 14, 255), 1.02f);
            else if (!fog.visible(c))
                addDiamond(va, world.projection, c, sf::Color(10, 14, 30, 135), 1.f);
        }
    if (va.getVertexCount() > 0)
        target.draw(va);
}

} // namespace

View::View() = default;

View::~View() = default;

void View::syncMinimapFog(const FogOfWar* fog)
{
    const bool turned = fog != m_minimapFog;
    m_minimapFog = fog;
    if (!turned && (!fog || !m_minimap.visible()))
        return;
    // The cells whose state the fog changed since the minimap last read it.
    const FogChanges changed = fog ? fog->changesSince(m_fogStamp) : FogChanges{};
    m_fogStamp = changed.stamp;
    if (turned || changed.all) {  // on, off, or the fog started over: every texel shaded again
        FogFn shade;
        if (fog)
            shade = [fog](isostar::TileCoord c) {
                return fog->visible(c) ? FogShade::Visible : fog->known(c) ? FogShade::Known : FogShade::Unknown;
            };
        m_minimap.setFog(std::move(shade));
    } else if (!changed.cells.empty()) {
        m_minimap.fogChanged(changed.cells);
    }
}

bool View::loadFont()
{
    m_hasFont = m_font.loadFromFile(FontPath);
    if (!m_hasFont)
        std::cerr << "isostar: warning: " << FontPath << " not found (install fonts-dejavu-core): no HUD text\n";
    return m_hasFont;
}

bool View::loadMap(const World& world, std::vector<isostar::Diagnostic>& problems)
{
    auto renderer = std::make_unique<isostar::render::MapRenderer>();
    // Chunks built as the camera needs them: a big map shows at once and its picture holds
    // only what was seen lately.
    isostar::render::MapRenderer::Options options;
    if (!world.frame.identity())
        options.mesh.frame = world.frame;
    options.lazyChunks = true;
    if (!renderer->load(world.map, problems, options))
        return false;
    m_renderer = std::move(renderer);
    showWorld(world);
    m_camera.setBounds(m_renderer->worldBounds());
    return true;
}

void View::showWorld(const World& world)
{
    m_projection = world.projection;
    m_frame = world.frame;
    const isostar::iso::WorldPos size = m_projection.mapPixelSize();
    m_camera.setBounds({0.f, 0.f, size.x, size.y});
    m_minimap.rebuild(world);
    // Placed before the first frame (a script's first click may be on it), as the HUD will.
    m_minimap.place(sf::Vector2u(m_camera.viewportSize()), hudLayout({}, HudState{}).bottomMarginPx);
}

void View::followParty(const Party& party)
{
    if (const Unit* leader = party.leader(); m_follow && leader)
        m_camera.centerOn(unitFeetWorld(*leader));
}

bool View::updateCells(const World& world, std::span<const isostar::TileCoord> cells,
                       std::vector<isostar::Diagnostic>& problems)
{
    if (m_renderer && m_renderer->updateCells(world.map, cells, problems))
        return true;
    std::vector<isostar::Diagnostic> more;
    loadMap(world, more);
    problems.insert(problems.end(), more.begin(), more.end());
    return false;
}

void View::loadCharacters(const Party& party, MessageLog& messages)
{
    m_unitArt.load(party, messages);
}

void View::update(double dtSec)
{
    if (m_renderer)
        m_renderer->update(float(dtSec));
}

std::optional<isostar::TileCoord> View::pick(sf::Vector2i px) const
{
    if (px.x < 0)
        return std::nullopt;
    const sf::Vector2f w = m_camera.pixelToWorld(px);
    const std::optional<isostar::TileCoord> cell = m_projection.pick({w.x, w.y});
    if (cell && !m_frame.onMap(*cell))
        return std::nullopt; // a diamond-grid cell a staggered map does not have
    return cell;
}

sf::Vector2f View::unitFeetWorld(const Unit& u) const
{
    return toV(m_projection.tileToWorld(footprintCentre(u)));
}

sf::Vector2f View::cellCenterWorld(isostar::TileCoord c) const
{
    return toV(m_projection.cellCenter(c));
}

sf::Vector2f View::unitScreen(const Unit& u) const
{
    return m_camera.worldToPixel(unitFeetWorld(u));
}

int View::unitAtPixel(const Party& party, sf::Vector2i px) const
{
    const auto& units = party.units();
    // A click right at someone's feet picks that unit, even when a taller sprite in front of it
    // covers the spot; otherwise the front-most sprite under the pointer wins.
    int nearest = -1;
    float nearestPx = 14.f;
    for (std::size_t i = 0; i < units.size(); ++i) {
        const sf::Vector2f s = unitScreen(units[i]);
        const float d = std::hypot(s.x - float(px.x), s.y - float(px.y));
        if (d <= nearestPx) {
            nearestPx = d;
            nearest = int(i);
        }
    }
    if (nearest >= 0)
        return nearest;
    int best = -1;
    double bestDepth = -1e300;
    const sf::Vector2f world = m_camera.pixelToWorld(px);
    for (std::size_t i = 0; i < units.size(); ++i) {
        const Unit& u = units[i];
        const sf::Vector2f feet = unitFeetWorld(u);
        sf::FloatRect box(feet.x - 16.f, feet.y - 48.f, 32.f, 52.f);
        if (const isostar::anim::SpriteSheet* sheet = m_unitArt.sheetOf(party, i)) {
            const isostar::anim::SpriteSheet& s = *sheet;
            // The visible body is narrower than the frame: use its middle 60%.
            const float w = float(s.frameWidth) * 0.6f;
            box = sf::FloatRect(feet.x - w * 0.5f, feet.y - float(s.originY) * 0.9f, w, float(s.originY) * 0.9f + 6.f);
        }
        if (!box.contains(world))
            continue;
        const isostar::TilePos centre = footprintCentre(u);
        const double depth = centre.x + centre.y;
        if (depth > bestDepth) {
            bestDepth = depth;
            best = int(i);
        }
    }
    return best;
}

void View::unitSprites(const Party& party, const sf::FloatRect& view)
{
    m_sprites.clear();
    m_unitArt.sprites(party, m_projection, view, m_sprites);
}

void View::draw(sf::RenderTarget& target, const World& world, const Party& party, const HudState& hud)
{
    const sf::Vector2u size = target.getSize();
    m_camera.setViewport(size);
    sf::Color bg(24, 28, 36);
    if (world.map.backgroundColor) {
        const auto& c = *world.map.backgroundColor;
        bg = sf::Color(c.r, c.g, c.b);
    }
    target.clear(bg);
    target.setView(m_camera.view());
    if (m_renderer) {
        // What rises above an unseen cell (a tree, a wall) is not drawn, so nothing of it shows
        // past the dark ground; the fog's overlay (drawFog) dims the rest.
        isostar::render::CellShadeFn shade;
        if (const FogOfWar* fog = hud.fog)
            shade = [fog](isostar::TileCoord c) { return fog->known(c) ? sf::Color::White : sf::Color::Transparent; };
        m_renderer->setCellShade(std::move(shade));
        std::vector<isostar::Diagnostic> problems;
        if (!m_renderer->prepare(isostar::render::viewRect(target), problems))
            for (const isostar::Diagnostic& d : problems)
                std::cerr << isostar::formatDiagnostic(d) << '\n';
        unitSprites(party, worldInView(target));
        m_renderer->draw(target, m_sprites,
                         [&](sf::RenderTarget& t) { drawGroundOverlay(t, world, party, hud); });
    }

    // Units without art (missing sprite sheet): a plain marker so they are still playable.
    sf::VertexArray marks(sf::Triangles);
    const sf::FloatRect seen = worldInView(target);
    for (std::size_t i = 0; i < party.units().size(); ++i) {
        const Unit& u = party.units()[i];
        const sf::Vector2f f = unitFeetWorld(u);
        if (m_unitArt.sheetOf(party, i) || !sf::FloatRect(f.x - 12.f, f.y - 42.f, 24.f, 44.f).intersects(seen))
            continue;
        addEllipseRing(marks, f - sf::Vector2f(0.f, 20.f), 10.f, 20.f, 10.f, unitColor(i));
    }
    if (marks.getVertexCount() > 0)
        target.draw(marks);
    if (hud.fog)
        drawFog(target, world, *hud.fog);

    target.setView(sf::View(sf::FloatRect(0.f, 0.f, float(size.x), float(size.y))));
    const HudLines status = statusLines(world, party, hud);
    const HudLayout layout = hudLayout(status, hud);
    if (hud.drawScreenExtra)
        hud.drawScreenExtra(target, layout);
    m_minimap.place(size, layout.bottomMarginPx);
    syncMinimapFog(hud.fog);
    m_minimap.draw(target, m_camera, party);
    if (hud.selectionBox) {
        const sf::IntRect& r = *hud.selectionBox;
        sf::RectangleShape box(sf::Vector2f(float(r.width), float(r.height)));
        box.setPosition(float(r.left), float(r.top));
        box.setFillColor(sf::Color(120, 200, 255, 40));
        box.setOutlineColor(sf::Color(160, 220, 255, 220));
        box.setOutlineThickness(1.f);
        target.draw(box);
    }
    // The previewed path's cost right at the pointer, where the eye already is.
    if (m_hasFont && hud.hover && hud.preview && hud.preview->path.size() > 1 && !hud.leftDown) {
        const isostar::path::PathResult& preview = *hud.preview;
        const std::string label = preview.status == isostar::path::PathStatus::Found
                                      ? "cost " + fmt(preview.cost) + "  \xC2\xB7  " + std::to_string(preview.path.size() - 1) + " steps"
                                      : "unreachable: closest cost " + fmt(preview.cost);
        sf::Text t(sf::String::fromUtf8(label.begin(), label.end()), m_font, 13);
        const sf::FloatRect b = t.getLocalBounds();
        const float x = std::min(float(hud.mouse.x) + 18.f, float(size.x) - b.width - 14.f);
        const float y = std::max(float(hud.mouse.y) - 30.f, 4.f);
        sf::RectangleShape bgShape(sf::Vector2f(b.width + 12.f, 20.f));
        bgShape.setPosition(std::round(x), std::round(y));
        bgShape.setFillColor(sf::Color(12, 14, 20, 200));
        target.draw(bgShape);
        t.setFillColor(preview.status == isostar::path::PathStatus::Found ? sf::Color(255, 255, 255) : sf::Color(255, 170, 120));
        t.setPosition(std::round(x + 6.f), std::round(y + 2.f));
        target.draw(t);
    }
    drawHud(target, world, hud, status);
}

void View::drawGroundOverlay(sf::RenderTarget& target, const World& world, const Party& party, const HudState& hud) const
{
    if (!m_renderer)
        return;
    if (hud.drawGroundExtra)
        hud.drawGroundExtra(target);
    const isostar::iso::Projection& proj = m_projection;
    const isostar::path::NavGrid& nav = hud.plan ? *hud.plan : world.nav;
    static const isostar::path::PathResult NoPreview;
    const isostar::path::PathResult& preview = hud.preview ? *hud.preview : NoPreview;
    sf::VertexArray va(sf::Triangles);
    // Only cells that can reach into the view add geometry: the cost follows the view, not the
    // length of the paths or the size of the map (the pixels are the same).
    const sf::FloatRect view = worldInView(target);

    // Paths still to walk, one colour per unit, and where each ends. A path has no cell farther
    // from its unit than its length (a step moves one cell): far from the view, none is looked at.
    const CellRange near = cellsNear(proj, view);
    for (std::size_t i = 0; i < party.units().size(); ++i) {
        const Unit& u = party.units()[i];
        if (!u.moving())
            continue;
        const int reach = int(u.path.size()) + 3;
        const bool pathNear = u.tile.x >= near.x0 - reach && u.tile.x <= near.x1 + reach &&
                              u.tile.y >= near.y0 - reach && u.tile.y <= near.y1 + reach;
        if (!pathNear && !cellMayShow(proj, u.goal, view))
            continue;
        sf::Color c = unitColor(i);
        c.a = 200;
        for (std::size_t k = 0; pathNear && k < u.path.size(); ++k)
            if (cellMayShow(proj, u.path[k], view))
                addDiamond(va, proj, u.path[k], c, 0.22f);
        if (cellMayShow(proj, u.goal, view))
            addDiamondRing(va, proj, u.goal, c, 0.8f, 0.62f);
    }

    // Hover: the tile, and with a selection the previewed path.
    if (hud.hover) {
        const bool passable = nav.passable(hud.hoverFootprint.layer, *hud.hover);
        const bool line = hud.previewSmooth && hud.previewSmooth->waypoints.size() > 1 && !preview.path.empty();
        if (!preview.path.empty()) {
            for (std::size_t k = 1; k < preview.path.size(); ++k)
                if (cellMayShow(proj, preview.path[k], view))
                    addDiamond(va, proj, preview.path[k], sf::Color(255, 255, 255, line ? 50 : 170), line ? 0.45f : 0.16f);
        }
        if (line) {
            const std::vector<isostar::TileCoord>& w = hud.previewSmooth->waypoints;
            auto centre = [&](isostar::TileCoord c) { return toV(proj.tileToWorld(cellCentre(c))); };
            for (std::size_t k = 1; k < w.size(); ++k)
                addLine(va, centre(w[k - 1]), centre(w[k]), 3.f, sf::Color(255, 255, 255, 220));
        }
        // The footprint the selected unit would cover there (one cell for a unit of size 1).
        Footprint{*hud.hover, std::max(1, hud.hoverFootprint.size)}.forEachCell([&](isostar::TileCoord c) {
            addDiamond(va, proj, c, passable ? sf::Color(255, 255, 255, 55) : sf::Color(255, 60, 60, 70));
            addDiamondRing(va, proj, c, passable ? sf::Color(255, 255, 255, 230) : sf::Color(255, 80, 80, 230));
        });
    }

    // Selection rings under the feet.
    for (std::size_t i = 0; i < party.units().size(); ++i) {
        const Unit& u = party.units()[i];
        if (!party.selection().selected(int(i)))
            continue;
        const sf::Vector2f f = unitFeetWorld(u);
        const float scale = 0.32f * float(u.size);
        const float rx = float(world.map.tileWidth) * scale, ry = float(world.map.tileHeight) * scale;
        addEllipseRing(va, f, rx, ry, 3.f, sf::Color(255, 235, 90, 235));
    }
    target.draw(va);
}

} // namespace game
