#pragma once
/// \file ScriptRunner.hpp
/// Runs a parsed `--script` (game/script) line by line: a line that stands for a game action
/// becomes that Command and goes to the same dispatcher as keys and clicks; the script's own
/// lines (clicks and keys fed through Input, wait, sleep, screenshot, dump, the tuning panel,
/// quit) are run here. After each line one tick of 0 s and a frame. The first error stops the
/// run: `tour.script:12: error: ...` on stderr, exit code 2.
///
/// \code
/// game::ScriptRunner runner("maps/tour.script", loop, parts, commands);
/// return runner.run(parsed.value());   // 0, or 2 after an error
/// \endcode

#include "game/app/Commands.hpp"
#include "game/app/GameParts.hpp"
#include "game/input/Command.hpp"
#include "game/script/Script.hpp"

#include <optional>
#include <string>
#include <vector>

namespace game {

/// The game command a script line stands for (`move X Y` is cmd::Order, `undo` cmd::Undo, ...),
/// or nullopt for the script's own lines.
std::optional<Command> gameCommand(const script::Command& line);

class ScriptRunner {
public:
    ScriptRunner(std::string scriptPath, Loop& loop, GameParts parts, Commands& commands);

    /// Runs `script` to its end or its `quit`. The exit code.
    int run(const std::vector<ScriptCommand>& script);

private:
    /// Runs one line. The error ("" when fine).
    std::string runLine(const script::Command& line);
    /// What a script line needs before its command runs (`step` a stepped search, `race` a
    /// selection and a cell on the map). The error, "" when fine.
    std::string precondition(const script::Command& line) const;

    // The script's own lines
    std::string on(const script::Click& c);
    std::string on(const script::RClick& c);
    std::string on(const script::Drag& c);
    std::string on(const script::MouseMove& c);
    std::string on(const script::Wheel& c);
    std::string on(const script::Key& c);
    std::string on(const script::Wait& c);
    std::string on(const script::Sleep& c);
    std::string on(const script::Screenshot& c);
    std::string on(const script::Dump& c);
    std::string on(const script::PanelSet& c);
    std::string on(const script::PanelSave& c);
    /// Lines gameCommand() takes (never reached here) and quit (run() stops before it).
    template <typename T>
    std::string on(const T&)
    {
        return {};
    }

    /// A click of `button` at `px`: the ImGui panel's when it lands on it, else the game's.
    void click(sf::Mouse::Button button, sf::Vector2i px);

    std::string m_path;
    Loop& m_loop;
    GameParts m_parts;
    Commands& m_commands;
};

} // namespace game
