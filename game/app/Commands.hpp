#pragma once
/// \file Commands.hpp
/// The dispatcher of the game's commands (game/input/Command.hpp): one handler per command, the
/// same for a key, a mouse gesture, a script line and a panel. A handler says what a player is
/// told on the message log; the handlers of actions that can fail (an edit refused, no unit of
/// that name, a save that did not write) return the error: a script stops there with it,
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
    GameParts m_parts;
};

} // namespace game
