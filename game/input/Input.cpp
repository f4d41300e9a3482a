/// \file Input.cpp
/// Input: mouse and keyboard handling (real events and scripted ones go through the same
/// handlers), camera panning, orders and selection by click, box and number key.
#include "game/input/Input.hpp"

#include "game/common/FixedStep.hpp"
#include "game/common/Format.hpp"
#include "game/common/SfmlVec.hpp"

#include <algorithm>
#include <cmath>

namespace game {


namespace {

constexpr int DragThresholdPx = 6;
constexpr float EdgeScrollPx = 10.f;
constexpr float PanSpeedPxPerSec = 700.f;

} // namespace

std::vector<eng::TileCoord> brushLine(eng::TileCoord from, eng::TileCoord to)
{
    std::vector<eng::TileCoord> out;
    const int dx = std::abs(to.x - from.x), dy = std::abs(to.y - from.y);
    const int sx = to.x > from.x ? 1 : -1, sy = to.y > from.y ? 1 : -1;
    eng::TileCoord c = from;
    int err = 0;  // (steps taken in x) * dy - (steps taken in y) * dx, kept near 0
    for (int k = 0; k < dx + dy; ++k) {
        // Step along the axis that keeps the cell closer to the straight line.
        if (std::abs(err + dy) <= std::abs(err - dx)) {
            c.x += sx;
            err += dy;
        } else {
            c.y += sy;
            err -= dx;
        }
        out.push_back(c);
    }
    return out;
}

Input::Input(Party& party, View& view, InputActions actions)
    : m_party(party), m_view(view), m_actions(std::move(actions))
{
}

void Input::say(const std::string& text, bool error)
{
    if (m_actions.say)
        m_actions.say(text, error);
}

void Input::order(eng::TileCoord t)
{
    if (m_actions.order)
        m_actions.order(t);
}

void Input::pointerChanged()
{
    if (m_actions.pointerChanged)
        m_actions.pointerChanged();
}

void Input::setEditing(bool on)
{
    if (m_painting && m_actions.editStroke)
        m_actions.editStroke(false);
    m_painting = false;
    m_leftDown = false;
    m_boxing = false;
    m_editing = on;
    if (m_actions.editorToggled)
        m_actions.editorToggled(on);
}

std::optional<sf::IntRect> Input::selectionBox() const
{
    if (m_editing || !m_leftDown || !m_boxing)
        return std::nullopt;
    return sf::IntRect(std::min(m_mouse.x, m_leftPress.x), std::min(m_mouse.y, m_leftPress.y),
                       std::abs(m_mouse.x - m_leftPress.x), std::abs(m_mouse.y - m_leftPress.y));
}

void Input::handleEvent(const sf::Event& e)
{
    switch (e.type) {
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

void Input::mouseMoved(sf::Vector2i px)
{
    const sf::Vector2i before = m_mouse;
    m_mouse = px;
    m_mouseInside = true;
    if ((m_middleDown || m_rightDown) && before.x >= 0) {
        if (m_rightDown && !m_rightPanning &&
            std::abs(px.x - m_rightPress.x) + std::abs(px.y - m_rightPress.y) > DragThresholdPx)
            m_rightPanning = true;
        if (m_middleDown || m_rightPanning)
            m_view.camera().panPixels(sf::Vector2f(float(m_lastDrag.x - px.x), float(m_lastDrag.y - px.y)));
        m_lastDrag = px;
    }
    if (m_painting) {
        const std::optional<eng::TileCoord> tile = hover();
        if (tile && tile != m_lastPainted) {
            // A fast drag skips cells between two mouse events: paint the 4-connected line
            // between them, so a dragged wall or road has no gaps.
            const std::vector<eng::TileCoord> line =
                m_lastPainted ? brushLine(*m_lastPainted, *tile) : std::vector<eng::TileCoord>{*tile};
            m_lastPainted = tile;
            if (m_actions.editPaint)
                for (eng::TileCoord c : line)
                    m_actions.editPaint(c);
        }
    } else if (m_leftDown && !m_boxing &&
               std::abs(px.x - m_leftPress.x) + std::abs(px.y - m_leftPress.y) > DragThresholdPx) {
        m_boxing = true;
    }
    pointerChanged();
}

void Input::mousePressed(sf::Mouse::Button b, sf::Vector2i px)
{
    m_mouse = px;
    if (b == sf::Mouse::Left && m_editing) {
        const std::optional<eng::TileCoord> tile = hover();
        if (!tile)
            return;
        m_painting = true;
        m_lastPainted = tile;
        if (m_actions.editStroke)
            m_actions.editStroke(true);
        if (m_actions.editClick)
            m_actions.editClick(*tile);
    } else if (b == sf::Mouse::Left) {
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

void Input::mouseReleased(sf::Mouse::Button b, sf::Vector2i px)
{
    m_mouse = px;
    pointerChanged();
    if (b == sf::Mouse::Left && m_painting) {
        m_painting = false;
        m_lastPainted.reset();
        if (m_actions.editStroke)
            m_actions.editStroke(false);
    } else if (b == sf::Mouse::Left && m_leftDown) {
        m_leftDown = false;
        if (m_boxing) {
            m_boxing = false;
            selectInBox(m_leftPress, px, m_shift);
            return;
        }
        const int unit = m_view.unitAtPixel(m_party, px);
        if (unit >= 0) {
            toggleSelect(unit, m_shift);
            return;
        }
        const std::optional<eng::TileCoord> tile = hover();
        if (!tile) {
            say("that is outside the map");
            return;
        }
        if (m_party.selection().empty()) {
            say("select a unit first (click it, drag a box, Ctrl+A or 1-" + std::to_string(m_party.units().size()) + ")");
            return;
        }
        const bool shift = m_shift || (!m_scripted && (sf::Keyboard::isKeyPressed(sf::Keyboard::LShift) ||
                                                       sf::Keyboard::isKeyPressed(sf::Keyboard::RShift)));
        if (shift && m_actions.race) {
            m_actions.race(*tile);  // Shift+click: race the searches there instead of moving
            return;
        }
        order(*tile);
    } else if (b == sf::Mouse::Right && m_rightDown) {
        m_rightDown = false;
        if (m_rightPanning) {
            m_rightPanning = false;
            return;
        }
        const std::optional<eng::TileCoord> tile = hover();
        if (!tile) {
            say("that is outside the map");
            return;
        }
        if (m_editing) {
            if (m_actions.editErase)
                m_actions.editErase(*tile);
            return;
        }
        if (m_party.selection().empty()) {
            say("select a unit first");
            return;
        }
        order(*tile);
    } else if (b == sf::Mouse::Middle) {
        m_middleDown = false;
    }
}

void Input::wheel(sf::Vector2i px, float delta)
{
    if (m_editing && m_ctrl) {
        if (m_actions.cycleBrush && delta != 0.f)
            m_actions.cycleBrush(delta > 0.f ? -1 : 1);
        return;
    }
    m_view.camera().zoomAt(px, std::pow(0.87f, delta));
    pointerChanged();
}

void Input::keyPressed(const KeyChord& k)
{
    m_ctrl = k.ctrl;
    m_shift = k.shift;
    using K = sf::Keyboard;
    const float step = 120.f;
    if (k.ctrl && (k.key == K::Z || k.key == K::Y || k.key == K::S)) {
        const auto& act = k.key == K::S ? m_actions.save
                        : (k.key == K::Y || k.shift) ? m_actions.redo : m_actions.undo;
        if (act)
            act();
        pointerChanged();
        return;
    }
    if (k.key == K::E && !k.ctrl && !k.alt) {
        setEditing(!m_editing);
        return;
    }
    if (m_actions.debugKey && m_actions.debugKey(k)) {
        pointerChanged();
        return;
    }
    if (m_editing && k.key == K::Tab) {
        if (m_actions.cycleBrush)
            m_actions.cycleBrush(k.shift ? -1 : 1);
        return;
    }
    if (k.ctrl && k.key == K::A) {
        m_party.selection().selectAll();
        return;
    }
    if (k.key >= K::Num1 && k.key <= K::Num9) {
        const int i = k.key - K::Num1;
        if (i < int(m_party.units().size()))
            toggleSelect(i, k.shift);
        return;
    }
    switch (k.key) {
    case K::Escape: m_party.selection().selectNone(); break;
    case K::T:
        if (m_actions.toggleTrace)
            m_actions.toggleTrace();
        break;
    case K::F5:
        if (m_actions.reload)
            m_actions.reload();
        break;
    case K::F2:
        if (m_actions.toggleTuning)
            m_actions.toggleTuning();
        break;
    case K::H:
    case K::F1:
        if (m_actions.toggleHelp)
            m_actions.toggleHelp();
        break;
    case K::Space:
    case K::Home: {
        std::vector<int> sel = m_party.selection().indices();
        if (sel.empty())
            for (std::size_t i = 0; i < m_party.units().size(); ++i)
                sel.push_back(int(i));
        if (sel.empty())
            break;
        sf::Vector2f sum{0.f, 0.f};
        for (int i : sel)
            sum += m_view.unitFeetWorld(m_party.units()[std::size_t(i)]);
        m_view.camera().centerOn(sum / float(sel.size()));
        break;
    }
    case K::Add:
    case K::Equal: m_view.camera().zoomAt({int(m_view.camera().viewportSize().x / 2), int(m_view.camera().viewportSize().y / 2)}, 0.8f); break;
    case K::Subtract:
    case K::Hyphen: m_view.camera().zoomAt({int(m_view.camera().viewportSize().x / 2), int(m_view.camera().viewportSize().y / 2)}, 1.25f); break;
    // Pan keys: held keys pan smoothly in play (realtimeCamera); a scripted press pans one step.
    case K::W:
    case K::Up:
        if (m_scripted)
            m_view.camera().panPixels({0.f, -step});
        break;
    case K::S:
    case K::Down:
        if (m_scripted)
            m_view.camera().panPixels({0.f, step});
        break;
    case K::A:
    case K::Left:
        if (m_scripted)
            m_view.camera().panPixels({-step, 0.f});
        break;
    case K::D:
    case K::Right:
        if (m_scripted)
            m_view.camera().panPixels({step, 0.f});
        break;
    default: break;
    }
    pointerChanged();
}

void Input::realtimeCamera(double dtSec, sf::Vector2u windowSize, bool hasFocus)
{
    if (m_scripted || !hasFocus)
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
    const sf::Vector2u size = windowSize;
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
        m_view.camera().panPixels(dir * float(PanSpeedPxPerSec * dtSec));
        pointerChanged();
    }
}

void Input::selectInBox(sf::Vector2i a, sf::Vector2i b, bool add)
{
    const sf::FloatRect box(float(std::min(a.x, b.x)), float(std::min(a.y, b.y)), float(std::abs(a.x - b.x)),
                            float(std::abs(a.y - b.y)));
    std::vector<int> inside;
    for (std::size_t i = 0; i < m_party.units().size(); ++i) {
        const sf::Vector2f s = m_view.unitScreen(m_party.units()[i]);
        // A unit counts when its feet or its body centre lies in the box.
        if (box.contains(s) || box.contains(s.x, s.y - 24.f / m_view.camera().zoom()))
            inside.push_back(int(i));
    }
    m_party.selection().selectBox(inside, add);
    if (inside.empty() && !add)
        say("no unit in the box");
}

void Input::toggleSelect(int index, bool add)
{
    if (add)
        m_party.selection().toggle(index);
    else
        m_party.selection().selectOnly(index);
}

} // namespace game
