#pragma once
/// \file Commands.hpp
/// The dispatcher of the game's commands (game/input/Command.hpp): one handler per command, the
/// same for a key, a mouse gesture, a script line and a panel. A handler says what a player is
/// told on the message log and returns an error only where the action failed (an edit refused,
/// no unit of that name, a save that did not write): a script stops there with that error,
/// interactive input shows it as an error message.
///
/// \code
/// game::Commands commands(parts);
/// std::string error = commands.run(game::cmd::Order{{12, 7}});   // "" : done (or told why not)
/// \endcode

#include "game/app/GameParts.hpp"
#include "game/input/Command.hpp"

#include <string>

namespace game {

class Commands {
public:
    explicit Commands(GameParts parts) : m_parts(parts) {}

    /// Runs `c`. The error ("" when none).
    std::string run(const Command& c);

private:
    // Orders and selection
    std::string on(const cmd::Order& c);
    std::string on(const cmd::Race& c);
    std::string on(const cmd::SelectAll& c);
    std::string on(const cmd::SelectNone& c);
    std::string on(const cmd::SelectName& c);
    std::string on(const cmd::SelectUnit& c);
    // Panels and modes
    std::string on(const cmd::Reload& c);
    std::string on(const cmd::ToggleHelp& c);
    std::string on(const cmd::ToggleTuning& c);
    std::string on(const cmd::ToggleEditor& c);
    // Debug tools
    std::string on(const cmd::ToggleOverlay& c);
    std::string on(const cmd::ShowOverlay& c);
    std::string on(const cmd::ToggleWhy& c);
    std::string on(const cmd::StepMode& c);
    std::string on(const cmd::Step& c);
    std::string on(const cmd::StepPlay& c);
    std::string on(const cmd::StepSpeed& c);
    std::string on(const cmd::ClearRace& c);
    // Editing
    std::string on(const cmd::BrushClick& c);
    std::string on(const cmd::Paint& c);
    std::string on(const cmd::Erase& c);
    std::string on(const cmd::Erupt& c);
    std::string on(const cmd::CycleBrush& c);
    std::string on(const cmd::BeginStroke& c);
    std::string on(const cmd::EndStroke& c);
    std::string on(const cmd::Undo& c);
    std::string on(const cmd::Redo& c);
    std::string on(const cmd::Save& c);
    std::string on(const cmd::SaveAs& c);
    // Input's notices
    std::string on(const cmd::Notify& c);
    std::string on(const cmd::PointerMoved& c);

    /// After an edit of the world: the session follows it, the hover and preview too.
    std::string edited(const WorldEdit& edit);
    /// Says a debug tool's message ("" says nothing).
    void sayDebug(const std::string& text);

    GameParts m_parts;
};

} // namespace game
