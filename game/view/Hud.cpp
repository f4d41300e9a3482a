/// \file Hud.cpp
/// View: the HUD in screen space: status panel (map, fps, selection, last path), the hovered
/// tile's explanation, fading messages, the hint bar and the help overlay (H), and where they leave
/// room.
#include "game/view/View.hpp"

#include "game/view/Draw.hpp"

#include "game/common/FixedStep.hpp"
#include "game/common/Format.hpp"
#include "game/common/SfmlVec.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace game {

namespace {

const sf::Color HudWhite(235, 235, 235), HudDim(170, 175, 185), HudGold(255, 220, 120), HudRed(255, 110, 100),
    HudGreen(150, 240, 150);

/// The status panel: top left, 15 px text.
constexpr float StatusX = 10.f, StatusY = 10.f;
constexpr unsigned StatusPx = 15;
constexpr float LineSpacing = 1.35f;   ///< line height / text size
constexpr float PanelPadding = 10.f;   ///< a panel's height beyond its lines
constexpr float PanelGap = 8.f;        ///< between the status panel and what goes below it
constexpr float HelpBarPx = 26.f;      ///< the hint bar at the bottom

/// The help overlay: text sizes and gaps, pixels.
constexpr unsigned SheetPx = 13, SheetTitlePx = 16;
constexpr float SheetPad = 14.f, SheetKeyGap = 14.f, SheetColumnGap = 28.f, SheetGroupGap = 8.f;
const sf::Color SheetKeys(150, 205, 255);

/// The help overlay's groups packed into columns no taller than the window allows.
struct SheetColumn {
    std::vector<const HelpSheet::Group*> groups;
    float height = 0.f;
    float keysWidth = 0.f;
    float whatWidth = 0.f;
};

std::vector<SheetColumn> sheetColumns(const sf::Font& font, const HelpSheet& sheet, float maxHeight)
{
    sf::Text t = panelText(font, SheetPx);
    const auto width = [&](const std::string& s) {
        t.setString(sf::String::fromUtf8(s.begin(), s.end()));
        return t.getLocalBounds().width;
    };
    const float lineHeight = float(SheetPx) * LineSpacing;
    std::vector<SheetColumn> columns(1);
    for (const HelpSheet::Group& g : sheet.groups) {
        const float h = lineHeight * float(g.lines.size() + 1) + SheetGroupGap;
        if (!columns.back().groups.empty() && columns.back().height + h > maxHeight)
            columns.emplace_back();
        SheetColumn& c = columns.back();
        c.groups.push_back(&g);
        c.height += h;
        for (const auto& [keys, what] : g.lines) {
            c.keysWidth = std::max(c.keysWidth, width(keys));
            c.whatWidth = std::max(c.whatWidth, width(what));
        }
    }
    return columns;
}

} // namespace

View::HudLines View::statusLines(const World& world, const Party& party, const HudState& hud) const
{
    HudLines lines;
    lines.push_back({"IsoStar  \xE2\x80\x94  " + std::filesystem::path(world.options.mapPath).filename().string() + "  (" +
                         std::to_string(world.frame.tiledWidth()) + "x" + std::to_string(world.frame.tiledHeight()) + ")",
                     HudGold});
    lines.push_back({hud.scripted ? "scripted run  |  zoom " + fmt(1.0 / m_camera.zoom(), 2) + "x"
                                  : "fps " + fmt(hud.fps, 0) + "  |  zoom " + fmt(1.0 / m_camera.zoom(), 2) + "x",
                     HudDim});
    std::string sel;
    for (int i : party.selection().indices())
        sel += (sel.empty() ? "" : ", ") + party.units()[std::size_t(i)].name;
    lines.push_back({"Selected: " + (sel.empty() ? std::string("none") : sel), HudWhite});
    if (hud.lastOrder) {
        const OrderReport& o = *hud.lastOrder;
        lines.push_back({"Last path: " + std::string(isostar::path::statusName(o.status)) + ", cost " + fmt(o.cost) + ", " +
                             std::to_string(o.length) + " tiles",
                         HudWhite});
        lines.push_back({"  " + std::to_string(o.expanded) + " nodes expanded in " + fmt(o.micros, 0) + " \xC2\xB5s", HudDim});
    } else {
        lines.push_back({"Last path: none yet", HudDim});
    }
    if (hud.preview && !hud.preview->path.empty())
        lines.push_back({"Preview: cost " + fmt(hud.preview->cost) + ", " + std::to_string(hud.preview->path.size()) +
                             " tiles (" + std::string(isostar::path::statusName(hud.preview->status)) + ")",
                         HudGreen});
    for (const std::string& s : hud.statusLines)
        lines.push_back({s, HudWhite});
    for (const std::string& s : hud.errorLines)
        lines.push_back({s, HudRed});
    return lines;
}

HudLayout View::hudLayout(const HudLines& status, const HudState& hud)
{
    HudLayout layout;
    const float statusHeight = float(StatusPx) * LineSpacing * float(status.size()) + PanelPadding;
    layout.belowStatusPx = StatusY + statusHeight + PanelGap;
    layout.bottomMarginPx = hud.hintBar.shown ? HelpBarPx + PanelGap : PanelGap;
    return layout;
}

