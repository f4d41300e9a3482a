// Placeholder until the path subcommand lands (replaced by its issue's work in this session).
#include "tools/isopath/Commands.hpp"
#include <iostream>
namespace isopath {
Command addPathCommand(CLI::App& app)
{
    Command c;
    c.app = app.add_subcommand("path", "(not built yet)");
    c.run = [] { std::cerr << "isopath path: not built yet\n"; return ExitBadInput; };
    return c;
}
} // namespace isopath
