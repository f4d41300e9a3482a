#pragma once
/// \file Commands.hpp
/// isopath subcommands. Each adds itself to the CLI11 app and returns the function that runs it
/// after parsing. Exit codes: 0 ok, 1 a check failed (e.g. scen mismatches), 2 bad input or usage,
/// 3 an internal error (an exception that reached main, see engine/core/GuardedMain.hpp).

#include <CLI/CLI.hpp>

#include <functional>

namespace isopath {

inline constexpr int ExitOk = 0;
inline constexpr int ExitCheckFailed = 1;
inline constexpr int ExitBadInput = 2;
inline constexpr int ExitInternalError = 3;

struct Command {
    CLI::App* app = nullptr;
    std::function<int()> run;
};

Command addInfoCommand(CLI::App& app);  ///< isopath info MAP
Command addPathCommand(CLI::App& app);  ///< isopath path MAP [--from X,Y] [--to X,Y] ...
Command addScenCommand(CLI::App& app);  ///< isopath scen MAP.map SCEN.scen [--limit N]
Command addBenchCommand(CLI::App& app); ///< isopath bench MAP [--queries N] [--seed S] ...

} // namespace isopath
