/// \file ImGuiLayer.cpp
/// ImGuiLayer: our SFML -> ImGuiIO adapter (ImGui 1.86 still takes keys through io.KeyMap /
/// io.KeysDown, indexed here by sf::Keyboard::Key) and the OpenGL2 backend on SFML's context.
#include "game/ui/ImGuiLayer.hpp"

#include <imgui.h>
#include <imgui_internal.h>
#include <backends/imgui_impl_opengl2.h>

#include <SFML/Window/Clipboard.hpp>
#include <SFML/Window/Context.hpp>

#include <algorithm>
#include <optional>
#include <string>

namespace game {

namespace {

/// ImGui keeps the pointer it gets from the clipboard callback until the next call: one buffer
/// per process is enough (one ImGui frame runs at a time).
std::string& clipboardBuffer()
{
    static std::string text;
    return text;
}

const char* getClipboard(void*)
{
    const sf::String s = sf::Clipboard::getString();
    const std::basic_string<sf::Uint8> utf8 = s.toUtf8();
    clipboardBuffer().assign(utf8.begin(), utf8.end());
    return clipboardBuffer().c_str();
}

void setClipboard(void*, const char* text)
{
    const std::string s = text ? text : "";
    sf::Clipboard::setString(sf::String::fromUtf8(s.begin(), s.end()));
}

/// io.KeysDown has 512 entries; SFML's keys are 0..KeyCount-1 (Unknown is -1).
bool keyIndexOk(sf::Keyboard::Key k)
{
    return k >= 0 && int(k) < int(IM_ARRAYSIZE(ImGuiIO{}.KeysDown));
}

/// Makes the layer's context current for the scope and puts the previous one back after.
class ContextScope {
public:
    explicit ContextScope(ImGuiContext* c) : m_previous(ImGui::GetCurrentContext()) { ImGui::SetCurrentContext(c); }
    ~ContextScope() { ImGui::SetCurrentContext(m_previous); }
    ContextScope(const ContextScope&) = delete;
    ContextScope& operator=(const ContextScope&) = delete;

private:
    ImGuiContext* m_previous;
};

} // namespace

ImGuiLayer::~ImGuiLayer()
{
    if (!m_context)
        return;
    {
        // The backend frees its font texture: some GL context must be current. The window's
        // when it is still open, else a temporary one (SFML shares textures between contexts).
        std::optional<sf::Context> temporary;
        if (!(m_window && m_window->isOpen() && m_window->setActive(true)))
            temporary.emplace();
        ContextScope scope(m_context);
        if (m_backend)
            ImGui_ImplOpenGL2_Shutdown();
    }
    ImGui::DestroyContext(m_context);
    m_context = nullptr;
}

bool ImGuiLayer::init(sf::RenderWindow& window)
{
    if (m_context)
        return true;
    IMGUI_CHECKVERSION();
    m_window = &window;
    m_context = ImGui::CreateContext();
    ContextScope scope(m_context);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no imgui.ini in the working folder
    io.LogFilename = nullptr;
    io.BackendPlatformName = "isostar_sfml";
    io.SetClipboardTextFn = &setClipboard;
    io.GetClipboardTextFn = &getClipboard;
    io.KeyMap[ImGuiKey_Tab] = sf::Keyboard::Tab;
    io.KeyMap[ImGuiKey_LeftArrow] = sf::Keyboard::Left;
    io.KeyMap[ImGuiKey_RightArrow] = sf::Keyboard::Right;
    io.KeyMap[ImGuiKey_UpArrow] = sf::Keyboard::Up;
    io.KeyMap[ImGuiKey_DownArrow] = sf::Keyboard::Down;
    io.KeyMap[ImGuiKey_PageUp] = sf::Keyboard::PageUp;
    io.KeyMap[ImGuiKey_PageDown] = sf::Keyboard::PageDown;
    io.KeyMap[ImGuiKey_Home] = sf::Keyboard::Home;
    io.KeyMap[ImGuiKey_End] = sf::Keyboard::End;
    io.KeyMap[ImGuiKey_Insert] = sf::Keyboard::Insert;
    io.KeyMap[ImGuiKey_Delete] = sf::Keyboard::Delete;
    io.KeyMap[ImGuiKey_Backspace] = sf::Keyboard::Backspace;
    io.KeyMap[ImGuiKey_Space] = sf::Keyboard::Space;
    io.KeyMap[ImGuiKey_Enter] = sf::Keyboard::Enter;
    io.KeyMap[ImGuiKey_Escape] = sf::Keyboard::Escape;
    io.KeyMap[ImGuiKey_A] = sf::Keyboard::A;
    io.KeyMap[ImGuiKey_C] = sf::Keyboard::C;
    io.KeyMap[ImGuiKey_V] = sf::Keyboard::V;
    io.KeyMap[ImGuiKey_X] = sf::Keyboard::X;
    io.KeyMap[ImGuiKey_Y] = sf::Keyboard::Y;
    io.KeyMap[ImGuiKey_Z] = sf::Keyboard::Z;
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 4.f;
    if (!window.setActive(true) || !ImGui_ImplOpenGL2_Init()) {
        ImGui::DestroyContext(m_context);
        m_context = nullptr;
        return false;
    }
    m_backend = true;
    m_clock.restart();
    return true;
}

void ImGuiLayer::releaseAll()
{
    ImGuiIO& io = ImGui::GetIO();
    std::fill(std::begin(io.KeysDown), std::end(io.KeysDown), false);
    io.KeyCtrl = io.KeyShift = io.KeyAlt = io.KeySuper = false;
    m_buttonDown.fill(false);
}

void ImGuiLayer::processEvent(const sf::Event& e)
{
    if (!m_context)
        return;
    ContextScope scope(m_context);
    ImGuiIO& io = ImGui::GetIO();
    switch (e.type) {
    case sf::Event::MouseMoved: io.MousePos = ImVec2(float(e.mouseMove.x), float(e.mouseMove.y)); break;
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased: {
        io.MousePos = ImVec2(float(e.mouseButton.x), float(e.mouseButton.y));
        const int b = int(e.mouseButton.button);
        if (b < 0 || b >= int(m_buttonDown.size()))
            break;
        const bool down = e.type == sf::Event::MouseButtonPressed;
        m_buttonDown[std::size_t(b)] = down;
        if (down)
            m_buttonPressed[std::size_t(b)] = true;
        break;
    }
    case sf::Event::MouseWheelScrolled:
        io.MousePos = ImVec2(float(e.mouseWheelScroll.x), float(e.mouseWheelScroll.y));
        if (e.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel)
            io.MouseWheel += e.mouseWheelScroll.delta;
        else
            io.MouseWheelH += e.mouseWheelScroll.delta;
        break;
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased:
        if (keyIndexOk(e.key.code))
            io.KeysDown[e.key.code] = e.type == sf::Event::KeyPressed;
        io.KeyCtrl = e.key.control;
        io.KeyShift = e.key.shift;
        io.KeyAlt = e.key.alt;
        io.KeySuper = e.key.system;
        break;
    case sf::Event::TextEntered:
        // Control characters (backspace, tab, enter, delete) come as keys.
        if (e.text.unicode >= 32 && e.text.unicode != 127)
            io.AddInputCharacter(e.text.unicode);
        break;
    case sf::Event::LostFocus: releaseAll(); break;
    case sf::Event::MouseLeft: io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX); break;
    default: break;
    }
}

