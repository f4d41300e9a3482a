// isostar: the IsoStar game. Plays a Tiled map, runs scripts, benchmarks frames, renders maps.
// No exception escapes main: bad input exits 2, an unexpected exception 3 with a one-line
// message (isostar::runGuarded).

#include "engine/core/GuardedMain.hpp"
#include "engine/map/MapLoader.hpp"
#include "engine/render/MapRenderer.hpp"
#include "game/app/App.hpp"
#include "game/app/Options.hpp"
#include "game/common/DataDir.hpp"
#include "game/input/KeyHelp.hpp"

#include "IsoStarVersion.hpp"

#include <CLI/CLI.hpp>
#include <SFML/Graphics/Image.hpp>

#include <filesystem>
#include <iostream>

namespace {

/// `isostar render MAP OUT.png`: the whole map at 1:1, as tmxrasterizer draws it.
int renderCommand(const std::string& mapPath, const std::string& outPath)
{
    namespace fs = std::filesystem;
    const std::string ext = fs::path(outPath).extension().string();
    if (ext != ".png" && ext != ".PNG") {
        std::cerr << "isostar render: error: " << outPath << ": the output must be a .png file\n";
        return game::ExitBadInput;
    }
    auto map = isostar::map::loadMap(mapPath);
    if (!map) {
        std::cerr << isostar::formatDiagnostics(map.diagnostics());
        return game::ExitBadInput;
    }
    if (!game::haveDisplay("isostar render"))
        return game::ExitFailure;
    sf::Image image;
    std::vector<isostar::Diagnostic> problems;
    if (!isostar::render::renderMapToImage(map.value(), image, problems)) {
        std::cerr << isostar::formatDiagnostics(problems);
        if (problems.empty())
            std::cerr << "isostar render: error: " << mapPath << ": cannot render this map\n";
        return game::ExitBadInput;
    }
    // Atomic write: a temporary PNG beside the target, then rename.
    const fs::path target(outPath);
    std::error_code ec;
    if (target.has_parent_path())
        fs::create_directories(target.parent_path(), ec);
    const fs::path tmp = target.parent_path() / ("." + target.stem().string() + ".tmp.png");
    if (!image.saveToFile(tmp.string())) {
        fs::remove(tmp, ec);
        std::cerr << "isostar render: error: " << outPath << ": cannot write the image\n";
        return game::ExitBadInput;
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        fs::remove(tmp, ec);
        std::cerr << "isostar render: error: " << outPath << ": " << ec.message() << '\n';
        return game::ExitBadInput;
    }
    return game::ExitOk;
}

int run(int argc, char** argv)
{
    CLI::App app{"isostar: an isometric RPG demo that makes A* pathfinding visible"};
    game::Options opts;
    app.set_version_flag("--version", std::string("isostar ") + isostar::Version);
    // Without --map: the map played last (the settings file, docs/SETTINGS.md) when it is still
    // there, else the shipped valley beside the executable, so the game starts from any folder.
    opts.mapPath = game::defaultMapPath();
    CLI::Option* mapOption = app.add_option("--map", opts.mapPath,
                                            "Tiled map to play (.tmx/.tmj); default: the last map played, else this")
                                 ->capture_default_str();
    app.add_option("--config", opts.configPath, "terrain rules (TOML); default: the map's own");
    app.add_option("--profile", opts.profile, "movement profile from the config (e.g. dwarf)");
    app.add_option("--script", opts.scriptPath,
                   "run a script of commands, then exit (see game/script/Script.hpp); with --bench-units: after the "
                   "bench, on its units");
    app.add_flag("--fog", opts.fog, "fog of war: units see only so far and plan on what the party has seen");
    app.add_option("--bench-frames", opts.benchFrames, "render N frames with the party walking, print frame times")
        ->check(CLI::PositiveNumber);
    app.add_option("--bench-edits", opts.benchEdits,
                   "with --bench-frames: K random terrain edits per second while the party walks")
        ->check(CLI::NonNegativeNumber);
    app.add_option("--bench-units", opts.benchUnits,
                   "spawn N units that walk to random goals; print fps, frame and path-work figures")
        ->check(CLI::PositiveNumber);
    app.add_option("--frames", opts.benchUnitFrames, "with --bench-units: frames to run")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    std::string loadMap;
    app.add_option("--bench-load", loadMap,
                   "open MAP, print map_size, first_frame_ms, ready_ms (background work done), rss_mb and "
                   "peak_rss_mb; order the party to the far corner, print order_ms, rss_after_order_mb and "
                   "peak_rss_after_order_mb; exit");
    app.add_option("--group", opts.benchGroup,
                   "with --bench-units: units stand and are ordered in groups of G sharing a goal (a flow field each)")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    app.add_option("--bench-big-fraction", opts.benchBigFraction,
                   "with --bench-units: this share (0 to 1) of the units are carts of size 2 (2x2 cells)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    bool noMinimap = false;
    app.add_flag("--no-minimap", noMinimap, "start with the minimap hidden (M shows it)");
    app.add_flag("--mute", opts.mute, "no sound this run (U unmutes); the settings file is left as it is");
    bool keysMarkdown = false;
    app.add_flag("--keys-markdown", keysMarkdown,
                 "print every key and mouse gesture as README's Markdown table (from the binding table), exit");
    std::string renderMap, renderOut;
    CLI::App* render = app.add_subcommand("render", "draw the whole map at 1:1 to a PNG, as tmxrasterizer does");
    render->add_option("MAP", renderMap, "Tiled map")->required();
    render->add_option("OUT", renderOut, "output .png")->required();
    app.require_subcommand(0, 1);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        std::cout << app.help();
        return game::ExitOk;
    } catch (const CLI::CallForVersion& e) {
        std::cout << e.what() << '\n';
        return game::ExitOk;
    } catch (const CLI::ParseError& e) {
        std::cerr << "isostar: " << e.what() << "\n\n" << (render->parsed() ? render->help() : app.help());
        return game::ExitBadInput;
    }
    if (render->parsed())
        return renderCommand(renderMap, renderOut);
    if (keysMarkdown) {
        std::cout << game::keysMarkdown();
        return game::ExitOk;
    }
    opts.showMinimap = !noMinimap;
    opts.mapGiven = mapOption->count() > 0;
    if (!loadMap.empty()) {
        opts.mapPath = loadMap;
        opts.mapGiven = true;
        opts.benchLoad = true;
    }
    game::App game(opts);
    return game.run();
}

} // namespace

int main(int argc, char** argv)
{
    static_assert(game::ExitBadInput == isostar::ExitBadInput);
    return isostar::runGuarded("isostar", [&] { return run(argc, argv); });
}
