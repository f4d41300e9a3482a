// isopath: the command-line face of the IsoStar engine (map info, path queries, benchmarks).
// No exception escapes: bad input exits 2 with its diagnostics, anything unexpected exits 3 with
// a one-line message (isostar::runGuarded), never through std::terminate.

#include "tools/isopath/Commands.hpp"

#include "engine/core/GuardedMain.hpp"

#include "IsoStarVersion.hpp"

#include <iostream>
#include <string>
#include <vector>

static_assert(isopath::ExitBadInput == isostar::ExitBadInput && isopath::ExitInternalError == isostar::ExitInternalError);

namespace {

int run(int argc, char** argv)
{
    CLI::App app{"isopath: inspect Tiled maps and run IsoStar's A* from the command line"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("isopath ") + isostar::Version);
    std::vector<isopath::Command> commands = {
        isopath::addInfoCommand(app),
        isopath::addPathCommand(app),
        isopath::addScenCommand(app),
        isopath::addBenchCommand(app),
    };
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        std::cout << app.help();
        return isopath::ExitOk;
    } catch (const CLI::CallForAllHelp&) {
        std::cout << app.help("", CLI::AppFormatMode::All);
        return isopath::ExitOk;
    } catch (const CLI::CallForVersion& e) {
        std::cout << e.what() << '\n';
        return isopath::ExitOk;
    } catch (const CLI::ParseError& e) {
        std::cerr << "isopath: " << e.what() << "\n\n";
        const CLI::App* failing = &app;
        for (const isopath::Command& c : commands)
            if (c.app->parsed())
                failing = c.app;
        std::cerr << failing->help();
        return isopath::ExitBadInput;
    }
    for (const isopath::Command& c : commands)
        if (c.app->parsed())
            return c.run();
    return isopath::ExitBadInput;
}

} // namespace

int main(int argc, char** argv)
{
    return isostar::runGuarded("isopath", [&] { return run(argc, argv); });
}
