#pragma once
/// \file Usage.hpp
/// Bad input of `isopath path` and `isopath bench`: the one exception both throw, and the
/// checks of the search options they share (--algorithm, --landmarks, what jps and jpsw need).

#include "tools/isopath/Algorithm.hpp"

#include "engine/path/Landmarks.hpp"
#include "engine/path/NavGrid.hpp"

#include <string>

namespace isopath {

/// Thrown for bad input: the command prints the message after "isopath COMMAND: " and exits 2.
struct UsageError {
    std::string message;
};

/// `s` in double quotes.
std::string quoted(const std::string& s);

/// The search choices of the options, checked before any file is read.
struct SearchChoice {
    Algorithm requested = Algorithm::Auto;
    isostar::path::LandmarkSettings landmarks;
};

/// --algorithm and --landmarks; UsageError naming the bad one.
SearchChoice parseSearchChoice(const std::string& algorithm, const std::string& landmarks);

/// --size: a unit size from 1 to isostar::path::MaxFootprintSize; UsageError otherwise.
int parseUnitSize(const std::string& text);

/// The unit size searched on a grid of `topology`: `size` on a square grid. Footprints are
/// square blocks of cells, so on a hex grid a size above 1 given by --size (`explicitSize`) is a
/// UsageError naming MAP's orientation, and one from the profile is searched as 1 with
/// `warning` set to say so.
int unitSizeOn(const isostar::GridTopology& topology, int size, bool explicitSize, const std::string& mapPath,
               std::string& warning);

/// Throws UsageError when `algorithm` is Jps or Jpsw and cannot search `layer` of `grid`
/// (saying what it needs; "; MAP does not" after it when `mapPath` is not empty); on a hex
/// grid: "--algorithm jps searches square grids only: MAP is hexagonal (staggeraxis y,
/// staggerindex odd) (use astar or auto)" ("the map" when `mapPath` is empty).
void requireSupported(Algorithm algorithm, const isostar::path::NavGrid& grid, int layer, const std::string& mapPath);

} // namespace isopath
