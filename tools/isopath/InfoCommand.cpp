// Placeholder until the info subcommand lands (replaced by its issue's work in this session).
#include "tools/isopath/Commands.hpp"
#include <iostream>
namespace isopath {
Command addInfoCommand(CLI::App& app)
{
    Command c;
    c.app = app.add_subcommand("info", "(not built yet)");
    c.run = [] { std::cerr << "isopath info: not built yet\n"; return ExitBadInput; };
    return c;
}
} // namespace isopath
