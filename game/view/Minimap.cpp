/// \file Minimap.cpp
/// Minimap: the terrain palette, the layout (window pixels <-> world <-> cells), colouring the
/// texels cell by cell, uploading only the changed regions, and the panel's drawing.
#include "game/view/Minimap.hpp"

#include "game/common/SfmlVec.hpp"
#include "game/view/Draw.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

namespace game {

namespace {

struct NamedColor {
    const char* name;
    sf::Color color;
};

/// The shipped terrains (maps/terrain.toml), as the art paints them.
const NamedColor MinimapPalette[] = {
    {"grass", {92, 148, 64}},       {"flowers", {120, 168, 78}},  {"snow", {226, 232, 240}},
    {"road", {176, 150, 104}},      {"bridge", {150, 112, 70}},   {"wall", {128, 124, 120}},
    {"volcano", {122, 74, 56}},     {"volcano_erupting", {236, 96, 36}}, {"tombstone", {150, 150, 164}},
    {"tent", {214, 190, 130}},      {"castle", {190, 176, 160}},  {"tree", {52, 110, 50}},
    {"rock", {140, 132, 124}},      {"water", {62, 112, 196}},
};

const sf::Color UnknownFog(14, 16, 22);

/// More regions waiting than this (the minimap hidden a long while): the whole texture instead.
constexpr std::size_t MaxPendingRegions = 64;

sf::Color scaled(sf::Color c, float f)
{
    return sf::Color(sf::Uint8(float(c.r) * f), sf::Uint8(float(c.g) * f), sf::Uint8(float(c.b) * f), c.a);
}

/// A panel-space thin line (1.5 px) between two window pixels.
void addThinLine(sf::VertexArray& va, sf::Vector2f a, sf::Vector2f b, sf::Color color)
{
    addLine(va, a, b, 1.5f, color);
}

/// A square dot of side `side` around `p`.
void addDot(sf::VertexArray& va, sf::Vector2f p, float side, sf::Color color)
{
    const float h = side * 0.5f;
    const sf::Vector2f q[4] = {{p.x - h, p.y - h}, {p.x + h, p.y - h}, {p.x + h, p.y + h}, {p.x - h, p.y + h}};
    for (int i : {0, 1, 2, 0, 2, 3})
        va.append(sf::Vertex(q[i], color));
}

} // namespace

sf::Color minimapColor(std::string_view terrain, bool passable)
{
    sf::Color c(150, 150, 150);
    const auto known = std::find_if(std::begin(MinimapPalette), std::end(MinimapPalette),
                                    [&](const NamedColor& n) { return terrain == n.name; });
    if (known != std::end(MinimapPalette)) {
        c = known->color;
    } else if (!terrain.empty()) {
        // Another terrain: a stable mid-bright colour from its name.
        const std::size_t h = std::hash<std::string_view>{}(terrain);
        c = sf::Color(sf::Uint8(70 + h % 140), sf::Uint8(70 + (h >> 8) % 140), sf::Uint8(70 + (h >> 16) % 140));
    }
    return passable ? c : scaled(c, 0.62f);
}

// ------------------------------------------------------------------------------------------------
// Layout

MinimapLayout::MinimapLayout(const isostar::iso::Projection& proj, sf::Vector2f windowPx, float bottomMarginPx)
    : m_proj(proj)
{
    const isostar::iso::WorldPos size = proj.mapPixelSize();
    m_scale = std::min(MaxWidthPx / std::max(size.x, 1.f), MaxHeightPx / std::max(size.y, 1.f));
    const sf::Vector2f picture(std::round(size.x * m_scale), std::round(size.y * m_scale));
    m_box = sf::FloatRect(windowPx.x - EdgePx - picture.x - 2.f * MarginPx,
                          windowPx.y - bottomMarginPx - picture.y - 2.f * MarginPx, picture.x + 2.f * MarginPx,
                          picture.y + 2.f * MarginPx);
    m_origin = {m_box.left + MarginPx, m_box.top + MarginPx};
}

sf::FloatRect MinimapLayout::picture() const
{
    return {m_box.left + MarginPx, m_box.top + MarginPx, m_box.width - 2.f * MarginPx, m_box.height - 2.f * MarginPx};
}

bool MinimapLayout::contains(sf::Vector2i px) const
{
    return m_box.contains(float(px.x) + 0.5f, float(px.y) + 0.5f);
}

sf::Vector2f MinimapLayout::worldToPixel(sf::Vector2f world) const
{
    return m_origin + world * m_scale;
}

sf::Vector2f MinimapLayout::pixelToWorld(sf::Vector2f px) const
{
    return (px - m_origin) / m_scale;
}

sf::Vector2f MinimapLayout::tileToPixel(isostar::TilePos t) const
{
    return worldToPixel(toV(m_proj.tileToWorld(t)));
}

std::optional<isostar::TileCoord> MinimapLayout::pixelToCell(sf::Vector2i px) const
{
    if (!contains(px))
        return std::nullopt;
    const sf::Vector2f w = pixelToWorld({float(px.x) + 0.5f, float(px.y) + 0.5f});
    return m_proj.pick({w.x, w.y});
}

// ------------------------------------------------------------------------------------------------
// Colours

Minimap::Minimap() = default;

Minimap::~Minimap() = default;

void Minimap::rebuild(const World& world)
{
    m_proj = world.projection;
    m_shape = world.nav.shape();
    // Window pixels a cell spans across on the panel (the layout's scale depends on the map only).
    const float cellPx = MinimapLayout(m_proj, {}, 0.f).scale() * float(std::max(1, m_proj.tileWidth()));
    m_step = std::max(1, int(std::ceil(MinTexelPx / cellPx - 1e-4f)));
    m_tex = {(m_shape.width + m_step - 1) / m_step, (m_shape.height + m_step - 1) / m_step};
    m_base.assign(m_tex.size(), sf::Color::Black);
    m_texels.assign(m_tex.size() * 4, 0);
    for (std::size_t i = 0; i < m_tex.size(); ++i) {
        const isostar::TileCoord t = m_tex.cell(i);
        colour(world, {t.x * m_step, t.y * m_step});
    }
    m_coloured = m_tex.size();
    m_pending.assign(1, sf::IntRect(0, 0, m_tex.width, m_tex.height));
    m_layout = MinimapLayout(m_proj, sf::Vector2f(m_windowPx), m_bottomMarginPx);
    m_hexGround.clear();
}

void Minimap::updateCells(const World& world, std::span<const isostar::TileCoord> cells)
{
    if (world.nav.shape() != m_shape) {
        rebuild(world);
        return;
    }
    m_coloured = 0;
    for (isostar::TileCoord c : cells)
        if (world.nav.inBounds(c)) {
            colour(world, c);
            ++m_coloured;
        }
    addPending(cells);
}

void Minimap::setFog(FogFn fog)
{
    m_fog = std::move(fog);
    for (std::size_t i = 0; i < m_base.size(); ++i)
        compose(i);
    m_coloured = m_base.size();
    if (!m_shape.empty())
        m_pending.assign(1, sf::IntRect(0, 0, m_tex.width, m_tex.height));
}

void Minimap::fogChanged(std::span<const isostar::TileCoord> cells)
{
    m_coloured = 0;
    for (isostar::TileCoord c : cells)
        if (m_shape.inBounds(c)) {
            compose(texelIndex(c));
            ++m_coloured;
        }
    addPending(cells);
}

void Minimap::colour(const World& world, isostar::TileCoord cell)
{
    const isostar::TileCoord c{cell.x - cell.x % m_step, cell.y - cell.y % m_step};  // its square's top-left
    std::string_view top;
    if (!world.terrains.empty()) {
        const isostar::terrain::TerrainGrid& grid = world.terrains.front().terrain.grid();
        if (grid.inBounds(c))
            if (const std::span<const isostar::terrain::TerrainId> stack = grid.cell(c); !stack.empty())
                top = grid.names[stack.back()];
    }
    const bool isVoid = !world.terrains.empty() && world.terrains.front().terrain.grid().isVoid(
                                                       int(world.terrains.front().terrain.grid().shape().index(c)));
    const std::size_t i = texelIndex(c);
    // Void cells (off a staggered or infinite map) stay transparent, as the map draws them.
    m_base[i] = isVoid ? sf::Color::Transparent : minimapColor(top, world.nav.passable(0, c));
    compose(i);
}

void Minimap::compose(std::size_t i)
{
    sf::Color c = m_base[i];
    if (m_fog && c.a > 0) {
        const isostar::TileCoord t = m_tex.cell(i);
        const FogShade shade = m_fog({t.x * m_step, t.y * m_step});
        c = shade == FogShade::Unknown ? UnknownFog : shade == FogShade::Known ? scaled(c, 0.45f) : c;
    }
    m_texels[i * 4] = c.r;
    m_texels[i * 4 + 1] = c.g;
    m_texels[i * 4 + 2] = c.b;
    m_texels[i * 4 + 3] = c.a;
}

void Minimap::addPending(std::span<const isostar::TileCoord> cells)
{
    int x0 = m_shape.width, y0 = m_shape.height, x1 = -1, y1 = -1;
    for (isostar::TileCoord c : cells) {
        if (!m_shape.inBounds(c))
            continue;
        x0 = std::min(x0, c.x);
        y0 = std::min(y0, c.y);
        x1 = std::max(x1, c.x);
        y1 = std::max(y1, c.y);
    }
    if (x1 < x0)
        return;
    if (m_pending.size() >= MaxPendingRegions)  // long hidden: the whole texture at the next draw
        m_pending.assign(1, sf::IntRect(0, 0, m_tex.width, m_tex.height));
    else
        m_pending.push_back(
            sf::IntRect(x0 / m_step, y0 / m_step, x1 / m_step - x0 / m_step + 1, y1 / m_step - y0 / m_step + 1));
}

sf::Color Minimap::texel(isostar::TileCoord c) const
{
    const std::size_t i = texelIndex(c) * 4;
    return sf::Color(m_texels[i], m_texels[i + 1], m_texels[i + 2], m_texels[i + 3]);
}

void Minimap::place(sf::Vector2u windowPx, float bottomMarginPx)
{
    if (windowPx == m_windowPx && bottomMarginPx == m_bottomMarginPx)
        return;
    m_windowPx = windowPx;
    m_bottomMarginPx = bottomMarginPx;
    m_layout = MinimapLayout(m_proj, sf::Vector2f(windowPx), bottomMarginPx);
}

// ------------------------------------------------------------------------------------------------
// Drawing

void Minimap::upload()
{
    if (m_pending.empty() || m_shape.empty())
        return;
    const sf::Vector2u size{unsigned(m_tex.width), unsigned(m_tex.height)};
    if (!m_texture)
        m_texture = std::make_unique<sf::Texture>();
    if (m_texture->getSize() != size) {
        if (!m_texture->create(size.x, size.y))
            return;
        m_pending.assign(1, sf::IntRect(0, 0, m_tex.width, m_tex.height));
    }
    // Each region in place (a texel spans MinTexelPx pixels or more: crisp texels, no mipmaps).
    std::vector<sf::Uint8> block;
    for (const sf::IntRect& r : m_pending) {
        const std::size_t rowStart = m_tex.index({r.left, r.top}) * 4;
        if (r.left == 0 && r.width == m_tex.width) {  // whole rows: contiguous in the texels
            m_texture->update(&m_texels[rowStart], unsigned(r.width), unsigned(r.height), 0, unsigned(r.top));
            continue;
        }
        const std::size_t rowBytes = std::size_t(r.width) * 4;
        block.resize(rowBytes * std::size_t(r.height));
        for (int y = 0; y < r.height; ++y)
            std::copy_n(&m_texels[m_tex.index({r.left, r.top + y}) * 4], rowBytes, &block[std::size_t(y) * rowBytes]);
        m_texture->update(block.data(), unsigned(r.width), unsigned(r.height), unsigned(r.left), unsigned(r.top));
    }
    m_pending.clear();
}

void Minimap::draw(sf::RenderTarget& target, const Camera& camera, const Party& party)
{
    if (!m_visible || m_shape.empty())
        return;
    upload();
    if (!m_texture)
        return;
    drawPanelBox(target, m_layout.box(), 235);
    if (m_proj.orientation() == isostar::iso::Orientation::Hexagonal) {
        // Hexagons: one per cell, each showing its texel (offset rows do not make a quad).
        if (m_hexGround.getVertexCount() == 0)
            m_hexGround = hexGround();
        sf::RenderStates states(m_texture.get());
        states.transform.translate(m_layout.worldToPixel({0.f, 0.f})).scale(m_layout.scale(), m_layout.scale());
        target.draw(m_hexGround, states);
        drawOverlay(target, camera, party);
        return;
    }
    // The ground: one quad from the map's four corners (a diamond on isometric maps).
    const float w = float(m_shape.width), h = float(m_shape.height);
    const isostar::TilePos corners[4] = {{0.f, 0.f}, {w, 0.f}, {w, h}, {0.f, h}};
    sf::VertexArray ground(sf::Triangles);
    for (int i : {0, 1, 2, 0, 2, 3})
        ground.append(sf::Vertex(m_layout.tileToPixel(corners[i]), sf::Color::White,
                                 sf::Vector2f(corners[i].x, corners[i].y) / float(m_step)));
    target.draw(ground, m_texture.get());
    drawOverlay(target, camera, party);
}

sf::VertexArray Minimap::hexGround() const
{
    sf::VertexArray va(sf::Triangles);
    for (int y = 0; y < m_shape.height; ++y)
        for (int x = 0; x < m_shape.width; ++x) {
            const isostar::iso::CellOutline o = m_proj.cellOutline({x, y});
            const sf::Vector2f texel((float(x / m_step) + 0.5f), (float(y / m_step) + 0.5f));
            for (int i = 1; i + 1 < o.count; ++i)
                for (int k : {0, i, i + 1})
                    va.append(sf::Vertex(toV(o.points[std::size_t(k)]), sf::Color::White, texel));
        }
    return va;
}

void Minimap::drawOverlay(sf::RenderTarget& target, const Camera& camera, const Party& party) const
{
    sf::VertexArray va(sf::Triangles);
    const auto centre = [](isostar::TileCoord c) { return isostar::TilePos{float(c.x) + 0.5f, float(c.y) + 0.5f}; };
    const bool crowd = party.units().size() > MinimapCrowdUnits;
    for (std::size_t i = 0; i < party.units().size(); ++i) {
        const Unit& u = party.units()[i];
        if (!u.moving() || (crowd && !party.selection().selected(int(i))))
            continue;
        // A long path on a big map: cells closer than a pixel join the next segment.
        sf::Vector2f from = m_layout.tileToPixel(u.pos);
        for (std::size_t k = 0; k < u.path.size(); ++k) {
            const sf::Vector2f to = m_layout.tileToPixel(centre(u.path[k]));
            if (k + 1 < u.path.size() && std::abs(to.x - from.x) + std::abs(to.y - from.y) < 2.f)
                continue;
            addThinLine(va, from, to, unitColor(i));
            from = to;
        }
    }
    for (std::size_t i = 0; i < party.units().size(); ++i) {
        const sf::Vector2f p = m_layout.tileToPixel(footprintCentre(party.units()[i]));
        const bool selected = party.selection().selected(int(i));
        if (crowd) {
            addDot(va, p, selected ? 3.f : 2.f, selected ? sf::Color(255, 235, 90) : unitColor(i));
            continue;
        }
        addDot(va, p, selected ? 7.f : 6.f, selected ? sf::Color(255, 235, 90) : sf::Color(12, 14, 20));
        addDot(va, p, 4.f, unitColor(i));
    }
    // The camera's visible area, clipped to the picture.
    const sf::FloatRect seen = camera.visibleWorld();
    const sf::Vector2f a = m_layout.worldToPixel({seen.left, seen.top});
    const sf::Vector2f b = m_layout.worldToPixel({seen.left + seen.width, seen.top + seen.height});
    const sf::FloatRect pic = m_layout.picture();
    const float l = std::max(a.x, pic.left), t = std::max(a.y, pic.top);
    const float r = std::min(b.x, pic.left + pic.width), btm = std::min(b.y, pic.top + pic.height);
    if (r > l && btm > t) {
        const sf::Color outline(255, 255, 255, 230);
        addThinLine(va, {l, t}, {r, t}, outline);
        addThinLine(va, {r, t}, {r, btm}, outline);
        addThinLine(va, {r, btm}, {l, btm}, outline);
        addThinLine(va, {l, btm}, {l, t}, outline);
    }
    target.draw(va);
}

} // namespace game