void View::drawHud(sf::RenderTarget& target, const World& world, const HudState& hud, const HudLines& status) const
{
    if (!m_hasFont)
        return;
    game::drawPanel(target, m_font, StatusX, StatusY, status, StatusPx);

    // Top right: the hovered tile and why it costs what it costs.
    if (hud.hover) {
        HudLines tl;
        tl.push_back({"Tile " + tileStr(world.frame.toTiled(*hud.hover)), HudGold});
        if (hud.fog && !hud.fog->known(*hud.hover)) {
            tl.push_back({"unknown", HudWhite});  // nothing of its terrain or cost leaks
        } else {
            for (const std::string& s : world.explain(*hud.hover, hud.explainLayer))
                tl.push_back({s, HudWhite});
            for (const std::string& s : hud.tileLines)
                tl.push_back({s, HudWhite});
        }
        game::drawPanel(target, m_font, float(target.getSize().x) - 10.f, 10.f, tl, 14, true);
    }
    drawMessages(target, hud);
    if (hud.hintBar.shown)
        drawHelp(target, hud);
    if (hud.helpSheet)
        drawHelpSheet(target, *hud.helpSheet);
}

void View::drawMessages(sf::RenderTarget& target, const HudState& hud) const
{
    // Newest at the bottom, above the hint bar.
    const sf::Vector2f size(target.getSize());
    float y = size.y - (hud.hintBar.shown ? 44.f : 14.f);
    static const MessageLog NoMessages;
    const MessageLog& messages = hud.messages ? *hud.messages : NoMessages;
    // Centred, or left of the minimap when it would reach into it.
    const bool minimap = m_minimap.visible() && m_minimap.layout().box().width > 0.f;
    const float right = minimap ? m_minimap.layout().box().left - 10.f : size.x;
    for (auto it = messages.shown().rbegin(); it != messages.shown().rend(); ++it) {
        sf::Text t(sf::String::fromUtf8(it->text.begin(), it->text.end()), m_font, 15);
        sf::Color c = it->error ? HudRed : HudWhite;
        c.a = sf::Uint8(255 * std::clamp(it->ttlSec / 1.0, 0.0, 1.0));
        const sf::FloatRect b = t.getLocalBounds();
        const float x = std::max(8.f, std::min(size.x * 0.5f - b.width * 0.5f, right - b.width - 8.f));
        y -= 24.f;
        sf::RectangleShape bgShape(sf::Vector2f(b.width + 16.f, 22.f));
        bgShape.setPosition(std::round(x - 8.f), y);
        bgShape.setFillColor(sf::Color(12, 14, 20, sf::Uint8(170 * c.a / 255)));
        target.draw(bgShape);
        t.setFillColor(c);
        t.setPosition(std::round(x), y + 2.f);
        target.draw(t);
    }
}

void View::drawHelp(sf::RenderTarget& target, const HudState& hud) const
{
    const sf::Vector2f size(target.getSize());
    sf::Text t(hud.hintBar.text, m_font, 13);
    t.setFillColor(HudDim);
    const sf::FloatRect b = t.getLocalBounds();
    sf::RectangleShape bgShape(sf::Vector2f(size.x, HelpBarPx));
    bgShape.setPosition(0.f, size.y - HelpBarPx);
    bgShape.setFillColor(sf::Color(12, 14, 20, 200));
    target.draw(bgShape);
    t.setPosition(std::round(size.x * 0.5f - b.width * 0.5f), size.y - 21.f);
    target.draw(t);
}

void View::drawHelpSheet(sf::RenderTarget& target, const HelpSheet& sheet) const
{
    const sf::Vector2f size(target.getSize());
    const float lineHeight = float(SheetPx) * LineSpacing;
    const float titleHeight = float(SheetTitlePx) * LineSpacing + SheetGroupGap;
    const std::vector<SheetColumn> columns =
        sheetColumns(m_font, sheet, std::max(lineHeight * 4.f, size.y - 2.f * (StatusY + SheetPad) - titleHeight));
    sf::Text title = panelText(m_font, SheetTitlePx);
    title.setString(sf::String::fromUtf8(sheet.title.begin(), sheet.title.end()));
    float width = 0.f, height = 0.f;
    for (const SheetColumn& c : columns) {
        width += c.keysWidth + SheetKeyGap + c.whatWidth + SheetColumnGap;
        height = std::max(height, c.height);
    }
    width = std::max(width - SheetColumnGap, title.getLocalBounds().width) + 2.f * SheetPad;
    height += titleHeight + 2.f * SheetPad;
    const sf::Vector2f corner(std::round(std::max(0.f, (size.x - width) * 0.5f)),
                              std::round(std::max(StatusY, (size.y - height) * 0.5f)));
    drawPanelBox(target, {corner.x, corner.y, width, height}, 245);
    title.setFillColor(HudGold);
    title.setPosition(corner.x + SheetPad, corner.y + SheetPad);
    target.draw(title);
    sf::Text t = panelText(m_font, SheetPx);
    const auto text = [&](const std::string& s, sf::Color color, float x, float y) {
        t.setString(sf::String::fromUtf8(s.begin(), s.end()));
        t.setFillColor(color);
        t.setPosition(std::round(x), std::round(y));
        target.draw(t);
    };
    float x = corner.x + SheetPad;
    for (const SheetColumn& c : columns) {
        float y = corner.y + SheetPad + titleHeight;
        for (const HelpSheet::Group* g : c.groups) {
            text(g->title, HudGold, x, y);
            y += lineHeight;
            for (const auto& [keys, what] : g->lines) {
                text(keys, SheetKeys, x, y);
                text(what, HudWhite, x + c.keysWidth + SheetKeyGap, y);
                y += lineHeight;
            }
            y += SheetGroupGap;
        }
        x += c.keysWidth + SheetKeyGap + c.whatWidth + SheetColumnGap;
    }
}

} // namespace game
