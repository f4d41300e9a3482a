/// \file Overlays.cpp
/// The heat, influence, search and numbers overlays. Every loop over cells runs over the cells
/// near the view (cellsNear), so a 504x504 map costs what a 64x64 one does; the per-map data
/// (sources, order per cell) is cached.
#include "game/debug/Overlays.hpp"

#include <algorithm>
#include <cmath>

namespace game::debug {

namespace {

/// Most labels drawn per frame (a zoomed-in view holds far fewer cells).
constexpr int MaxLabels = 1200;

const sf::Color Warmth(255, 120, 30);
const sf::Color Dread(160, 70, 220);

/// How strongly a factor changes a cost: |ln(cost ratio)|, 0 = no change.
double strength(const isostar::terrain::Influence& inf, double factor)
{
    const double ratio = inf.effect == isostar::terrain::InfluenceEffect::Divide ? 1.0 / factor : factor;
    return ratio > 0.0 && std::isfinite(ratio) ? std::abs(std::log(ratio)) : 0.0;
}

/// Position on the heat scale of a cost between lo and hi (log scale).
double heatT(double cost, double lo, double hi)
{
    if (!(hi > lo) || lo <= 0.0)
        return 0.0;
    return std::clamp(std::log(cost / lo) / std::log(hi / lo), 0.0, 1.0);
}

} // namespace

std::vector<std::string> OverlayFlags::names() const
{
    std::vector<std::string> out;
    if (heat)
        out.push_back("heat");
    if (influence)
        out.push_back("influence");
    if (search)
        out.push_back("search");
    if (numbers)
        out.push_back("numbers");
    if (field)
        out.push_back("field");
    if (clearance)
        out.push_back("clearance");
    return out;
}

bool OverlayFlags::set(std::string_view name)
{
    if (name == "heat")
        heat = true;
    else if (name == "influence")
        influence = true;
    else if (name == "search")
        search = true;
    else if (name == "numbers")
        numbers = true;
    else if (name == "field")
        field = true;
    else if (name == "clearance")
        clearance = true;
    else if (name == "none")
        *this = {};
    else
        return false;
    return true;
}

bool isOverlayName(std::string_view name)
{
    OverlayFlags f;
    return f.set(name);
}

std::vector<InfluenceSource> findInfluenceSources(const isostar::terrain::TerrainField& terrain)
{
    const isostar::terrain::TerrainGrid& grid = terrain.grid();
    const isostar::terrain::TerrainRules& rules = terrain.rules();
    // Per name of the grid: its rule (or null), looked up once.
    std::vector<const isostar::terrain::TerrainRule*> ruleOf(grid.names.size(), nullptr);
    bool anyInfluence = false;
    for (std::size_t i = 0; i < grid.names.size(); ++i) {
        ruleOf[i] = rules.find(grid.names[i]);
        anyInfluence = anyInfluence || (ruleOf[i] && ruleOf[i]->influence);
    }
    std::vector<InfluenceSource> out;
    if (!anyInfluence)
        return out;
    for (int y = 0; y < grid.height; ++y)
        for (int x = 0; x < grid.width; ++x) {
            const std::span<const isostar::terrain::TerrainId> stack = grid.cell({x, y});
            // A `covers` terrain hides everything below it: only it and what lies above count.
            const std::size_t begin = isostar::terrain::firstUncovered(stack, [&](isostar::terrain::TerrainId t) {
                return t < ruleOf.size() ? ruleOf[t] : nullptr;
            });
            for (std::size_t k = begin; k < stack.size(); ++k) {
                const isostar::terrain::TerrainRule* r = stack[k] < ruleOf.size() ? ruleOf[stack[k]] : nullptr;
                if (r && r->influence)
                    out.push_back({{x, y}, r->name, *r->influence});
            }
        }
    return out;
}

const std::vector<InfluenceSource>& Overlays::sources(const OverlayScene& scene)
{
    if (scene.world != m_sourcesWorld || scene.worldVersion != m_sourcesVersion || scene.layer != m_sourcesLayer) {
        m_sourcesWorld = scene.world;
        m_sourcesVersion = scene.worldVersion;
        m_sourcesLayer = scene.layer;
        m_sources.clear();
        if (scene.world && scene.layer >= 0 && scene.layer < int(scene.world->terrains.size()))
            m_sources = findInfluenceSources(scene.world->terrains[std::size_t(scene.layer)].terrain);
    }
    return m_sources;
}

bool Overlays::searchUsable(const OverlayScene& scene)
{
    const isostar::path::SearchTrace* t = scene.trace;
    const isostar::GridShape shape{t ? t->width : 0, t ? t->height : 0};
    if (!t || t->stepCount() == 0 || !scene.world || shape != scene.world->nav.shape() ||
        t->openedBegin.size() != std::size_t(t->stepCount()) + 1)
        return false;
    SearchCache& c = m_search;
    if (c.trace == t && c.steps == t->stepCount() && c.opened == t->opened.size() && c.shape == shape &&
        c.last == t->expanded.back().cell)
        return true;
    c.trace = t;
    c.steps = t->stepCount();
    c.opened = t->opened.size();
    c.shape = shape;
    c.last = t->expanded.back().cell;
    c.closedAt.assign(shape.size(), -1);
    c.openedAt.assign(shape.size(), -1);
    for (int k = 0; k < c.steps; ++k) {
        for (const isostar::path::TraceCell* o = t->openedBeginAt(k); o != t->openedEndAt(k); ++o)
            if (c.openedAt[shape.index(o->cell)] < 0)
                c.openedAt[shape.index(o->cell)] = k;
        const std::size_t i = shape.index(t->expanded[std::size_t(k)].cell);
        if (c.closedAt[i] < 0)
            c.closedAt[i] = k;
    }
    c.final = t->snapshot(c.steps - 1);
    return true;
}

int Overlays::replayStep(const OverlayScene& scene) const
{
    const int steps = m_search.steps;
    const double rate = std::max(40.0, steps / 2.5);  // the whole replay in about 2.5 s
    // Clamped in double first: a long-finished replay (age 1e9 s) must not overflow an int.
    return int(std::min(double(steps - 1), std::max(0.0, scene.traceAgeSec) * rate));
}

void Overlays::drawGround(sf::RenderTarget& target, const OverlayFlags& flags, const OverlayScene& scene)
{
    if (!scene.world || !flags.any())
        return;
    const CellRange near = cellsNear(scene.world->projection, worldInView(target));
    sf::VertexArray va(sf::Triangles);
    if (flags.heat)
        drawHeat(va, scene, near);
    if (flags.influence)
        drawInfluence(va, scene, near);
    if (flags.search)
        drawSearch(va, scene, near);
    if (flags.search || flags.numbers)
        drawPath(va, scene);
    if (flags.field)
        drawField(va, scene, near);
    if (flags.clearance)
        drawClearance(va, scene, near);
    target.draw(va);
}

void Overlays::drawClearance(sf::VertexArray& va, const OverlayScene& scene, const CellRange& near) const
{
    const isostar::path::NavGrid& nav = scene.grid();
    if (!nav.validLayer(scene.unitLayer) || !nav.validLayer(scene.layer))
        return;
    const isostar::iso::Projection& proj = scene.world->projection;
    for (int y = near.y0; y <= near.y1; ++y)
        for (int x = near.x0; x <= near.x1; ++x) {
            if (scene.unknown({x, y}))
                continue;
            // Blue and red-orange: they read on grass, snow and roads alike.
            if (nav.passable(scene.unitLayer, {x, y}))
                addDiamond(va, proj, {x, y}, sf::Color(60, 140, 255, 105), 0.9f);
            else if (nav.passable(scene.layer, {x, y}))
                addDiamond(va, proj, {x, y}, sf::Color(255, 80, 30, 165), 0.9f);
        }
}

void Overlays::drawField(sf::VertexArray& va, const OverlayScene& scene, const CellRange& near) const
{
    const isostar::path::FlowField* field = scene.field;
    if (!field)
        return;
    const isostar::iso::Projection& proj = scene.world->projection;
    const isostar::path::FieldRegion& r = field->region();
    // The darkest arrow: the farthest cell in view (so the shading spans what is seen).
    double far = 0.0;
    for (int y = std::max(near.y0, r.y0); y <= std::min(near.y1, r.y1 - 1); ++y)
        for (int x = std::max(near.x0, r.x0); x <= std::min(near.x1, r.x1 - 1); ++x)
            if (field->reached({x, y}))
                far = std::max(far, field->distance({x, y}));
    auto centre = [&](isostar::TileCoord c) { return toV(proj.tileToWorld({c.x + 0.5, c.y + 0.5})); };
    for (int y = std::max(near.y0, r.y0); y <= std::min(near.y1, r.y1 - 1); ++y)
        for (int x = std::max(near.x0, r.x0); x <= std::min(near.x1, r.x1 - 1); ++x) {
            const std::optional<isostar::TileCoord> next = field->next({x, y});
            if (!next || scene.unknown({x, y}))
                continue;
            // Shaft from a little behind the centre toward the next cell, and a head.
            const float t = far > 0.0 ? float(field->distance({x, y}) / far) : 0.f;
            const sf::Color c(sf::Uint8(255 - 215 * t), sf::Uint8(235 - 75 * t), sf::Uint8(40 + 215 * t), 255);
            const sf::Vector2f a = centre({x, y}), b = centre(*next);
            const sf::Vector2f d = b - a;
            const sf::Vector2f from = a - d * 0.25f, tip = a + d * 0.4f;
            addLine(va, from, tip, 3.f, c);
            const sf::Vector2f side(-d.y * 0.2f, d.x * 0.2f);
            const sf::Vector2f base = a + d * 0.12f;
            va.append(sf::Vertex(tip, c));
            va.append(sf::Vertex(base + side, c));
            va.append(sf::Vertex(base - side, c));
        }
    for (isostar::TileCoord g : field->goals())
        if (near.contains(g))
            addDiamondRing(va, proj, g, sf::Color(255, 240, 120, 240));
    // The region's outline: the diamond (or rectangle) through its four corner points; on
    // hexagonal maps the rectangle round its corner cells' hexagons.
    isostar::iso::WorldPos k[4] = {proj.tileToWorld({double(r.x0), double(r.y0)}), proj.tileToWorld({double(r.x1), double(r.y0)}),
                               proj.tileToWorld({double(r.x1), double(r.y1)}), proj.tileToWorld({double(r.x0), double(r.y1)})};
    if (proj.orientation() == isostar::iso::Orientation::Hexagonal && r.x1 > r.x0 && r.y1 > r.y0) {
        float l = 1e30f, t = 1e30f, rr = -1e30f, b = -1e30f;
        for (const isostar::TileCoord c : {isostar::TileCoord{r.x0, r.y0}, {r.x1 - 1, r.y0}, {r.x0, r.y1 - 1}, {r.x1 - 1, r.y1 - 1},
                                       {r.x0, std::min(r.y0 + 1, r.y1 - 1)}, {r.x1 - 1, std::min(r.y0 + 1, r.y1 - 1)},
                                       {std::min(r.x0 + 1, r.x1 - 1), r.y0}, {std::min(r.x0 + 1, r.x1 - 1), r.y1 - 1}})
            for (const isostar::iso::WorldPos p : proj.cellCorners(c))
                l = std::min(l, p.x), t = std::min(t, p.y), rr = std::max(rr, p.x), b = std::max(b, p.y);
        k[0] = {l, t}, k[1] = {rr, t}, k[2] = {rr, b}, k[3] = {l, b};
    }
    for (int i = 0; i < 4; ++i)
        addLine(va, toV(k[i]), toV(k[(i + 1) % 4]), 2.f, sf::Color(255, 240, 120, 160));
}

void Overlays::drawHeat(sf::VertexArray& va, const OverlayScene& scene, const CellRange& near) const
{
    const isostar::path::NavGrid& nav = scene.grid();
    if (!nav.validLayer(scene.layer))
        return;
    const double lo = nav.minCellCost(scene.layer), hi = nav.maxCellCost(scene.layer);
    const isostar::iso::Projection& proj = scene.world->projection;
    for (int y = near.y0; y <= near.y1; ++y)
        for (int x = near.x0; x <= near.x1; ++x) {
            if (scene.unknown({x, y}))
                continue;
            const float c = nav.cost(scene.layer, {x, y});
            if (!isostar::path::isPassableCost(c)) {
                addDiamond(va, proj, {x, y}, sf::Color(15, 15, 20, 170), 0.98f);
                addDiamondRing(va, proj, {x, y}, sf::Color(235, 50, 50, 220), 0.9f, 0.78f);
                continue;
            }
            addDiamond(va, proj, {x, y}, costColor(heatT(double(c), lo, hi), 150), 0.98f);
        }
}

void Overlays::drawInfluence(sf::VertexArray& va, const OverlayScene& scene, const CellRange& near)
{
    const isostar::iso::Projection& proj = scene.world->projection;
    for (const InfluenceSource& s : sources(scene)) {
        const int r = int(std::floor(s.influence.radius));
        if (scene.unknown(s.cell))
            continue;  // a source nobody has seen shows nothing
        if (s.cell.x + r < near.x0 || s.cell.x - r > near.x1 || s.cell.y + r < near.y0 || s.cell.y - r > near.y1)
            continue;
        const sf::Color base = s.influence.effect == isostar::terrain::InfluenceEffect::Divide ? Warmth : Dread;
        const double strongest = std::max(1e-9, strength(s.influence, s.influence.factor(0.0)));
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx) {
                const isostar::TileCoord c{s.cell.x + dx, s.cell.y + dy};
                const double d = std::sqrt(double(dx * dx + dy * dy));
                if (d > s.influence.radius || !near.contains(c) || scene.unknown(c))
                    continue;
                const double t = std::clamp(strength(s.influence, s.influence.factor(d)) / strongest, 0.0, 1.0);
                sf::Color col = base;
                col.a = sf::Uint8(30 + 110 * t);
                addDiamond(va, proj, c, col, 0.97f);
            }
        sf::Color rim = base;
        rim.a = 240;
        addDiamondRing(va, proj, s.cell, rim, 1.f, 0.72f);
    }
}

