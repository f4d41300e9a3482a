#pragma once
/// \file ImGuiLayer.hpp
/// Dear ImGui (Debian's 1.86, its OpenGL2 backend) drawn over the SFML frame on SFML's own GL
/// context, fed by our own small adapter from SFML events to ImGuiIO (mouse position, buttons,
/// wheel, keys with modifiers, text input, display size, delta time). There is no packaged
/// ImGui-SFML and none is copied in.
///
/// Guarantees:
/// - One ImGui context per layer, created by init() and destroyed (backend shutdown, then
///   DestroyContext) by the destructor: no ImGui state outlives the layer. No `imgui.ini` or
///   log file is ever written.
/// - draw() saves and restores the GL state SFML relies on (pushGLStates / popGLStates, then
///   resetGLStates), so SFML drawing before and after it is unaffected. It works on the window
///   and on an sf::RenderTexture (screenshots) alike, and under Xvfb's software GL.
/// - A mouse press that lands on an ImGui window, and keys while an ImGui text field has the
///   keyboard, are ImGui's: wantsMouse() / wantsKeyboard() tell the owner not to hand them to
///   the game, so a click on a panel never moves the party.
/// - A press and release that arrive between two frames (a scripted click) still count as a
///   click: the button stays down for the next frame, as the GLFW backend does it.
///
/// \code
/// game::ImGuiLayer ui;
/// ui.init(window);                                  // after the window exists
/// while (window.pollEvent(e)) {
///     ui.processEvent(e);
///     if (ui.captures(e)) continue;                 // the panel's, not the game's
///     input.handleEvent(e);
/// }
/// window.clear(); drawTheGame(window);
/// ui.draw(window, [&] { ImGui::Begin("Tuning"); ...; ImGui::End(); });
/// window.display();
/// \endcode

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/System/Clock.hpp>
#include <SFML/System/Vector2.hpp>
#include <SFML/Window/Event.hpp>

#include <array>
#include <functional>

struct ImGuiContext;

namespace game {

class ImGuiLayer {
public:
    ImGuiLayer() = default;
    /// Shuts the backend down and destroys the context (with a GL context current, so the font
    /// texture is freed even after the window closed).
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    /// Creates the ImGui context and the OpenGL2 backend for `window` (which must outlive the
    /// layer). Default font, dark style, no ini file. Returns false (and stays inert: every
    /// other call does nothing) when the backend cannot start. Call once.
    bool init(sf::RenderWindow& window);
    /// True after a successful init().
    bool ready() const { return m_context != nullptr; }

    /// Feeds one SFML event to ImGui: mouse moves, buttons, wheel (vertical and horizontal),
    /// key presses and releases with Ctrl / Shift / Alt / Super, text entered, focus lost
    /// (every key and button released). Window resizes need nothing: the display size is the
    /// target's at each draw().
    void processEvent(const sf::Event& e);
    /// True when the event belongs to ImGui and not to the game: a button press or wheel over
    /// an ImGui window (or while ImGui holds the mouse for a drag), a key or text while an
    /// ImGui widget has the keyboard. Releases and moves are never captured, so a drag the game
    /// began always ends in the game.
    bool captures(const sf::Event& e) const;
    /// True when the pixel lies on an ImGui window drawn in the last frame, or ImGui holds the
    /// mouse (a slider being dragged). Always false before the first draw().
    bool wantsMouse(sf::Vector2i px) const;
    /// True when an ImGui widget (a text field) has the keyboard.
    bool wantsKeyboard() const;

    /// One ImGui frame: NewFrame (display size = `target`'s size, delta time = real time since
    /// the last draw, at least 1 ms), `build()` (ImGui::Begin/End calls), Render, and the draw
    /// data rendered over whatever `target` holds. Does nothing when not ready(). An empty
    /// `build` runs no ImGui frame at all (no cost, GL untouched) and leaves no window to
    /// capture events: call it so when nothing ImGui is shown.
    void draw(sf::RenderTarget& target, const std::function<void()>& build);

private:
    void releaseAll();

    ImGuiContext* m_context = nullptr;
    sf::RenderWindow* m_window = nullptr;
    bool m_backend = false;
    sf::Clock m_clock;
    std::array<bool, 5> m_buttonDown{};     ///< buttons held now
    std::array<bool, 5> m_buttonPressed{};  ///< pressed since the last frame (scripted clicks)
    bool m_drawn = false;                   ///< at least one frame was drawn
};

} // namespace game
