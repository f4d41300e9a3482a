// artgen: draws IsoStar's art (tilesets, party sprite sheets, UI bits) and writes its maps.
// Deterministic: fixed seeds and pure arithmetic, so every run writes the same bytes.
//
//   build/bin/artgen --out assets --maps maps      (run from the project root)
//   build/bin/artgen --tiled-valley 28 /tmp/big.tmx --csv   (one big map for load benchmarks;
//                                                            never committed)

#include "tools/artgen/Art.hpp"

#include "engine/core/GuardedMain.hpp"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

namespace {

int run(int argc, char** argv)
{
    std::string out = "assets", maps = "maps";
    bool doArt = true, doMaps = true, csv = false;
    int tilesAcross = 0;
    std::string tiledPath;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--out" && i + 1 < argc)
            out = argv[++i];
        else if (a == "--maps" && i + 1 < argc)
            maps = argv[++i];
        else if (a == "--no-maps")
            doMaps = false;
        else if (a == "--maps-only")
            doArt = false;
        else if (a == "--tiled-valley" && i + 2 < argc && std::atoi(argv[i + 1]) > 0) {
            tilesAcross = std::atoi(argv[++i]);
            tiledPath = argv[++i];
        } else if (a == "--csv")
            csv = true;
        else {
            std::cerr << "usage: artgen [--out ASSETS_DIR] [--maps MAPS_DIR] [--no-maps | --maps-only]\n"
                         "       artgen [--out ASSETS_DIR] --tiled-valley N OUT.tmx [--csv]\n";
            return a == "--help" || a == "-h" ? 0 : 2;
        }
    }
    std::string error;
    if (!tiledPath.empty()) {
        // Only the map: its tilesets are referenced in ASSETS_DIR, which must already hold them.
        if (!artgen::writeTiledValley(tilesAcross, csv, tiledPath, out, error)) {
            std::cerr << "artgen: error: " << error << "\n";
            return 1;
        }
        std::cout << "artgen: wrote " << tiledPath << "\n";
        return 0;
    }
    std::error_code ec;
    for (const char* sub : {"/tiles", "/party", "/ui", "/desktop"})
        std::filesystem::create_directories(out + sub, ec);
    std::filesystem::create_directories(maps + "/seed", ec);
    if (doArt) {
        if (!artgen::writeTilesets(out, error) || !artgen::writeParty(out, error) || !artgen::writeUi(out, error) ||
            !artgen::writeIcon(out, error) || !artgen::writeHexArt(out, error)) {
            std::cerr << "artgen: error: " << error << "\n";
            return 1;
        }
    }
    if (doMaps && (!artgen::writeMaps(maps, out, error) || !artgen::writeHexMap(maps, out, error))) {
        std::cerr << "artgen: error: " << error << "\n";
        return 1;
    }
    std::cout << "artgen: wrote " << (doArt ? out + "/ " : "") << (doMaps ? maps + "/" : "") << "\n";
    return 0;
}

} // namespace

/// No exception escapes: an unexpected one (a filesystem error, out of memory) prints one line
/// and exits 3 (isostar::runGuarded); write failures already exit 1 with their message.
int main(int argc, char** argv)
{
    return isostar::runGuarded("artgen", [&] { return run(argc, argv); });
}
