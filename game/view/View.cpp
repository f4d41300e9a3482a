/// \file Overlays.cpp
/// App: composing a frame in world space: map and unit sprites, the ground overlays (A* trace
/// replay, paths still to walk, hover tile and path preview, selection rings), trace numbers,
/// the selection box and the cost label at the pointer. The HUD panels are in game/ui/Hud.cpp.
#include "game/app/App.hpp"

#include "game/app/AppDetail.hpp"

#include "engine/iso/Projection.hpp"

#include <algorithm>
#include <cmath>

namespace game {

using detail::fmt;
using detail::toV;

namespace {

const sf::Color UnitColors[] = {{90, 170, 255}, {110, 220, 120}, {200, 120, 255}, {255, 180, 70}};

sf::Color unitColor(std::size_t i)
{
    return UnitColors[i % (sizeof(UnitColors) / sizeof(UnitColors[0]))];
}

/// Two triangles filling the diamond of `c`, shrunk around its centre by `scale`.
void addDiamond(sf::VertexArray& va, const eng::iso::Projection& proj, eng::TileCoord c, sf::Color color, float scale = 1.f)
{
    const auto corners = proj.cellCorners(c);
    const sf::Vector2f ctr = toV(proj.cellCenter(c));
    sf::Vector2f p[4];
    for (int i = 0; i < 4; ++i)
        p[i] = ctr + (toV(corners[std::size_t(i)]) - ctr) * scale;
    const int idx[6] = {0, 1, 2, 0, 2, 3};
    for (int i : idx)
        va.append(sf::Vertex(p[i], color));
}

/// A diamond outline as a ring of triangles between `outer` and `inner` scales.
void addDiamondRing(sf::VertexArray& va, const eng::iso::Projection& proj, eng::TileCoord c, sf::Color color,
                    float outer = 1.f, float inner = 0.86f)
{
    const auto corners = proj.cellCorners(c);
    const sf::Vector2f ctr = toV(proj.cellCenter(c));
    sf::Vector2f o[4], in[4];
    for (int i = 0; i < 4; ++i) {
        o[i] = ctr + (toV(corners[std::size_t(i)]) - ctr) * outer;
        in[i] = ctr + (toV(corners[std::size_t(i)]) - ctr) * inner;
    }
    for (int i = 0; i < 4; ++i) {
        const int j = (i + 1) % 4;
        va.append(sf::Vertex(o[i], color));
        va.append(sf::Vertex(o[j], color));
        va.append(sf::Vertex(in[j], color));
        va.append(sf::Vertex(o[i], color));
        va.append(sf::Vertex(in[j], color));
        va.append(sf::Vertex(in[i], color));
    }
}

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

/// Heat colour for the trace: cheap (near the start) blue -> expensive orange.
sf::Color heat(double t, sf::Uint8 alpha)
{
    t = std::clamp(t, 0.0, 1.0);
    const auto lerp = [&](double a, double b) { return sf::Uint8(a + (b - a) * t); };
    return {lerp(60, 255), lerp(110, 140), lerp(255, 40), alpha};
}

} // namespace

sf::Vector2f App::unitFeetWorld(const Unit& u) const
{
    if (!m_renderer)
        return {0.f, 0.f};
    return toV(m_renderer->projection().tileToWorld(u.pos));
}

sf::Vector2f App::unitScreen(const Unit& u) const
{
    return m_camera.worldToPixel(unitFeetWorld(u));
}

std::vector<eng::render::SpriteItem> App::unitSprites() const
{
    std::vector<eng::render::SpriteItem> items;
    for (const Unit& u : m_squad.units()) {
        if (u.sheet < 0)
            continue;
        const CharacterArt& art = *m_characters[std::size_t(u.sheet)];
        const eng::anim::AnimationClip* clip = art.sheet.find(u.anim.clip, u.facing);
        if (!clip || clip->frames.empty())
            clip = art.sheet.find("idle", u.facing);
        if (!clip || clip->frames.empty())
            continue;
        const eng::anim::FrameRect r = clip->frames[std::size_t(clip->frameIndexAt(u.anim.timeSec))].rect;
        eng::render::SpriteItem item;
        item.texture = &art.texture;
        item.rect = sf::IntRect(r.x, r.y, r.w, r.h);
        item.feet = unitFeetWorld(u);
        item.origin = sf::Vector2f(float(art.sheet.originX), float(art.sheet.originY));
        item.tile = u.pos;
        items.push_back(item);
    }
    return items;
}

void App::drawFrame(sf::RenderTarget& target)
{
    const sf::Vector2u size = target.getSize();
    m_camera.setViewport(size);
    sf::Color bg(24, 28, 36);
    if (m_world.map.backgroundColor) {
        const auto& c = *m_world.map.backgroundColor;
        bg = sf::Color(c.r, c.g, c.b);
    }
    target.clear(bg);
    target.setView(m_camera.view());
    if (m_renderer)
        m_renderer->draw(target, unitSprites(), [this](sf::RenderTarget& t) { drawGroundOverlay(t); });

    // Units without art (missing sprite sheet): a plain marker so they are still playable.
    sf::VertexArray marks(sf::Triangles);
    for (std::size_t i = 0; i < m_squad.units().size(); ++i) {
        const Unit& u = m_squad.units()[i];
        if (u.sheet >= 0)
            continue;
        const sf::Vector2f f = unitFeetWorld(u);
        addEllipseRing(marks, f - sf::Vector2f(0.f, 20.f), 10.f, 20.f, 10.f, unitColor(i));
    }
    if (marks.getVertexCount() > 0)
        target.draw(marks);

    target.setView(sf::View(sf::FloatRect(0.f, 0.f, float(size.x), float(size.y))));
    drawTraceNumbers(target);
    if (m_leftDown && m_boxing) {
        sf::RectangleShape box(sf::Vector2f(float(std::abs(m_mouse.x - m_leftPress.x)), float(std::abs(m_mouse.y - m_leftPress.y))));
        box.setPosition(float(std::min(m_mouse.x, m_leftPress.x)), float(std::min(m_mouse.y, m_leftPress.y)));
        box.setFillColor(sf::Color(120, 200, 255, 40));
        box.setOutlineColor(sf::Color(160, 220, 255, 220));
        box.setOutlineThickness(1.f);
        target.draw(box);
    }
    // The previewed path's cost right at the pointer, where the eye already is.
    if (m_hasFont && m_hover && m_preview.path.size() > 1 && !m_leftDown) {
        const std::string label = m_preview.status == eng::path::PathStatus::Found
                                      ? "cost " + fmt(m_preview.cost) + "  \xC2\xB7  " + std::to_string(m_preview.path.size() - 1) + " steps"
                                      : "unreachable: closest cost " + fmt(m_preview.cost);
        sf::Text t(sf::String::fromUtf8(label.begin(), label.end()), m_font, 13);
        const sf::FloatRect b = t.getLocalBounds();
        const float x = std::min(float(m_mouse.x) + 18.f, float(size.x) - b.width - 14.f);
        const float y = std::max(float(m_mouse.y) - 30.f, 4.f);
        sf::RectangleShape bgShape(sf::Vector2f(b.width + 12.f, 20.f));
        bgShape.setPosition(std::round(x), std::round(y));
        bgShape.setFillColor(sf::Color(12, 14, 20, 200));
        target.draw(bgShape);
        t.setFillColor(m_preview.status == eng::path::PathStatus::Found ? sf::Color(255, 255, 255) : sf::Color(255, 170, 120));
        t.setPosition(std::round(x + 6.f), std::round(y + 2.f));
        target.draw(t);
    }
    drawHud(target);
}

void App::drawGroundOverlay(sf::RenderTarget& target)
{
    if (!m_renderer)
        return;
    const eng::iso::Projection& proj = m_renderer->projection();
    const eng::path::CostField& field = m_world.field;
    sf::VertexArray va(sf::Triangles);

    // The A* trace, replayed step by step after each order ("why did the path bend").
    if (m_showTrace && m_trace.stepCount() > 0 && m_trace.width == field.width && m_trace.height == field.height) {
        const int steps = m_trace.stepCount();
        const double rate = std::max(40.0, steps / 2.5);  // whole replay in about 2.5 s
        const int k = std::min(steps - 1, int(m_traceAgeSec * rate));
        const eng::path::TraceSnapshot snap = m_trace.snapshot(k);
        double maxG = 1e-9;
        for (std::size_t i = 0; i < snap.state.size(); ++i)
            if (snap.state[i] != eng::path::TraceCellState::Unvisited)
                maxG = std::max(maxG, snap.g[i]);
        for (int y = 0; y < snap.height; ++y)
            for (int x = 0; x < snap.width; ++x) {
                const std::size_t i = std::size_t(y) * std::size_t(snap.width) + std::size_t(x);
                if (snap.state[i] == eng::path::TraceCellState::Closed)
                    addDiamond(va, proj, {x, y}, heat(snap.g[i] / maxG, 150), 0.96f);
                else if (snap.state[i] == eng::path::TraceCellState::Open)
                    addDiamondRing(va, proj, {x, y}, sf::Color(90, 255, 120, 230), 0.92f, 0.8f);
            }
        if (k < steps - 1)
            addDiamondRing(va, proj, m_trace.expanded[std::size_t(k)].cell, sf::Color::White, 1.f, 0.75f);
    }

    // Paths still to walk, one colour per unit, and where each ends.
    for (std::size_t i = 0; i < m_squad.units().size(); ++i) {
        const Unit& u = m_squad.units()[i];
        if (!u.moving())
            continue;
        sf::Color c = unitColor(i);
        c.a = 200;
        for (eng::TileCoord p : u.path)
            addDiamond(va, proj, p, c, 0.22f);
        addDiamondRing(va, proj, u.goal, c, 0.8f, 0.62f);
    }

    // Hover: the tile, and with a selection the previewed path.
    if (m_hover) {
        const bool passable = field.passable(*m_hover);
        if (!m_preview.path.empty()) {
            for (std::size_t k = 1; k < m_preview.path.size(); ++k)
                addDiamond(va, proj, m_preview.path[k], sf::Color(255, 255, 255, 170), 0.16f);
        }
        addDiamond(va, proj, *m_hover, passable ? sf::Color(255, 255, 255, 55) : sf::Color(255, 60, 60, 70));
        addDiamondRing(va, proj, *m_hover, passable ? sf::Color(255, 255, 255, 230) : sf::Color(255, 80, 80, 230));
    }

    // Selection rings under the feet.
    for (std::size_t i = 0; i < m_squad.units().size(); ++i) {
        const Unit& u = m_squad.units()[i];
        if (!u.selected)
            continue;
        const sf::Vector2f f = unitFeetWorld(u);
        const float rx = float(m_world.map.tileWidth) * 0.32f, ry = float(m_world.map.tileHeight) * 0.32f;
        addEllipseRing(va, f, rx, ry, 3.f, sf::Color(255, 235, 90, 235));
    }
    target.draw(va);
}

void App::drawTraceNumbers(sf::RenderTarget& target)
{
    if (!m_showTrace || !m_hasFont || !m_renderer || m_trace.stepCount() == 0 || m_camera.zoom() > 0.9f)
        return;
    if (m_trace.width != m_world.field.width || m_trace.height != m_world.field.height)
        return;
    const int steps = m_trace.stepCount();
    const double rate = std::max(40.0, steps / 2.5);
    const int k = std::min(steps - 1, int(m_traceAgeSec * rate));
    const eng::path::TraceSnapshot snap = m_trace.snapshot(k);
    const eng::iso::Projection& proj = m_renderer->projection();
    const sf::Vector2f size = m_camera.viewportSize();
    const bool detailed = m_camera.zoom() <= 0.6f;
    sf::Text text;
    text.setFont(m_font);
    text.setCharacterSize(detailed ? 12 : 11);
    text.setOutlineColor(sf::Color(0, 0, 0, 200));
    text.setOutlineThickness(1.f);
    int drawn = 0;
    for (int y = 0; y < snap.height && drawn < 900; ++y)
        for (int x = 0; x < snap.width && drawn < 900; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(snap.width) + std::size_t(x);
            if (snap.state[i] == eng::path::TraceCellState::Unvisited)
                continue;
            const sf::Vector2f p = m_camera.worldToPixel(toV(proj.cellCenter({x, y})));
            if (p.x < -40 || p.y < -20 || p.x > size.x + 40 || p.y > size.y + 20)
                continue;
            std::string s = fmt(snap.f[i], 1);
            if (detailed)
                s = "f " + s + "\ng " + fmt(snap.g[i], 1) + " h " + fmt(snap.h[i], 1);
            text.setString(s);
            text.setFillColor(snap.state[i] == eng::path::TraceCellState::Open ? sf::Color(170, 255, 170) : sf::Color::White);
            const sf::FloatRect b = text.getLocalBounds();
            text.setPosition(std::round(p.x - b.width * 0.5f - b.left), std::round(p.y - b.height * 0.5f - b.top));
            target.draw(text);
            ++drawn;
        }
}

} // namespace game