void Overlays::drawSearch(sf::VertexArray& va, const OverlayScene& scene, const CellRange& near)
{
    if (!searchUsable(scene))
        return;
    const SearchCache& c = m_search;
    const int k = replayStep(scene);
    const isostar::iso::Projection& proj = scene.world->projection;
    const double last = std::max(1, c.steps - 1);
    for (int y = near.y0; y <= std::min(near.y1, c.shape.height - 1); ++y)
        for (int x = near.x0; x <= std::min(near.x1, c.shape.width - 1); ++x) {
            const std::size_t i = c.shape.index({x, y});
            const int closed = c.closedAt[i], opened = c.openedAt[i];
            if (closed >= 0 && closed <= k)
                addDiamond(va, proj, {x, y}, orderColor(closed / last, 140), 0.94f);
            else if (opened >= 0 && opened <= k)
                addDiamondRing(va, proj, {x, y}, sf::Color(90, 255, 120, 235), 0.92f, 0.78f);
        }
    if (k < c.steps - 1)
        addDiamondRing(va, proj, scene.trace->expanded[std::size_t(k)].cell, sf::Color::White, 1.f, 0.7f);
}

void Overlays::drawPath(sf::VertexArray& va, const OverlayScene& scene) const
{
    if (scene.path.size() < 2)
        return;
    const isostar::iso::Projection& proj = scene.world->projection;
    for (std::size_t k = 1; k < scene.path.size(); ++k)
        addLine(va, toV(proj.cellCenter(scene.path[k - 1])), toV(proj.cellCenter(scene.path[k])), 3.f,
                sf::Color(255, 245, 200, 230));
    addDiamondRing(va, proj, scene.path.back(), sf::Color(255, 245, 200, 230), 0.6f, 0.4f);
}

