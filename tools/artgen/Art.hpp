#pragma once
/// \file Art.hpp
/// The parts of artgen. Each writes its files under the given folder atomically and returns
/// false with `error` naming the file when it cannot.

#include <string>

namespace artgen {

/// assets/tiles/ground.png + ground.tsx, tall.png + tall.tsx.
bool writeTilesets(const std::string& assetsDir, std::string& error);
/// assets/party/<name>.png + <name>.json for knight, ranger, mage, dwarf, cart and ogre.
bool writeParty(const std::string& assetsDir, std::string& error);
/// assets/party/cart.* (an ox cart, 2x2 cells) and ogre.* (3x3 cells).
bool writeBigUnits(const std::string& assetsDir, std::string& error);
/// assets/ui/*.png.
bool writeUi(const std::string& assetsDir, std::string& error);
/// assets/desktop/isostar.png: the application icon (256x256).
bool writeIcon(const std::string& assetsDir, std::string& error);
/// assets/tiles/hexground.png + .tsx, hextall.png + .tsx: the hexagonal scene's tilesets.
bool writeHexArt(const std::string& assetsDir, std::string& error);
/// maps/hex.tmx: the hexagonal scene (tilesets referenced relative to `assetsDir`).
bool writeHexMap(const std::string& mapsDir, const std::string& assetsDir, std::string& error);
/// maps/seed/*.tmx and maps/valley.tmx (tilesets referenced relative to `assetsDir`).
bool writeMaps(const std::string& mapsDir, const std::string& assetsDir, std::string& error);
/// One big map, never committed: `tilesAcross` x `tilesAcross` valleys (buildTiledValley) at
/// `path`, its layer data as csv (`csv`) or base64 + zlib. For load benchmarks and tests.
bool writeTiledValley(int tilesAcross, bool csv, const std::string& path, const std::string& assetsDir,
                      std::string& error);

} // namespace artgen