bool ImGuiLayer::captures(const sf::Event& e) const
{
    switch (e.type) {
    case sf::Event::MouseButtonPressed: return wantsMouse({e.mouseButton.x, e.mouseButton.y});
    case sf::Event::MouseWheelScrolled: return wantsMouse({e.mouseWheelScroll.x, e.mouseWheelScroll.y});
    case sf::Event::KeyPressed:
    case sf::Event::TextEntered: return wantsKeyboard();
    default: return false;
    }
}

bool ImGuiLayer::wantsMouse(sf::Vector2i px) const
{
    if (!m_context || !m_drawn)
        return false;
    ContextScope scope(m_context);
    if (ImGui::GetIO().WantCaptureMouse && ImGui::IsAnyItemActive())
        return true;  // a slider or scroll bar being dragged
    const ImVec2 p(float(px.x), float(px.y));
    for (const ImGuiWindow* w : m_context->Windows)
        if (w->Active && !w->Hidden && !(w->Flags & ImGuiWindowFlags_ChildWindow) && w->Rect().Contains(p))
            return true;
    return false;
}

bool ImGuiLayer::wantsKeyboard() const
{
    if (!m_context || !m_drawn)
        return false;
    ContextScope scope(m_context);
    return ImGui::GetIO().WantTextInput;
}

void ImGuiLayer::draw(sf::RenderTarget& target, const std::function<void()>& build)
{
    if (!m_context)
        return;
    if (!build) {
        m_drawn = false;  // no window this frame: nothing to capture
        return;
    }
    ContextScope scope(m_context);
    ImGuiIO& io = ImGui::GetIO();
    const sf::Vector2u size = target.getSize();
    if (size.x == 0 || size.y == 0)
        return;
    io.DisplaySize = ImVec2(float(size.x), float(size.y));
    io.DeltaTime = std::clamp(m_clock.restart().asSeconds(), 0.001f, 0.25f);
    for (std::size_t b = 0; b < m_buttonDown.size(); ++b) {
        // A press and release between two frames still shows as down for one frame: a click.
        io.MouseDown[b] = m_buttonDown[b] || m_buttonPressed[b];
        m_buttonPressed[b] = false;
    }
    // pushGLStates makes the target's context current and saves SFML's GL state; the backend
    // sets up its own state (and creates its font texture on the first frame).
    target.pushGLStates();
    ImGui_ImplOpenGL2_NewFrame();
    ImGui::NewFrame();
    if (build)
        build();
    ImGui::Render();
    ImGui_ImplOpenGL2_RenderDrawData(ImGui::GetDrawData());
    target.popGLStates();
    // popGLStates put SFML's GL state back but not its cache of it (bound texture, blend mode).
    target.resetGLStates();
    m_drawn = true;
}

} // namespace game