void Overlays::drawLabels(sf::RenderTarget& target, const Camera& camera, const sf::Font& font,
                          const OverlayFlags& flags, const OverlayScene& scene, float bottomMarginPx)
{
    if (!scene.world || !flags.any())
        return;
    if (flags.heat)
        drawLegend(target, font, scene, bottomMarginPx);
    const float screenPerWorld = 1.f / camera.zoom();
    if (!(flags.search || flags.numbers) || screenPerWorld < NumbersMinZoom - 1e-4f)
        return;
    const isostar::iso::Projection& proj = scene.world->projection;
    const sf::Vector2f size = camera.viewportSize();
    const CellRange near = cellsNear(proj, camera.visibleWorld());
    sf::Text text;
    text.setFont(font);
    text.setCharacterSize(11);
    text.setOutlineColor(sf::Color(0, 0, 0, 220));
    text.setOutlineThickness(1.5f);
    int drawn = 0;
    const auto put = [&](isostar::TileCoord cell, const std::string& s, sf::Color color, float dyPx) {
        const sf::Vector2f p = camera.worldToPixel(toV(proj.cellCenter(cell)));
        if (p.x < -40.f || p.y < -30.f || p.x > size.x + 40.f || p.y > size.y + 30.f)
            return;
        text.setString(s);
        text.setFillColor(color);
        const sf::FloatRect b = text.getLocalBounds();
        text.setPosition(std::round(p.x - b.width * 0.5f - b.left), std::round(p.y + dyPx - b.height * 0.5f - b.top));
        target.draw(text);
        ++drawn;
    };
    // g, h and f of every searched cell (as the search ended), under the path's step costs.
    if (searchUsable(scene)) {
        const SearchCache& c = m_search;
        const int k = replayStep(scene);
        for (int y = near.y0; y <= std::min(near.y1, c.shape.height - 1) && drawn < MaxLabels; ++y)
            for (int x = near.x0; x <= std::min(near.x1, c.shape.width - 1) && drawn < MaxLabels; ++x) {
                const std::size_t i = c.shape.index({x, y});
                const bool closed = c.closedAt[i] >= 0 && c.closedAt[i] <= k;
                const bool open = !closed && c.openedAt[i] >= 0 && c.openedAt[i] <= k;
                if ((!closed && !open) || scene.unknown({x, y}))
                    continue;
                put({x, y}, "f " + fmt(c.final.f[i], 1) + "\ng " + fmt(c.final.g[i], 1) + " h " + fmt(c.final.h[i], 1),
                    open ? sf::Color(170, 255, 170) : sf::Color::White, 0.f);
            }
    }
    // The cost of each step along the path, in gold, just above the centre.
    const isostar::path::NavGrid& nav = scene.grid();
    if (scene.path.size() >= 2 && nav.validLayer(scene.layer)) {
        text.setCharacterSize(12);
        // Hexagonal maps: every step is to an edge neighbour, none is diagonal.
        const bool hex = scene.world->projection.orientation() == isostar::iso::Orientation::Hexagonal;
        const double diag = hex ? 1.0 : nav.rules(scene.layer).diagonalFactor;
        for (std::size_t k = 1; k < scene.path.size() && drawn < MaxLabels + 400; ++k) {
            const isostar::TileCoord a = scene.path[k - 1], b = scene.path[k];
            if (!near.contains(b))
                continue;
            const double c = double(nav.cost(scene.layer, b)) * (a.x != b.x && a.y != b.y ? diag : 1.0);
            put(b, scene.unknown(b) ? std::string("+?") : std::string("+").append(fmt(c, 2)), sf::Color(255, 225, 110),
                -18.f);
        }
    }
}

