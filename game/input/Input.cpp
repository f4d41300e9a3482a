/// \file Input.cpp
/// App: mouse and keyboard handling (real events and scripted ones go through the same
/// handlers), camera panning, orders and selection by click, box and number key.
#include "game/app/App.hpp"

#include "game/app/AppDetail.hpp"

#include <algorithm>
#include <cmath>

namespace game {

using detail::tileStr;

namespace {

constexpr int DragThresholdPx = 6;
constexpr float EdgeScrollPx = 10.f;
constexpr float PanSpeedPxPerSec = 700.f;

} // namespace

void App::handleEvent(const sf::Event& e)
{
    switch (e.type) {
    case sf::Event::Closed: m_window->close(); break;
    case sf::Event::Resized:
        m_window->setView(sf::View(sf::FloatRect(0.f, 0.f, float(e.size.width), float(e.size.height))));
        m_camera.setViewport({e.size.width, e.size.height});
        break;
    case sf::Event::MouseMoved: mouseMoved({e.mouseMove.x, e.mouseMove.y}); break;
    case sf::Event::MouseEntered: m_mouseInside = true; break;
    case sf::Event::MouseLeft: m_mouseInside = false; break;
    case sf::Event::MouseButtonPressed:
        mousePressed(e.mouseButton.button, {e.mouseButton.x, e.mouseButton.y});
        break;
    case sf::Event::MouseButtonReleased:
        mouseReleased(e.mouseButton.button, {e.mouseButton.x, e.mouseButton.y});
        break;
    case sf::Event::MouseWheelScrolled:
        if (e.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel)
            wheel({e.mouseWheelScroll.x, e.mouseWheelScroll.y}, e.mouseWheelScroll.delta);
        break;
    case sf::Event::KeyPressed: {
        KeyChord k;
        k.key = e.key.code;
        k.ctrl = e.key.control;
        k.shift = e.key.shift;
        k.alt = e.key.alt;
        keyPressed(k);
        break;
    }
    case sf::Event::KeyReleased:
        m_ctrl = e.key.control;
        m_shift = e.key.shift;
        break;
    default: break;
    }
}

void App::mouseMoved(sf::Vector2i px)
{
    const sf::Vector2i before = m_mouse;
    m_mouse = px;
    m_mouseInside = true;
    if ((m_middleDown || m_rightDown) && before.x >= 0) {
        if (m_rightDown && !m_rightPanning &&
            std::abs(px.x - m_rightPress.x) + std::abs(px.y - m_rightPress.y) > DragThresholdPx)
            m_rightPanning = true;
        if (m_middleDown || m_rightPanning)
            m_camera.panPixels(sf::Vector2f(float(m_lastDrag.x - px.x), float(m_lastDrag.y - px.y)));
        m_lastDrag = px;
    }
    if (m_leftDown && !m_boxing && std::abs(px.x - m_leftPress.x) + std::abs(px.y - m_leftPress.y) > DragThresholdPx)
        m_boxing = true;
    updateHover();
}

void App::mousePressed(sf::Mouse::Button b, sf::Vector2i px)
{
    m_mouse = px;
    if (b == sf::Mouse::Left) {
        m_leftDown = true;
        m_boxing = false;
        m_leftPress = px;
    } else if (b == sf::Mouse::Right) {
        m_rightDown = true;
        m_rightPanning = false;
        m_rightPress = px;
        m_lastDrag = px;
    } else if (b == sf::Mouse::Middle) {
        m_middleDown = true;
        m_lastDrag = px;
    }
}

void App::mouseReleased(sf::Mouse::Button b, sf::Vector2i px)
{
    m_mouse = px;
    updateHover();
    if (b == sf::Mouse::Left && m_leftDown) {
        m_leftDown = false;
        if (m_boxing) {
            m_boxing = false;
            selectInBox(m_leftPress, px, m_shift);
            return;
        }
        const int unit = unitAtPixel(px);
        if (unit >= 0) {
            toggleSelect(unit, m_shift);
            return;
        }
        if (!m_hover) {
            say("that is outside the map");
            return;
        }
        if (m_squad.selection().empty()) {
            say("select a unit first (click it, drag a box, Ctrl+A or 1-" + std::to_string(m_squad.units().size()) + ")");
            return;
        }
        orderTo(*m_hover);
    } else if (b == sf::Mouse::Right && m_rightDown) {
        m_rightDown = false;
        if (m_rightPanning) {
            m_rightPanning = false;
            return;
        }
        if (!m_hover) {
            say("that is outside the map");
            return;
        }
        if (m_squad.selection().empty()) {
            say("select a unit first");
            return;
        }
        orderTo(*m_hover);
    } else if (b == sf::Mouse::Middle) {
        m_middleDown = false;
    }
}

void App::wheel(sf::Vector2i px, float delta)
{
    m_camera.zoomAt(px, std::pow(0.87f, delta));
    updateHover();
}

void App::keyPressed(const KeyChord& k)
{
    m_ctrl = k.ctrl;
    m_shift = k.shift;
    using K = sf::Keyboard;
    const float step = 120.f;
    if (k.ctrl && k.key == K::A) {
        m_squad.selectAll();
        return;
    }
    if (k.key >= K::Num1 && k.key <= K::Num9) {
        const int i = k.key - K::Num1;
        if (i < int(m_squad.units().size()))
            toggleSelect(i, k.shift);
        return;
    }
    switch (k.key) {
    case K::Escape: m_squad.selectNone(); break;
    case K::T:
        m_showTrace = !m_showTrace;
        m_traceAgeSec = 0.0;
        say(m_showTrace ? "A* trace on: closed cells coloured by g, open cells green, numbers f (g+h)"
                        : "A* trace off");
        break;
    case K::F5: reload(); break;
    case K::H:
    case K::F1: m_showHelp = !m_showHelp; break;
    case K::Space:
    case K::Home: {
        std::vector<int> sel = m_squad.selection();
        if (sel.empty())
            for (std::size_t i = 0; i < m_squad.units().size(); ++i)
                sel.push_back(int(i));
        if (sel.empty())
            break;
        sf::Vector2f sum{0.f, 0.f};
        for (int i : sel)
            sum += unitFeetWorld(m_squad.units()[std::size_t(i)]);
        m_camera.centerOn(sum / float(sel.size()));
        break;
    }
    case K::Add:
    case K::Equal: m_camera.zoomAt({int(m_camera.viewportSize().x / 2), int(m_camera.viewportSize().y / 2)}, 0.8f); break;
    case K::Subtract:
    case K::Hyphen: m_camera.zoomAt({int(m_camera.viewportSize().x / 2), int(m_camera.viewportSize().y / 2)}, 1.25f); break;
    // Pan keys: held keys pan smoothly in play (realtimeCamera); a scripted press pans one step.
    case K::W:
    case K::Up:
        if (m_scripted)
            m_camera.panPixels({0.f, -step});
        break;
    case K::S:
    case K::Down:
        if (m_scripted)
            m_camera.panPixels({0.f, step});
        break;
    case K::A:
    case K::Left:
        if (m_scripted)
            m_camera.panPixels({-step, 0.f});
        break;
    case K::D:
    case K::Right:
        if (m_scripted)
            m_camera.panPixels({step, 0.f});
        break;
    default: break;
    }
    updateHover();
}

void App::realtimeCamera(double dtSec)
{
    if (m_scripted || !m_window->hasFocus())
        return;
    using K = sf::Keyboard;
    sf::Vector2f dir{0.f, 0.f};
    const bool ctrl = K::isKeyPressed(K::LControl) || K::isKeyPressed(K::RControl);
    if (!ctrl) {
        if (K::isKeyPressed(K::W) || K::isKeyPressed(K::Up))
            dir.y -= 1.f;
        if (K::isKeyPressed(K::S) || K::isKeyPressed(K::Down))
            dir.y += 1.f;
        if (K::isKeyPressed(K::A) || K::isKeyPressed(K::Left))
            dir.x -= 1.f;
        if (K::isKeyPressed(K::D) || K::isKeyPressed(K::Right))
            dir.x += 1.f;
    }
    // Screen-edge scrolling, only while the pointer is inside the window and no drag is going on.
    const sf::Vector2u size = m_window->getSize();
    if (m_mouseInside && !m_leftDown && !m_rightDown && !m_middleDown && m_mouse.x >= 0) {
        if (m_mouse.x < EdgeScrollPx)
            dir.x -= 1.f;
        if (m_mouse.x > float(size.x) - EdgeScrollPx)
            dir.x += 1.f;
        if (m_mouse.y < EdgeScrollPx)
            dir.y -= 1.f;
        if (m_mouse.y > float(size.y) - EdgeScrollPx)
            dir.y += 1.f;
    }
    if (dir.x != 0.f || dir.y != 0.f) {
        m_camera.panPixels(dir * float(PanSpeedPxPerSec * dtSec));
        updateHover();
    }
}

void App::orderTo(eng::TileCoord tile)
{
    if (!m_world.field.inBounds(tile)) {
        say("that is outside the map");
        return;
    }
    if (m_squad.selection().empty()) {
        say("select a unit first");
        return;
    }
    const OrderReport rep = m_squad.orderSelected(tile, &m_trace);
    if (!rep.accepted) {
        say("no unit can move there: they are all boxed in", true);
        return;
    }
    m_lastOrder = rep;
    m_hasOrder = true;
    m_traceAgeSec = 0.0;
    m_previewFor.reset();
    if (rep.anchorMoved && rep.anchor) {
        const bool wall = !m_world.field.passable(tile);
        say(std::string(wall ? "that tile is impassable" : "that tile cannot be reached") +
                ": walking to the closest reachable tile " + tileStr(*rep.anchor),
            false);
    }
}

int App::unitAtPixel(sf::Vector2i px) const
{
    const auto& units = m_squad.units();
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
        if (u.sheet >= 0) {
            const auto& s = m_characters[std::size_t(u.sheet)]->sheet;
            // The visible body is narrower than the frame: use its middle 60%.
            const float w = float(s.frameWidth) * 0.6f;
            box = sf::FloatRect(feet.x - w * 0.5f, feet.y - float(s.originY) * 0.9f, w, float(s.originY) * 0.9f + 6.f);
        }
        if (!box.contains(world))
            continue;
        const double depth = u.pos.x + u.pos.y;
        if (depth > bestDepth) {
            bestDepth = depth;
            best = int(i);
        }
    }
    return best;
}

void App::selectInBox(sf::Vector2i a, sf::Vector2i b, bool add)
{
    const sf::FloatRect box(float(std::min(a.x, b.x)), float(std::min(a.y, b.y)), float(std::abs(a.x - b.x)),
                            float(std::abs(a.y - b.y)));
    if (!add)
        m_squad.selectNone();
    int count = 0;
    for (Unit& u : m_squad.units()) {
        const sf::Vector2f s = unitScreen(u);
        // A unit counts when its feet or its body centre lies in the box.
        if (box.contains(s) || box.contains(s.x, s.y - 24.f / m_camera.zoom())) {
            u.selected = true;
            ++count;
        }
    }
    if (count == 0 && !add)
        say("no unit in the box");
}

void App::toggleSelect(int index, bool add)
{
    if (add)
        m_squad.units()[std::size_t(index)].selected = !m_squad.units()[std::size_t(index)].selected;
    else
        m_squad.selectOnly(index);
}

} // namespace game
