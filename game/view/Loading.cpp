/// \file Loading.cpp
/// View::drawLoading: the screen a map opens behind; View::drawReloading: the band a reload
/// runs behind, over the map still in play.
#include "game/view/View.hpp"

#include <cmath>
#include <cstdio>

namespace game {

void View::drawProgress(sf::RenderTarget& target, sf::Vector2f barPos, float barW, const std::string& title,
                        const std::string& step, double stepSec) const
{
    const float barH = 10.f;
    if (m_hasFont) {
        sf::Text t(sf::String::fromUtf8(title.begin(), title.end()), m_font, 20);
        t.setPosition(barPos.x, barPos.y - 64.f);
        target.draw(t);
        char secs[32];
        std::snprintf(secs, sizeof secs, "  %.1f s", stepSec);
        const std::string line = step + "..." + secs;
        sf::Text s(sf::String::fromUtf8(line.begin(), line.end()), m_font, 15);
        s.setFillColor(sf::Color(200, 205, 215));
        s.setPosition(barPos.x, barPos.y - 30.f);
        target.draw(s);
    }
    sf::RectangleShape bar({barW, barH});
    bar.setPosition(barPos);
    bar.setFillColor(sf::Color(60, 68, 86));
    target.draw(bar);
    // A block sweeping back and forth once every two seconds: the window is alive.
    const float phase = float(std::fmod(stepSec, 2.0) / 2.0);
    const float swing = phase < 0.5f ? phase * 2.f : 2.f - phase * 2.f;
    sf::RectangleShape block({barW / 5.f, barH});
    block.setPosition(barPos.x + swing * (barW - barW / 5.f), barPos.y);
    block.setFillColor(sf::Color(120, 170, 240));
    target.draw(block);
}

void View::drawLoading(sf::RenderTarget& target, const std::string& title, const std::string& step,
                       double stepSec) const
{
    target.setView(target.getDefaultView());
    target.clear(sf::Color(28, 34, 48));
    const sf::Vector2f size(target.getSize());
    const float barW = std::min(480.f, size.x - 40.f);
    drawProgress(target, {(size.x - barW) / 2.f, size.y / 2.f}, barW, title, step, stepSec);
}

void View::drawReloading(sf::RenderTarget& target, const std::string& title, const std::string& step,
                         double stepSec) const
{
    target.setView(target.getDefaultView());
    const sf::Vector2f size(target.getSize());
    const float barW = std::min(480.f, size.x - 40.f);
    const sf::Vector2f barPos((size.x - barW) / 2.f, 96.f);
    sf::RectangleShape band({barW + 40.f, 104.f});
    band.setPosition(barPos.x - 20.f, barPos.y - 76.f);
    band.setFillColor(sf::Color(28, 34, 48, 220));
    target.draw(band);
    drawProgress(target, barPos, barW, title, step, stepSec);
}

} // namespace game
