/// \file Input.cpp
/// Input: mouse and keyboard handling (real events and scripted ones go through the same
/// handlers): which gesture the pointer made, looked up in the binding table; the camera's and
/// the pointer's commands run here, every other goes to the sink.
#include "game/input/Input.hpp"

#include "game/common/FixedStep.hpp"
#include "game/common/Format.hpp"
#include "game/common/SfmlVec.hpp"

#include <algorithm>
#include <cmath>
#include <variant>

namespace game {


namespace {

constexpr int DragThresholdPx = 6;
constexpr float EdgeScrollPx = 10.f;
constexpr float PanSpeedPxPerSec = 700.f;
constexpr float PanStepPx = 120.f;       ///< a scripted press of a pan key
constexpr float KeyZoomStep = 0.8f;      ///< the view's size after a zoom key in (1/x: out)
constexpr float WheelZoomStep = 0.87f;   ///< the same per wheel notch

} // namespace

std::vector<isostar::TileCoord> brushLine(isostar::TileCoord from, isostar::TileCoord to)
{
    std::vector<isostar::TileCoord> out;
    const int dx = std::abs(to.x - from.x), dy = std::abs(to.y - from.y);
    const int sx = to.x > from.x ? 1 : -1, sy = to.y > from.y ? 1 : -1;
    isostar::TileCoord c = from;
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

Input::Input(Party& party, View& view, CommandSink sink) : m_party(party), m_view(view), m_sink(std::move(sink))
{
}

void Input::say(const std::string& text)
{
    if (m_sink)
        m_sink(cmd::Notify{text, false});
}

void Input::pointerChanged()
{
    if (const std::optional<Command> c = bound(Gesture::Hover, m_shift))
        emit(*c);
}

std::optional<isostar::TileCoord> Input::hover() const
{
    if (m_view.minimap().hit(m_mouse))
        return std::nullopt;
    return m_view.pick(m_mouse);
}

std::optional<isostar::TileCoord> Input::clickedCell() const
{
    const Minimap& minimap = m_view.minimap();
    return minimap.hit(m_mouse) ? minimap.layout().pixelToCell(m_mouse) : hover();
}

void Input::viewMoved()
{
    if (!m_view.following())
        return;
    m_view.setFollow(false);
    say("follow off: the view moved (" + keyOf(cmd::ToggleFollow{}) + " follows again)");
}

void Input::minimapJump(sf::Vector2i px)
{
    const sf::FloatRect pic = m_view.minimap().layout().picture();
    const sf::Vector2f p(std::clamp(float(px.x) + 0.5f, pic.left, pic.left + pic.width),
                         std::clamp(float(px.y) + 0.5f, pic.top, pic.top + pic.height));
    viewMoved();
    m_view.camera().centerOn(m_view.minimap().layout().pixelToWorld(p));
}

std::optional<Command> Input::bound(Gesture g, bool shift) const
{
    Trigger t;
    t.gesture = g;
    t.chord.ctrl = m_ctrl;
    t.chord.shift = shift;
    return commandFor(t, m_editing, m_helpShown);
}

bool Input::gesture(Gesture g, isostar::TileCoord tile, bool shift)
{
    const std::optional<Command> c = bound(g, shift);
    if (!c)
        return false;
    emit(atTile(*c, tile));
    return true;
}

void Input::emit(const Command& c)
{
    if (!runView(c) && m_sink)
        m_sink(c);
}

bool Input::pansWith(Gesture g) const
{
    const std::optional<Command> c = bound(g, m_shift);
    return c && *c == Command(cmd::Pan{});
}

bool Input::runView(const Command& c, float amount, std::optional<sf::Vector2i> at)
{
    const sf::Vector2i pointer = at.value_or(m_mouse);
    Camera& camera = m_view.camera();
    const sf::Vector2i centre{int(camera.viewportSize().x / 2), int(camera.viewportSize().y / 2)};
    if (const auto* pan = std::get_if<cmd::Pan>(&c)) {
        viewMoved();
        camera.panPixels(sf::Vector2f(float(pan->dx), float(pan->dy)) * (PanStepPx * amount));
    } else if (const auto* zoom = std::get_if<cmd::Zoom>(&c)) {
        if (!zoom->atPointer) {
            const float steps = float(zoom->steps) * amount;
            camera.zoomAt(centre, steps > 0.f ? std::pow(KeyZoomStep, steps) : std::pow(1.f / KeyZoomStep, -steps));
        } else if (m_view.minimap().hit(pointer)) {
            // Over the minimap the zoom keeps the view's centre.
            camera.zoomAt(centre, std::pow(WheelZoomStep, float(zoom->steps) * amount));
        } else {
            // Around the point under the cursor, which moves the view off a followed leader.
            viewMoved();
            camera.zoomAt(pointer, std::pow(WheelZoomStep, float(zoom->steps) * amount));
        }
    } else if (std::holds_alternative<cmd::CenterView>(c)) {
        centerOnSelection();
    } else if (const auto* look = std::get_if<cmd::LookAt>(&c)) {
        viewMoved();
        camera.centerOn(m_view.cellCenterWorld(look->tile));
    } else if (const auto* box = std::get_if<cmd::SelectBox>(&c)) {
        selectInBox({box->x0, box->y0}, {box->x1, box->y1}, box->add);
    } else {
        return false;
    }
    return true;
}

void Input::centerOnSelection()
{
    std::vector<int> sel = m_party.selection().indices();
    if (sel.empty())
        for (std::size_t i = 0; i < m_party.units().size(); ++i)
            sel.push_back(int(i));
    if (sel.empty())
        return;
    viewMoved();
    sf::Vector2f sum{0.f, 0.f};
    for (int i : sel)
        sum += m_view.unitFeetWorld(m_party.units()[std::size_t(i)]);
    m_view.camera().centerOn(sum / float(sel.size()));
}

void Input::setEditing(bool on)
{
    if (m_painting && m_sink)
        m_sink(cmd::EndStroke{});
    m_painting = false;
    m_left.down = false;
    m_left.dragging = false;
    m_editing = on;
}

std::optional<sf::IntRect> Input::selectionBox() const
{
    if (m_editing || !m_left.down || !m_left.dragging)
        return std::nullopt;
    return sf::IntRect(std::min(m_mouse.x, m_left.press.x), std::min(m_mouse.y, m_left.press.y),
                       std::abs(m_mouse.x - m_left.press.x), std::abs(m_mouse.y - m_left.press.y));
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
    if ((m_middleDown || m_right.down) && before.x >= 0) {
        if (m_right.down && !m_right.dragging &&
            std::abs(px.x - m_right.press.x) + std::abs(px.y - m_right.press.y) > DragThresholdPx)
            m_right.dragging = true;
        if (((m_middleDown && pansWith(Gesture::MiddleDrag)) || (m_right.dragging && pansWith(Gesture::RightDrag))) &&
            px != m_lastDrag) {
            viewMoved();
            m_view.camera().panPixels(sf::Vector2f(float(m_lastDrag.x - px.x), float(m_lastDrag.y - px.y)));
        }
        m_lastDrag = px;
    }
    if (m_left.down && m_left.minimap) {
        minimapJump(px);
    } else if (m_painting) {
        const std::optional<isostar::TileCoord> tile = hover();
        if (tile && tile != m_lastPainted) {
            // A fast drag skips cells between two mouse events: paint the 4-connected line
            // between them, so a dragged wall or road has no gaps.
            const std::vector<isostar::TileCoord> line =
                m_lastPainted ? brushLine(*m_lastPainted, *tile) : std::vector<isostar::TileCoord>{*tile};
            m_lastPainted = tile;
            for (isostar::TileCoord c : line)
                gesture(Gesture::Drag, c, m_shift);
        }
    } else if (m_left.down && !m_left.dragging &&
               std::abs(px.x - m_left.press.x) + std::abs(px.y - m_left.press.y) > DragThresholdPx) {
        m_left.dragging = true;
    }
    pointerChanged();
}

void Input::mousePressed(sf::Mouse::Button b, sf::Vector2i px)
{
    m_mouse = px;
    if (b == sf::Mouse::Left && m_view.minimap().hit(px) && bound(Gesture::MinimapClick, m_shift)) {
        // Looking there on the exact point under the pointer, and following it while it drags.
        m_left = {true, false, true, px};
        minimapJump(px);
    } else if (b == sf::Mouse::Left && m_editing) {
        const std::optional<isostar::TileCoord> tile = hover();
        if (!tile)
            return;
        m_painting = true;
        m_lastPainted = tile;
        if (m_sink)
            m_sink(cmd::BeginStroke{});
        gesture(Gesture::Click, *tile, m_shift);
    } else if (b == sf::Mouse::Left) {
        m_left = {true, false, false, px};
    } else if (b == sf::Mouse::Right) {
        m_right.down = true;
        m_right.dragging = false;
        m_right.press = px;
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
        if (m_sink)
            m_sink(cmd::EndStroke{});
    } else if (b == sf::Mouse::Left && m_left.down) {
        releaseLeft(px);
    } else if (b == sf::Mouse::Right && m_right.down) {
        releaseRight();
    } else if (b == sf::Mouse::Middle) {
        m_middleDown = false;
    }
}

void Input::releaseLeft(sf::Vector2i px)
{
    m_left.down = false;
    if (m_left.minimap) {
        m_left.minimap = false;
        return;
    }
    if (m_left.dragging) {
        m_left.dragging = false;
        if (std::optional<Command> c = bound(Gesture::Drag, m_shift)) {
            if (auto* box = std::get_if<cmd::SelectBox>(&*c))
                *box = {m_left.press.x, m_left.press.y, px.x, px.y, box->add};
            emit(*c);
        }
        return;
    }
    const int unit = m_view.unitAtPixel(m_party, px);
    if (unit >= 0) {
        if (std::optional<Command> c = bound(Gesture::ClickUnit, m_shift)) {
            if (auto* select = std::get_if<cmd::SelectUnit>(&*c))
                select->index = unit;
            emit(*c);
        }
        return;
    }
    const std::optional<isostar::TileCoord> tile = hover();
    if (!tile) {
        say("that is outside the map");
        return;
    }
    if (m_party.selection().empty()) {
        say("select a unit first (click it, drag a box, " + keysFor({cmd::SelectAll{}}) + " or 1-" +
            std::to_string(m_party.units().size()) + ")");
        return;
    }
    const bool shift = m_shift || (!m_scripted && (sf::Keyboard::isKeyPressed(sf::Keyboard::LShift) ||
                                                   sf::Keyboard::isKeyPressed(sf::Keyboard::RShift)));
    gesture(Gesture::Click, *tile, shift);  // an order, or with Shift a race
}

void Input::releaseRight()
{
    m_right.down = false;
    if (m_right.dragging) {
        m_right.dragging = false;
        return;
    }
    if (m_editing && m_view.minimap().hit(m_mouse))
        return;  // the editor erases on the map itself, not through the minimap
    const std::optional<isostar::TileCoord> tile = clickedCell();
    if (!tile) {
        say("that is outside the map");
        return;
    }
    if (!m_editing && m_party.selection().empty()) {
        say("select a unit first");
        return;
    }
    gesture(Gesture::RightClick, *tile, m_shift);  // an order, or in the editor an erase
}

void Input::wheel(sf::Vector2i px, float delta)
{
    const std::optional<Command> c = bound(delta > 0.f ? Gesture::WheelUp : Gesture::WheelDown, m_shift);
    if (!c || delta == 0.f)
        return;
    // A zoom goes by the notches turned, around `px`; any other wheel row (Ctrl+wheel: the
    // editor's brush) once per event.
    if (!runView(*c, std::abs(delta), px)) {
        if (m_sink)
            m_sink(*c);
        return;
    }
    pointerChanged();
}

void Input::keyPressed(const KeyChord& k)
{
    m_ctrl = k.ctrl;
    m_shift = k.shift;
    if (const std::optional<Command> c = commandForKey(k, m_editing, m_helpShown)) {
        // A pan key pans while it is held, in play (realtimeCamera); a scripted press pans a step.
        if (m_scripted || !std::holds_alternative<cmd::Pan>(*c))
            emit(*c);
    }
    pointerChanged();
}

void Input::realtimeCamera(double dtSec, sf::Vector2u windowSize, bool hasFocus)
{
    if (m_scripted || !hasFocus)
        return;
    using K = sf::Keyboard;
    sf::Vector2f dir{0.f, 0.f};
    // The held keys bound to a pan, each direction once (W and Up held pan as one).
    const auto isPan = [](const Command& c) { return std::holds_alternative<cmd::Pan>(c); };
    for (const Command& c : heldCommands([](K::Key key) { return K::isKeyPressed(key); }, m_editing, isPan))
        if (const auto* pan = std::get_if<cmd::Pan>(&c))
            dir += sf::Vector2f(float(pan->dx), float(pan->dy));
    // Screen-edge scrolling, only while the pointer is inside the window and no drag is going on.
    const sf::Vector2u size = windowSize;
    if (m_mouseInside && !m_left.down && !m_right.down && !m_middleDown && m_mouse.x >= 0 && pansWith(Gesture::Edge)) {
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
        viewMoved();
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

} // namespace game
