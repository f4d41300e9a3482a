/// \file AppUi.cpp
/// App: the Dear ImGui frame (game/ui/ImGuiLayer) and the wiring of the live tuning panel
/// (game/ui/TuningPanel): a change rebuilds the costs in place and the party replans exactly as
/// after an edit (Session::applyTuning); the panel's own save of the config is not taken for a
/// change to reload.
#include "game/app/App.hpp"

#include "game/audio/SoundPanel.hpp"

namespace game {

TuningActions App::tuningActions()
{
    TuningActions a;
    a.apply = [this](const isostar::terrain::TerrainConfig& config) {
        std::string error = parts().follow(m_session.applyTuning(config));
        if (error.empty())
            parts().refreshHover();
        return error;
    };
    a.wrote = [this](const std::string&) { m_session.configWritten(); };
    a.say = [this](const std::string& text, bool error) { m_messages.say(text, error); };
    return a;
}

void App::drawUi(sf::RenderTarget& target)
{
    if (!m_ui.ready())
        return;
    if (const Unit* lead = m_session.party().leader()) {
        const World& world = m_session.world();
        const int layer = lead->layer;
        if (layer >= 0 && layer < int(world.terrains.size()))
            m_tuning.setSelectedProfile(world.terrains[std::size_t(layer)].profile);
    }
    // No ImGui window shown: no ImGui frame at all (frame time and GL state untouched). The
    // layer then holds no window, so it captures nothing.
    if (!m_tuning.visible()) {
        m_ui.draw(target, {});
        return;
    }
    m_ui.draw(target, [this] {
        m_tuning.draw();
        AudioSettings levels = m_audio.levels();
        if (drawSoundPanel(levels, m_audio.enabled()))
            m_audio.setLevels(levels);
    });
}

bool App::uiClick(sf::Mouse::Button button, sf::Vector2i px)
{
    if (!m_ui.ready() || !m_tuning.visible())
        return false;
    sf::Event e;
    e.type = sf::Event::MouseMoved;
    e.mouseMove = {px.x, px.y};
    m_ui.processEvent(e);
    e.type = sf::Event::MouseButtonPressed;
    e.mouseButton = {button, px.x, px.y};
    if (!m_ui.captures(e))
        return false;
    // ImGui sees the press in one frame and the release in the next (the script loop draws it).
    m_ui.processEvent(e);
    drawFrame(*m_window);
    e.type = sf::Event::MouseButtonReleased;
    m_ui.processEvent(e);
    return true;
}

} // namespace game
