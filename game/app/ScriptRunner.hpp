#pragma once
/// \file ScriptRunner.hpp
/// Runs a parsed `--script` (game/script) line by line: a line that stands for a game action
/// becomes that Command and goes to the same dispatcher as keys and clicks; the script's own
/// lines (clicks and keys fed through Input, wait, sleep, screenshot, dump, the tuning panel,
/// quit) are run here. A reload a line began (`key F5`, a watched file during `sleep`) loads on
/// the loading worker and ends before the next line: frames are drawn meanwhile, no game time
/// passes. After each line one tick of 0 s and a frame. The first error stops the run:
/// `tour.script:12: error: ...` on stderr, exit code 2.
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

/// The line with its cell (`move`, `paint`, `erase`, `erupt`, `race`: X Y in Tiled's
/// coordinates, as scripts write them) moved to the world's grid; other lines unchanged.
script::Command toGridCells(script::Command line, const isostar::map::CellFrame& frame);

class ScriptRunner {
public:
    ScriptRunner(std::string scriptPath, Loop& loop, GameParts parts, Commands& commands);

    /// Runs `script` to its end or its `quit`. The exit code.
    int run(const std::vector<ScriptCommand>& script);

private:
    /// Runs one line. The error ("" when fine).
    std::string runLine(const script::Command& line);
    /// Frames until a running reload is adopted or refused (Session::finishReload).
    void awaitReload();

    std::string m_path;
    Loop& m_loop;
    GameParts m_parts;
    Commands& m_commands;
};

} // namespace game
