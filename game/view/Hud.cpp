/// \file Hud.cpp
/// View: the HUD in screen space: status panel (map, fps, selection, last path), the hovered
/// tile's explanation, fading messages and the help line.
#include "game/view/View.hpp"

#include "game/common/FixedStep.hpp"
#include "game/common/Format.hpp"
#include "game/common/SfmlVec.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace game {

void View::drawHud(sf::RenderTarget& target, const World& world, const Party& party, const HudState& hud) const
{
    if (!m_hasFont)
        return;
    const sf::Vector2f size(target.getSize());
    auto panel = [&](float x, float y, const std::vector<std::pair<std::string, sf::Color>>& lines, unsigned px,
                     bool alignRight = false) {
        sf::Text t;
        t.setFont(m_font);
        t.setCharacterSize(px);
        float w = 0.f;
        const float lineH = float(px) * 1.35f;
        for (const auto& [s, c] : lines) {
            t.setString(sf::String::fromUtf8(s.begin(), s.end()));
            w = std::max(w, t.getLocalBounds().width);
        }
        const float h = lineH * float(lines.size()) + 10.f;
        if (alignRight)
            x = x - w - 20.f;
        sf::RectangleShape bgShape(sf::Vector2f(w + 20.f, h));
        bgShape.setPosition(x, y);
        bgShape.setFillColor(sf::Color(12, 14, 20, 190));
        bgShape.setOutlineColor(sf::Color(255, 255, 255, 40));
        bgShape.setOutlineThickness(1.f);
        target.draw(bgShape);
        float ly = y + 5.f;
        for (const auto& [s, c] : lines) {
            t.setString(sf::String::fromUtf8(s.begin(), s.end()));
            t.setFillColor(c);
            t.setPosition(std::round(x + 10.f), std::round(ly));
            target.draw(t);
            ly += lineH;
        }
        return h;
    };
    const sf::Color white(235, 235, 235), dim(170, 175, 185), gold(255, 220, 120), red(255, 110, 100), green(150, 240, 150);

    // Top left: map, fps, selection, last path.
    std::vector<std::pair<std::string, sf::Color>> lines;
    lines.push_back({"IsoStar  \xE2\x80\x94  " + std::filesystem::path(world.options.mapPath).filename().string() + "  (" +
                         std::to_string(world.map.width) + "x" + std::to_string(world.map.height) + ")",
                     gold});
    lines.push_back({hud.scripted ? "scripted run  |  zoom " + fmt(1.0 / m_camera.zoom(), 2) + "x"
                                : "fps " + fmt(hud.fps, 0) + "  |  zoom " + fmt(1.0 / m_camera.zoom(), 2) + "x",
                     dim});
    std::string sel;
    for (int i : party.selection().indices())
        sel += (sel.empty() ? "" : ", ") + party.units()[std::size_t(i)].name;
    lines.push_back({"Selected: " + (sel.empty() ? std::string("none") : sel), white});
    if (hud.lastOrder) {
        const OrderReport& o = *hud.lastOrder;
        lines.push_back({"Last path: " + std::string(eng::path::statusName(o.status)) + ", cost " + fmt(o.cost) + ", " +
                             std::to_string(o.length) + " tiles",
                         white});
        lines.push_back({"  " + std::to_string(o.expanded) + " nodes expanded in " + fmt(o.micros, 0) + " \xC2\xB5s", dim});
    } else {
        lines.push_back({"Last path: none yet", dim});
    }
    if (hud.preview && !hud.preview->path.empty())
        lines.push_back({"Preview: cost " + fmt(hud.preview->cost) + ", " + std::to_string(hud.preview->path.size()) +
                             " tiles (" + std::string(eng::path::statusName(hud.preview->status)) + ")",
                         green});
    if (hud.showTrace && hud.trace)
        lines.push_back({"A* trace: " + std::to_string(hud.trace->stepCount()) + " steps (T hides)", green});
    for (const std::string& s : hud.statusLines)
        lines.push_back({s, white});
    for (const std::string& s : hud.errorLines)
        lines.push_back({s, red});
    panel(10.f, 10.f, lines, 15);

    // Top right: the hovered tile and why it costs what it costs.
    if (hud.hover) {
        std::vector<std::pair<std::string, sf::Color>> tl;
        tl.push_back({"Tile " + tileStr(*hud.hover), gold});
        for (const std::string& s : world.explain(*hud.hover, hud.explainLayer))
            tl.push_back({s, white});
        for (const std::string& s : hud.tileLines)
            tl.push_back({s, white});
        panel(size.x - 10.f, 10.f, tl, 14, true);
    }

    // Messages, newest at the bottom, above the help line.
    float y = size.y - (hud.showHelp ? 44.f : 14.f);
    static const MessageLog NoMessages;
    const MessageLog& messages = hud.messages ? *hud.messages : NoMessages;
    for (auto it = messages.shown().rbegin(); it != messages.shown().rend(); ++it) {
        sf::Text t(sf::String::fromUtf8(it->text.begin(), it->text.end()), m_font, 15);
        sf::Color c = it->error ? red : white;
        c.a = sf::Uint8(255 * std::clamp(it->ttlSec / 1.0, 0.0, 1.0));
        const sf::FloatRect b = t.getLocalBounds();
        y -= 24.f;
        sf::RectangleShape bgShape(sf::Vector2f(b.width + 16.f, 22.f));
        bgShape.setPosition(std::round(size.x * 0.5f - b.width * 0.5f - 8.f), y);
        bgShape.setFillColor(sf::Color(12, 14, 20, sf::Uint8(170 * c.a / 255)));
        target.draw(bgShape);
        t.setFillColor(c);
        t.setPosition(std::round(size.x * 0.5f - b.width * 0.5f), y + 2.f);
        target.draw(t);
    }
    if (hud.showHelp) {
        const std::string help = !hud.help.empty() ? hud.help
                                 : "LMB select/move  drag: box  RMB move/pan  1-4, Ctrl+A select  WASD pan  wheel zoom  "
                                   "E editor  F2 tuning  F5 reload  H help  |  C I T V overlays  G/N step  Shift+click race  Y why";
        sf::Text t(help, m_font, 13);
        t.setFillColor(dim);
        const sf::FloatRect b = t.getLocalBounds();
        sf::RectangleShape bgShape(sf::Vector2f(size.x, 26.f));
        bgShape.setPosition(0.f, size.y - 26.f);
        bgShape.setFillColor(sf::Color(12, 14, 20, 200));
        target.draw(bgShape);
        t.setPosition(std::round(size.x * 0.5f - b.width * 0.5f), size.y - 21.f);
        target.draw(t);
    }
}

} // namespace game
