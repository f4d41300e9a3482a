/// \file Commands.cpp
/// Commands: the handler of each game command.
#include "game/app/Commands.hpp"

#include "game/input/Bindings.hpp"

namespace game {

std::string Commands::run(const Command& c)
{
    return std::visit([this](const auto& command) { return on(command); }, c);
}

void Commands::sayDebug(const std::string& text)
{
    if (!text.empty())
        m_parts.say(text);
}

std::string Commands::edited(const WorldEdit& edit)
{
    std::string error = m_parts.session.afterEdit(edit);
    m_parts.refreshHover();
    return error;
}

// ------------------------------------------------------------------------------------------------
// Orders and selection

std::string Commands::on(const cmd::Order& c)
{
    if (!m_parts.session.canOrder(c.tile))
        return {};
    if (m_parts.debug.stepMode()) {
        // Step-through: the click begins a stepped search instead of a move.
        sayDebug(m_parts.debug.beginStep(m_parts.debugFrame(), c.tile));
        return {};
    }
    m_parts.session.order(c.tile);
    return {};
}

std::string Commands::on(const cmd::Race& c)
{
    sayDebug(m_parts.debug.runRace(m_parts.debugFrame(), c.tile));
    return {};
}

std::string Commands::on(const cmd::SelectAll&)
{
    m_parts.session.party().selectAll();
    return {};
}

std::string Commands::on(const cmd::SelectNone&)
{
    m_parts.session.party().selectNone();
    return {};
}

std::string Commands::on(const cmd::SelectName& c)
{
    const int i = m_parts.session.party().find(c.name);
    if (i < 0)
        return "select: no unit called \"" + c.name + "\"";
    m_parts.session.party().selectOnly(i);
    return {};
}

std::string Commands::on(const cmd::SelectUnit& c)
{
    Party& party = m_parts.session.party();
    if (c.index < 0 || c.index >= int(party.units().size()))
        return {};
    if (c.add) {
        Unit& u = party.units()[std::size_t(c.index)];
        u.selected = !u.selected;
    } else {
        party.selectOnly(c.index);
    }
    return {};
}

// ------------------------------------------------------------------------------------------------
// Panels and modes

std::string Commands::on(const cmd::Reload&)
{
    m_parts.session.reload(false);
    return {};
}

std::string Commands::on(const cmd::ToggleHelp&)
{
    m_parts.hud.toggleHelp();
    return {};
}

std::string Commands::on(const cmd::ToggleTuning&)
{
    m_parts.tuning.toggle();
    m_parts.say(m_parts.tuning.visible() ? "tuning panel on (" + keysFor({cmd::ToggleTuning{}}) +
                                               " hides it): changes apply at once, Save writes the config"
                                         : "tuning panel off");
    return {};
}

std::string Commands::on(const cmd::ToggleEditor&)
{
    const bool on = !m_parts.input.editing();
    m_parts.input.setEditing(on);
    const eng::edit::BrushTile* b = m_parts.session.brush();
    m_parts.say(on ? "Editor on: click / drag paints " + (b ? b->terrain : std::string("(no palette)")) +
                         ", click a volcano to make it erupt, right click erases, " + keysFor({cmd::CycleBrush{1}}) +
                         " cycles the brush, " + keysFor({cmd::ToggleEditor{}}) + " plays"
                   : "Editor off: back to play");
    return {};
}

// ------------------------------------------------------------------------------------------------
// Debug tools

std::string Commands::on(const cmd::ToggleOverlay& c)
{
    if (c.name == "search")
        m_parts.session.restartTraceReplay();
    sayDebug(m_parts.debug.toggleOverlay(c.name));
    return {};
}

std::string Commands::on(const cmd::ShowOverlay& c)
{
    m_parts.debug.overlays.flags.set(c.name);
    return {};
}

std::string Commands::on(const cmd::ToggleWhy&)
{
    sayDebug(m_parts.debug.toggleWhy());
    return {};
}

std::string Commands::on(const cmd::StepMode&)
{
    sayDebug(m_parts.debug.setStepMode(!m_parts.debug.stepMode()));
    return {};
}

std::string Commands::on(const cmd::Step& c)
{
    sayDebug(m_parts.debug.step(c.expansions));
    return {};
}

std::string Commands::on(const cmd::StepPlay&)
{
    sayDebug(m_parts.debug.togglePlay());
    return {};
}

std::string Commands::on(const cmd::StepSpeed&)
{
    sayDebug(m_parts.debug.nextSpeed());
    return {};
}

std::string Commands::on(const cmd::ClearRace&)
{
    sayDebug(m_parts.debug.clearRace());
    return {};
}

// ------------------------------------------------------------------------------------------------
// Editing

std::string Commands::on(const cmd::BrushClick& c)
{
    WorldHost& host = m_parts.session.host();
    WorldEdit e = host.toggleErupting(c.tile);
    if (!e.ok) {
        const eng::edit::BrushTile* b = m_parts.session.brush();
        if (!b)
            return {};
        e = host.paintTile(c.tile, b->gid);
    }
    return edited(e);
}

std::string Commands::on(const cmd::Paint& c)
{
    if (!c.terrain.empty())
        return edited(m_parts.session.host().paint(c.tile, c.terrain));
    const eng::edit::BrushTile* b = m_parts.session.brush();
    return b ? edited(m_parts.session.host().paintTile(c.tile, b->gid)) : std::string();
}

std::string Commands::on(const cmd::Erase& c)
{
    return edited(m_parts.session.host().erase(c.tile));
}

std::string Commands::on(const cmd::Erupt& c)
{
    return edited(m_parts.session.host().setErupting(c.tile, c.on));
}

std::string Commands::on(const cmd::CycleBrush& c)
{
    m_parts.session.cycleBrush(c.step);
    return {};
}

std::string Commands::on(const cmd::BeginStroke&)
{
    m_parts.session.host().beginStroke();
    return {};
}

std::string Commands::on(const cmd::EndStroke&)
{
    m_parts.session.host().endStroke();
    return {};
}

std::string Commands::on(const cmd::Undo&)
{
    return edited(m_parts.session.host().undo());
}

std::string Commands::on(const cmd::Redo&)
{
    return edited(m_parts.session.host().redo());
}

std::string Commands::on(const cmd::Save&)
{
    const std::string path = m_parts.session.world().map.path;
    auto saved = m_parts.session.host().save(path);
    if (!saved) {
        for (const eng::Diagnostic& d : saved.diagnostics())
            m_parts.say(eng::formatDiagnostic(d), true);
        return {};
    }
    m_parts.say("saved " + path + " (the previous file kept as .bak)");
    return {};
}

std::string Commands::on(const cmd::SaveAs& c)
{
    auto saved = m_parts.session.host().save(c.path);
    if (!saved) {
        std::string error = "save: " + eng::formatDiagnostics(saved.diagnostics());
        while (!error.empty() && error.back() == '\n')
            error.pop_back();
        return error;
    }
    m_parts.say("saved " + c.path);
    return {};
}

// ------------------------------------------------------------------------------------------------
// Input's notices

std::string Commands::on(const cmd::Notify& c)
{
    m_parts.say(c.text, c.error);
    return {};
}

std::string Commands::on(const cmd::PointerMoved&)
{
    m_parts.refreshHover();
    return {};
}

} // namespace game
