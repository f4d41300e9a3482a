#pragma once
/// \file DataDir.hpp
/// Where the game finds the files it ships (maps, art) from any current folder: beside its own
/// executable, at `<executable's folder>/ISOSTAR_DATA_FROM_BIN` (`../share/isostar`, set by
/// cmake/IsoStarInstall.cmake from the install layout). Installed (`cmake --install`, the .deb)
/// that is `PREFIX/share/isostar`; in a build tree `build/share/isostar`, whose `maps` and
/// `assets` link to the project's own folders (made when CMake configures).
///
/// \code
/// opts.mapPath = game::defaultMapPath();   // e.g. /usr/share/isostar/maps/valley.tmx
/// auto sheet = isostar::anim::loadSpriteSheet((game::assetsDir() / "party/knight.json").string());
/// \endcode

#include <filesystem>
#include <string>

namespace game {

/// The data folder of the running executable (found through /proc/self/exe), lexically
/// normalised; empty when the executable's path cannot be read.
std::filesystem::path dataDir();

/// The map played without `--map`: `dataDir()/maps/valley.tmx`, or `maps/valley.tmx` (relative
/// to the current folder) when there is no data folder. A `--map` given on the command line is
/// used as given, relative to the current folder.
std::string defaultMapPath();

/// The art the game loads itself (the party's sprite sheets; tilesets come with the maps):
/// `$ISOSTAR_ASSETS` when set, else `dataDir()/assets` (`assets`, relative to the current
/// folder, when there is no data folder).
std::filesystem::path assetsDir();

} // namespace game
