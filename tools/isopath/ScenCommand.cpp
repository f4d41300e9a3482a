// Placeholder until the scen subcommand lands (replaced by its issue's work in this session).
#include "tools/isopath/Commands.hpp"
#include <iostream>
namespace isopath {
Command addScenCommand(CLI::App& app)
{
    Command c;
    c.app = app.add_subcommand("scen", "(not built yet)");
    c.run = [] { std::cerr << "isopath scen: not built yet\n"; return ExitBadInput; };
    return c;
}
} // namespace isopath