void Overlays::drawLegend(sf::RenderTarget& target, const sf::Font& font, const OverlayScene& scene,
                          float bottomMarginPx) const
{
    const isostar::path::NavGrid& nav = scene.grid();
    if (!nav.validLayer(scene.layer))
        return;
    const double lo = nav.minCellCost(scene.layer), hi = nav.maxCellCost(scene.layer);
    const float barW = 260.f, barH = 14.f, pad = 10.f;
    const float w = barW + 2.f * pad, h = 86.f;
    const float x = 10.f, y = float(target.getSize().y) - bottomMarginPx - h;
    drawPanelBox(target, {x, y, w, h}, 210);
    sf::Text t = panelText(font, 13);
    t.setFillColor(colors::Title);
    t.setString("Cost heat map: " + scene.world->profileName(scene.layer));
    t.setPosition(x + pad, y + 5.f);
    target.draw(t);
    // The colour bar (log scale), drawn as thin vertical strips.
    sf::VertexArray bar(sf::Triangles);
    const float by = y + 26.f;
    constexpr int Strips = 48;
    for (int i = 0; i < Strips; ++i) {
        const float x0 = x + pad + barW * float(i) / Strips, x1 = x + pad + barW * float(i + 1) / Strips;
        const sf::Color c = costColor((i + 0.5) / Strips, 255);
        for (const sf::Vector2f& p : {sf::Vector2f(x0, by), sf::Vector2f(x1, by), sf::Vector2f(x1, by + barH),
                                      sf::Vector2f(x0, by), sf::Vector2f(x1, by + barH), sf::Vector2f(x0, by + barH)})
            bar.append(sf::Vertex(p, c));
    }
    target.draw(bar);
    t.setCharacterSize(12);
    t.setFillColor(colors::Text);
    const double mid = lo > 0.0 ? std::sqrt(lo * hi) : (lo + hi) * 0.5;
    const float ly = by + barH + 3.f;
    const auto label = [&](const std::string& s, float cx, int align) {
        t.setString(s);
        const sf::FloatRect b = t.getLocalBounds();
        const float lx = align < 0 ? cx : align > 0 ? cx - b.width : cx - b.width * 0.5f;
        t.setPosition(std::round(lx), std::round(ly));
        target.draw(t);
    };
    label(fmt(lo, lo < 0.1 ? 3 : 2), x + pad, -1);
    label(fmt(mid, mid < 0.1 ? 3 : 2), x + pad + barW * 0.5f, 0);
    label(fmt(hi, 2), x + pad + barW, 1);
    // Impassable: the swatch as drawn on the map.
    const float sy = ly + 20.f;
    sf::RectangleShape sw({16.f, 12.f});
    sw.setPosition(x + pad, sy);
    sw.setFillColor(sf::Color(15, 15, 20, 255));
    sw.setOutlineColor(sf::Color(235, 50, 50));
    sw.setOutlineThickness(2.f);
    target.draw(sw);
    const std::string note = "impassable     log scale, cheap \xE2\x86\x92 dear";
    t.setString(sf::String::fromUtf8(note.begin(), note.end()));
    t.setFillColor(colors::Dim);
    t.setPosition(x + pad + 24.f, sy - 2.f);
    target.draw(t);
}

