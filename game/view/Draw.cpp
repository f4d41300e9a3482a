#include "game/view/Draw.hpp"

#include "game/common/SfmlVec.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace game {

CellRange cellsNear(const isostar::iso::Projection& proj, const sf::FloatRect& r)
{
    double tx0 = 1e300, ty0 = 1e300, tx1 = -1e300, ty1 = -1e300;
    for (const sf::Vector2f c : {sf::Vector2f(r.left, r.top), sf::Vector2f(r.left + r.width, r.top),
                                 sf::Vector2f(r.left, r.top + r.height), sf::Vector2f(r.left + r.width, r.top + r.height)}) {
        const isostar::TilePos t = proj.worldToTile({c.x, c.y});
        tx0 = std::min(tx0, double(t.x)), tx1 = std::max(tx1, double(t.x));
        ty0 = std::min(ty0, double(t.y)), ty1 = std::max(ty1, double(t.y));
    }
    const auto clampInt = [](double v, int lo, int hi) { return int(std::clamp(v, double(lo), double(hi))); };
    CellRange c;
    c.x0 = clampInt(std::floor(tx0) - 1.0, 0, proj.mapWidth());
    c.y0 = clampInt(std::floor(ty0) - 1.0, 0, proj.mapHeight());
    c.x1 = clampInt(std::floor(tx1) + 1.0, -1, proj.mapWidth() - 1);
    c.y1 = clampInt(std::floor(ty1) + 1.0, -1, proj.mapHeight() - 1);
    return c;
}

void addDiamond(sf::VertexArray& va, const isostar::iso::Projection& proj, isostar::TileCoord c, sf::Color color, float scale)
{
    const isostar::iso::CellOutline o = proj.cellOutline(c);
    const sf::Vector2f ctr = toV(proj.cellCenter(c));
    sf::Vector2f p[6];
    for (int i = 0; i < o.count; ++i)
        p[i] = ctr + (toV(o.points[std::size_t(i)]) - ctr) * scale;
    // A fan from the first corner (the shapes are convex): two triangles for a diamond, four
    // for a hexagon.
    for (int i = 1; i + 1 < o.count; ++i)
        for (int k : {0, i, i + 1})
            va.append(sf::Vertex(p[k], color));
}

void addDiamondRing(sf::VertexArray& va, const isostar::iso::Projection& proj, isostar::TileCoord c, sf::Color color,
                    float outer, float inner)
{
    const isostar::iso::CellOutline k = proj.cellOutline(c);
    const sf::Vector2f ctr = toV(proj.cellCenter(c));
    sf::Vector2f o[6], in[6];
    for (int i = 0; i < k.count; ++i) {
        o[i] = ctr + (toV(k.points[std::size_t(i)]) - ctr) * outer;
        in[i] = ctr + (toV(k.points[std::size_t(i)]) - ctr) * inner;
    }
    for (int i = 0; i < k.count; ++i) {
        const int j = (i + 1) % k.count;
        for (const sf::Vector2f& p : {o[i], o[j], in[j], o[i], in[j], in[i]})
            va.append(sf::Vertex(p, color));
    }
}

void addQuarter(sf::VertexArray& va, const isostar::iso::Projection& proj, isostar::TileCoord c, int quarter, sf::Color color,
                float scale)
{
    const isostar::iso::CellOutline k = proj.cellOutline(c);
    if (k.count < 3)
        return;
    const sf::Vector2f ctr = toV(proj.cellCenter(c));
    const std::size_t i = std::size_t(((quarter % k.count) + k.count) % k.count), j = (i + 1) % std::size_t(k.count);
    const sf::Vector2f a = ctr + (toV(k.points[i]) - ctr) * scale, b = ctr + (toV(k.points[j]) - ctr) * scale;
    // Pull the triangle a little off the centre so the slices stay apart.
    const sf::Vector2f off = ((a + b) * 0.5f - ctr) * 0.08f;
    va.append(sf::Vertex(ctr + off, color));
    va.append(sf::Vertex(a + off, color));
    va.append(sf::Vertex(b + off, color));
}

void addLine(sf::VertexArray& va, sf::Vector2f a, sf::Vector2f b, float thickness, sf::Color color)
{
    const sf::Vector2f d = b - a;
    const float len = std::sqrt(d.x * d.x + d.y * d.y);
    if (len <= 0.f)
        return;
    const sf::Vector2f n(-d.y / len * thickness * 0.5f, d.x / len * thickness * 0.5f);
    for (const sf::Vector2f& p : {a + n, b + n, b - n, a + n, b - n, a - n})
        va.append(sf::Vertex(p, color));
}

void drawPanelBox(sf::RenderTarget& target, const sf::FloatRect& box, sf::Uint8 alpha)
{
    sf::RectangleShape bg({box.width, box.height});
    bg.setPosition(box.left, box.top);
    bg.setFillColor(sf::Color(12, 14, 20, alpha));
    bg.setOutlineColor(sf::Color(255, 255, 255, 40));
    bg.setOutlineThickness(1.f);
    target.draw(bg);
}

sf::Text panelText(const sf::Font& font, unsigned px)
{
    sf::Text t;
    t.setFont(font);
    t.setCharacterSize(px);
    return t;
}

sf::Vector2f panelSize(const sf::Font& font, const TextLines& lines, unsigned px)
{
    sf::Text t = panelText(font, px);
    float w = 0.f;
    for (const auto& [s, c] : lines) {
        t.setString(sf::String::fromUtf8(s.begin(), s.end()));
        w = std::max(w, t.getLocalBounds().width);
    }
    return {w + 20.f, float(px) * 1.35f * float(lines.size()) + 10.f};
}

sf::Color unitColor(std::size_t i)
{
    static const sf::Color Colors[] = {{90, 170, 255}, {110, 220, 120}, {200, 120, 255}, {255, 180, 70}};
    return Colors[i % std::size(Colors)];
}

sf::Vector2f drawPanel(sf::RenderTarget& target, const sf::Font& font, float x, float y, const TextLines& lines,
                       unsigned px, bool alignRight)
{
    const sf::Vector2f size = panelSize(font, lines, px);
    if (alignRight)
        x -= size.x;
    drawPanelBox(target, {std::round(x), std::round(y), size.x, size.y});
    sf::Text t = panelText(font, px);
    float ly = y + 5.f;
    for (const auto& [s, c] : lines) {
        t.setString(sf::String::fromUtf8(s.begin(), s.end()));
        t.setFillColor(c);
        t.setPosition(std::round(x + 10.f), std::round(ly));
        target.draw(t);
        ly += float(px) * 1.35f;
    }
    return size;
}

} // namespace game
