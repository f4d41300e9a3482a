/// \file Commands.cpp
/// Commands: the handler of each game command.
#include "game/app/Commands.hpp"

#include "game/input/Bindings.hpp"

#include <type_traits>

namespace game {

namespace {

/// Says a debug tool's message ("" says nothing).
void sayDebug(GameParts& g, const std::string& text)
{
    if (!text.empty())
        g.say(text);
}

/// An edit of the world through the session; what shows it follows, the hover too.
std::string edited(GameParts& g, const MapEdit& edit)
{
    const SessionChange change = g.session.edit(edit);
    if (!change.tiles.empty())
        g.audio.cue(Sfx::Brush);
    std::string error = g.follow(change);
    g.refreshHover();
    return error;
}

/// A selection was made: a tick when it holds anyone.
void selected(GameParts& g)
{
    if (!g.session.party().selection().empty())
        g.audio.cue(Sfx::Select);
}

/// The overlays changed: an order records its search while one shows it.
void overlaysChanged(GameParts& g)
{
    g.session.setTraceWanted(g.debug.searchWatched());
}

// ------------------------------------------------------------------------------------------------
// Orders and selection

void handle(GameParts& g, const cmd::Order& c)
{
    if (!g.session.canOrder(c.tile)) {
        g.audio.cue(Sfx::OrderRefused);
        return;
    }
    if (g.debug.stepMode()) {
        // Step-through: the click begins a stepped search instead of a move.
        sayDebug(g, g.debug.beginStep(g.debugFrame(), c.tile));
        return;
    }
    g.follow(g.session.order(c.tile));
}

void handle(GameParts& g, const cmd::Race& c)
{
    sayDebug(g, g.debug.runRace(g.debugFrame(), c.tile));
}

void handle(GameParts& g, const cmd::SelectAll&)
{
    g.session.party().selection().selectAll();
    selected(g);
}

void handle(GameParts& g, const cmd::SelectNone&)
{
    g.session.party().selection().selectNone();
}

std::string handle(GameParts& g, const cmd::SelectName& c)
{
    const int i = g.session.party().find(c.name);
    if (i < 0)
        return "select: no unit called \"" + c.name + "\"";
    g.session.party().selection().selectOnly(i);
    selected(g);
    return {};
}

void handle(GameParts& g, const cmd::SelectUnit& c)
{
    Party& party = g.session.party();
    if (c.index < 0 || c.index >= int(party.units().size()))
        return;
    if (c.add)
        party.selection().toggle(c.index);
    else
        party.selection().selectOnly(c.index);
    selected(g);
}

// ------------------------------------------------------------------------------------------------
// Panels and modes

void handle(GameParts& g, const cmd::Reload&)
{
    // On the loading worker: the game goes on (and the window stays alive) meanwhile.
    if (!g.session.beginReload(false) && g.session.reloading())
        g.say("a reload is running already");
}

void handle(GameParts& g, const cmd::ToggleHelp&)
{
    g.input.setHelpShown(!g.input.helpShown());
}

void handle(GameParts& g, const cmd::ToggleHintBar&)
{
    g.hud.toggleHintBar();
}

void handle(GameParts& g, const cmd::ToggleTuning&)
{
    g.tuning.toggle();
    g.say(g.tuning.visible() ? "tuning panel on (" + keysFor({cmd::ToggleTuning{}}) +
                                               " hides it): changes apply at once, Save writes the config"
                                         : "tuning panel off");
}

void handle(GameParts& g, const cmd::ToggleEditor&)
{
    const bool on = !g.input.editing();
    g.input.setEditing(on);
    const isostar::edit::BrushTile* b = g.session.brush();
    g.say(on ? "Editor on: click / drag paints " + (b ? b->terrain : std::string("(no palette)")) +
                         ", click a volcano to make it erupt, right click erases, " + keysFor({cmd::CycleBrush{1}}) +
                         " cycles the brush, " + keysFor({cmd::ToggleEditor{}}) + " plays"
                   : "Editor off: back to play");
}

// ------------------------------------------------------------------------------------------------
// The view

void setFollow(GameParts& g, bool on)
{
    const Unit* leader = g.session.party().leader();
    if (on && !leader) {
        g.say("follow: select a unit first (the view follows the selection's leader)");
        return;
    }
    g.view.setFollow(on);
    if (!on) {
        g.say("follow off");
        return;
    }
    g.view.followParty(g.session.party());
    g.refreshHover();
    g.say("follow on: the view keeps " + leader->name + " (the selection's leader) centred; pan or " +
          keyOf(cmd::ToggleFollow{}) + " to stop");
}

void handle(GameParts& g, const cmd::ToggleFollow&)
{
    setFollow(g, !g.view.following());
}

void handle(GameParts& g, const cmd::Follow& c)
{
    setFollow(g, c.on);
}

void handle(GameParts& g, const cmd::ToggleMinimap&)
{
    Minimap& minimap = g.view.minimap();
    minimap.setVisible(!minimap.visible());
    g.say(std::string(minimap.visible() ? "minimap on" : "minimap off") + " (" + keyOf(cmd::ToggleMinimap{}) +
          (minimap.visible() ? " hides it): click it to look there, right click to move there" : " shows it)"));
}

void handle(GameParts& g, const cmd::ShowMinimap& c)
{
    g.view.minimap().setVisible(c.on);
    g.refreshHover();
}

/// The camera's commands and the pointer's (a key, a drag): Input runs them, with the pointer.
template <typename C>
    requires std::is_same_v<C, cmd::Pan> || std::is_same_v<C, cmd::Zoom> || std::is_same_v<C, cmd::CenterView> ||
             std::is_same_v<C, cmd::LookAt> || std::is_same_v<C, cmd::SelectBox>
void handle(GameParts& g, const C& c)
{
    g.input.runView(c);
    g.refreshHover();
    if constexpr (std::is_same_v<C, cmd::SelectBox>)
        selected(g);
}

// ------------------------------------------------------------------------------------------------
// Debug tools

void handle(GameParts& g, const cmd::ToggleOverlay& c)
{
    if (c.name == "search")
        g.session.restartTraceReplay();
    sayDebug(g, g.debug.toggleOverlay(c.name));
    overlaysChanged(g);
}

void handle(GameParts& g, const cmd::ShowOverlay& c)
{
    g.debug.showOverlay(c.name);
    overlaysChanged(g);
}

void handle(GameParts& g, const cmd::ToggleWhy&)
{
    sayDebug(g, g.debug.toggleWhy());
}

void handle(GameParts& g, const cmd::StepMode&)
{
    sayDebug(g, g.debug.setStepMode(!g.debug.stepMode()));
}

void handle(GameParts& g, const cmd::Step& c)
{
    sayDebug(g, g.debug.step(g.debugFrame(), c.expansions));
}

void handle(GameParts& g, const cmd::StepPlay&)
{
    sayDebug(g, g.debug.togglePlay());
}

void handle(GameParts& g, const cmd::StepSpeed&)
{
    sayDebug(g, g.debug.nextSpeed());
}

void handle(GameParts& g, const cmd::ClearRace&)
{
    sayDebug(g, g.debug.clearRace());
}

// ------------------------------------------------------------------------------------------------
// Editing

std::string handle(GameParts& g, const cmd::BrushClick& c)
{
    return edited(g, mapedit::BrushClick{c.tile});
}

std::string handle(GameParts& g, const cmd::Paint& c)
{
    return edited(g, mapedit::Paint{c.tile, c.terrain});
}

std::string handle(GameParts& g, const cmd::Erase& c)
{
    return edited(g, mapedit::Erase{c.tile});
}

std::string handle(GameParts& g, const cmd::Erupt& c)
{
    return edited(g, mapedit::Erupt{c.tile, c.on});
}

void handle(GameParts& g, const cmd::CycleBrush& c)
{
    g.session.cycleBrush(c.step);
}

void handle(GameParts& g, const cmd::BeginStroke&)
{
    g.follow(g.session.edit(mapedit::BeginStroke{}));
}

void handle(GameParts& g, const cmd::EndStroke&)
{
    g.follow(g.session.edit(mapedit::EndStroke{}));
}

std::string handle(GameParts& g, const cmd::Undo&)
{
    return edited(g, mapedit::Undo{});
}

std::string handle(GameParts& g, const cmd::Redo&)
{
    return edited(g, mapedit::Redo{});
}

void handle(GameParts& g, const cmd::Save&)
{
    const std::string path = g.session.world().map.path;
    auto saved = g.session.save(path);
    if (!saved) {
        for (const isostar::Diagnostic& d : saved.diagnostics())
            g.say(isostar::formatDiagnostic(d), true);
        return;
    }
    g.audio.cue(Sfx::Save);
    g.say("saved " + path + " (the previous file kept as .bak)");
}

std::string handle(GameParts& g, const cmd::SaveAs& c)
{
    auto saved = g.session.save(c.path);
    if (!saved) {
        std::string error = "save: " + isostar::formatDiagnostics(saved.diagnostics());
        while (!error.empty() && error.back() == '\n')
            error.pop_back();
        return error;
    }
    g.audio.cue(Sfx::Save);
    g.say("saved " + c.path);
    return {};
}

// ------------------------------------------------------------------------------------------------
// Sound

void handle(GameParts& g, const cmd::ToggleMute&)
{
    g.audio.setMuted(!g.audio.muted());
    g.say(std::string(g.audio.muted() ? "sound muted (" : "sound on (") + keyOf(cmd::ToggleMute{}) +
          (g.audio.muted() ? " unmutes)" : " mutes)") + (g.audio.enabled() ? "" : ": no audio device, silent anyway"));
}

// ------------------------------------------------------------------------------------------------
// Fog of war

void handle(GameParts& g, const cmd::ToggleFog&)
{
    g.follow(g.session.setFog(!g.session.fogOn()));
    g.refreshHover();
}

void handle(GameParts& g, const cmd::SetFog& c)
{
    g.follow(g.session.setFog(c.on));
    g.refreshHover();
}

// ------------------------------------------------------------------------------------------------
// Input's notices

void handle(GameParts& g, const cmd::Notify& c)
{
    g.say(c.text, c.error);
}

void handle(GameParts& g, const cmd::PointerMoved&)
{
    g.refreshHover();
}

} // namespace

std::string Commands::run(const Command& c)
{
    return std::visit(
        [this](const auto& command) -> std::string {
            if constexpr (std::is_void_v<decltype(handle(m_parts, command))>) {
                handle(m_parts, command);
                return {};
            } else {
                return handle(m_parts, command);
            }
        },
        c);
}

} // namespace game
