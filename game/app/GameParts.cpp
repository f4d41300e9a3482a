/// \file GameParts.cpp
/// GameParts: a new world offered to the view, and a session's change handed to what shows it.
#include "game/app/GameParts.hpp"

#include <iostream>

namespace game {

WorldGate GameParts::gate()
{
    return [this](const World& world, std::vector<isostar::Diagnostic>& problems) { return view.loadMap(world, problems); };
}

std::string GameParts::follow(const SessionChange& change)
{
    const World& world = session.world();
    if (!change.tiles.empty()) {
        std::vector<isostar::Diagnostic> problems;
        if (!view.updateCells(world, change.tiles, problems))
            for (const isostar::Diagnostic& d : problems)
                std::cerr << isostar::formatDiagnostic(d) << '\n';
    }
    if (!change.cells.empty())
        view.minimap().updateCells(world, change.cells);
    if (change.partySpawned) {
        const Party& party = session.party();
        view.loadCharacters(party, session.messages());
        // Frame the party.
        if (!party.units().empty()) {
            sf::Vector2f sum{0.f, 0.f};
            for (const Unit& u : party.units())
                sum += view.unitFeetWorld(u);
            view.camera().centerOn(sum / float(party.units().size()));
        }
    }
    if (change.worldLoaded)
        tuning.worldLoaded(world);
    if (change.previewStale)
        hud.previewStale();
    audio.worldChanged(world, change.cells, change.worldLoaded);
    if (change.order != OrderOutcome::None)
        audio.cue(change.order == OrderOutcome::Given      ? Sfx::OrderGiven
                  : change.order == OrderOutcome::CutShort ? Sfx::OrderCutShort
                                                           : Sfx::OrderRefused);
    if (change.reloadEnded && !change.reloadAdopted)
        audio.cue(Sfx::ReloadFailed);
    return change.error;
}

} // namespace game