std::vector<std::string> Overlays::tileLines(const OverlayFlags& flags, const OverlayScene& scene)
{
    std::vector<std::string> out;
    if (!scene.world || !scene.hover || !scene.world->nav.inBounds(*scene.hover))
        return out;
    const isostar::TileCoord cell = *scene.hover;
    if (flags.influence && !scene.unknown(cell) && scene.layer >= 0 && scene.layer < int(scene.world->terrains.size())) {
        const isostar::terrain::CellExplanation e = scene.world->terrains[std::size_t(scene.layer)].terrain.explain(cell);
        double net = 1.0;
        for (const isostar::terrain::InfluenceContribution& c : e.influences)
            net = c.effect == isostar::terrain::InfluenceEffect::Divide ? net / c.factor : net * c.factor;
        if (e.influences.empty())
            out.push_back("Influence: none reaches this tile");
        else
            out.push_back("Influence: cost x" + fmt(net, 3) + " from " + std::to_string(e.influences.size()) +
                          (e.influences.size() == 1 ? " source" : " sources"));
    }
    if ((flags.search || flags.numbers) && searchUsable(scene)) {
        const std::size_t i = m_search.shape.index(cell);
        if (m_search.closedAt[i] >= 0)
            out.push_back("Search: closed at step " + std::to_string(m_search.closedAt[i] + 1) + ", g " +
                          fmt(m_search.final.g[i]) + " h " + fmt(m_search.final.h[i]) + " f " + fmt(m_search.final.f[i]));
        else if (m_search.openedAt[i] >= 0)
            out.push_back("Search: left open, g " + fmt(m_search.final.g[i]) + " h " + fmt(m_search.final.h[i]) + " f " +
                          fmt(m_search.final.f[i]));
        else
            out.push_back("Search: not reached");
    }
    return out;
}

} // namespace game::debug
