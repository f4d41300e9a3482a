// The tilesets: ground.png/ground.tsx and tall.png/tall.tsx, the tiles drawn by GroundTiles.cpp
// and TallTiles.cpp laid out in sheets, with their terrain properties and wang sets.

#include "tools/artgen/Art.hpp"
#include "tools/artgen/Layout.hpp"
#include "tools/artgen/TileArt.hpp"

#include <algorithm>
#include <sstream>
#include <utility>
#include <vector>

namespace artgen {

namespace {

/// One <tile> with its properties in the order Tiled 1.8 saves them (by name): `connects` (only
/// when `connects` is not empty), then `terrain`.
std::string tileXml(int id, const std::string& terrain, const std::string& extra = {}, const std::string& connects = {})
{
    std::ostringstream o;
    o << "  <tile id=\"" << id << "\">\n   <properties>\n";
    if (!connects.empty())
        o << "    <property name=\"connects\" value=\"" << connects << "\"/>\n";
    o << "    <property name=\"terrain\" value=\"" << terrain << "\"/>\n   </properties>\n" << extra << "  </tile>\n";
    return o.str();
}

/// Tiled wang id for an edge set: top, top-right, right, ... ; only the four edges used.
/// On an isometric map Tiled's top edge is the neighbour (x, y-1) = our N.
std::string wangId(int mask)
{
    std::ostringstream o;
    o << ((mask & kN) ? 1 : 0) << ",0," << ((mask & kE) ? 1 : 0) << ",0," << ((mask & kS) ? 1 : 0) << ",0,"
      << ((mask & kW) ? 1 : 0) << ",0";
    return o.str();
}

/// Tiled wang id for a corner set: only the corner slots (top-right, bottom-right, bottom-left,
/// top-left). Our corner bits are screen vertices: on an isometric map Tiled's top-right corner
/// (between the top edge = N and the right edge = E) is the diamond's right vertex (bit 2), its
/// bottom-right the bottom vertex (4), bottom-left the left vertex (8), top-left the top (1).
/// Colour 1 is the base, 2 the other terrain.
std::string cornerWangId(int mask)
{
    auto c = [&](int bit) { return (mask & bit) ? 2 : 1; };
    std::ostringstream o;
    o << "0," << c(2) << ",0," << c(4) << ",0," << c(8) << ",0," << c(1);
    return o.str();
}

/// tiles/ground.png and ground.tsx: the flat ground tiles, with the road (edge) and blend
/// (corner) wang sets.
bool writeGroundTileset(const std::string& outDir, std::string& error)
{
    Canvas sheet(64 * ground::Columns, 32 * ((ground::Count + ground::Columns - 1) / ground::Columns));
    for (int id = 0; id < ground::Count; ++id) {
        const Canvas t = id >= ground::Road && id < ground::Scorched ? roadTile(id - ground::Road)
                         : id >= ground::GrassSnow                       ? blendTile(id)
                                                                         : groundTile(id);
        sheet.paste(t, (id % ground::Columns) * 64, (id / ground::Columns) * 32);
    }
    if (!sheet.savePng(outDir + "/tiles/ground.png")) {
        error = outDir + "/tiles/ground.png: cannot write";
        return false;
    }
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<tileset version=\"1.8\" tiledversion=\"1.8.2\" name=\"ground\" tilewidth=\"64\" tileheight=\"32\" tilecount=\""
      << ground::Count << "\" columns=\"" << ground::Columns << "\">\n"
      << " <grid orientation=\"isometric\" width=\"64\" height=\"32\"/>\n"
      << " <image source=\"ground.png\" width=\"" << sheet.width() << "\" height=\"" << sheet.height() << "\"/>\n";
    for (int id = 0; id < ground::Count; ++id)
        x << tileXml(id, groundTerrain(id));
    x << " <wangsets>\n  <wangset name=\"roads\" type=\"edge\" tile=\"" << ground::Road + 15 << "\">\n"
      << "   <wangcolor name=\"road\" color=\"#c9a66b\" tile=\"" << ground::Road + 15 << "\" probability=\"1\"/>\n";
    for (int m = 1; m < 16; ++m)
        x << "   <wangtile tileid=\"" << ground::Road + m << "\" wangid=\"" << wangId(m) << "\"/>\n";
    x << "  </wangset>\n";
    // Corner sets: colour 1 the base, 2 the other terrain; the plain tiles (every variant)
    // stand for the all-base and all-other corners, the 14 blends for the mixed ones.
    for (const BlendSet& b : blendSets()) {
        x << "  <wangset name=\"" << b.name << "\" type=\"corner\" tile=\"" << b.first + 4 << "\">\n"
          << "   <wangcolor name=\"" << b.baseName << "\" color=\"" << b.baseColor << "\" tile=\"" << b.basePlain
          << "\" probability=\"1\"/>\n"
          << "   <wangcolor name=\"" << b.otherName << "\" color=\"" << b.otherColor << "\" tile=\"" << b.otherPlain
          << "\" probability=\"1\"/>\n";
        std::vector<std::pair<int, int>> tiles; // (tile id, corner mask)
        for (int v = 0; v < 4; ++v)
            tiles.push_back({b.basePlain + v, 0});
        for (int v = 0; v < 4; ++v)
            tiles.push_back({b.otherPlain + v, 15});
        for (int m = 1; m < 15; ++m)
            tiles.push_back({b.first + m - 1, m});
        std::sort(tiles.begin(), tiles.end());
        for (const auto& [tile, m] : tiles)
            x << "   <wangtile tileid=\"" << tile << "\" wangid=\"" << cornerWangId(m) << "\"/>\n";
        x << "  </wangset>\n";
    }
    x << " </wangsets>\n</tileset>\n";
    if (!writeTextFile(outDir + "/tiles/ground.tsx", x.str())) {
        error = outDir + "/tiles/ground.tsx: cannot write";
        return false;
    }
    return true;
}

/// tiles/tall.png and tall.tsx: the tall tiles (the erupting volcano animated), with the wall
/// (edge) wang set.
bool writeTallTileset(const std::string& outDir, std::string& error)
{
    Canvas sheet(64 * tall::Columns, 128 * ((tall::Count + tall::Columns - 1) / tall::Columns));
    for (int id = 0; id < tall::Count; ++id)
        sheet.paste(tallTile(id), (id % tall::Columns) * 64, (id / tall::Columns) * 128);
    if (!sheet.savePng(outDir + "/tiles/tall.png")) {
        error = outDir + "/tiles/tall.png: cannot write";
        return false;
    }
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<tileset version=\"1.8\" tiledversion=\"1.8.2\" name=\"tall\" tilewidth=\"64\" tileheight=\"128\" tilecount=\""
      << tall::Count << "\" columns=\"" << tall::Columns << "\">\n"
      << " <grid orientation=\"isometric\" width=\"64\" height=\"32\"/>\n"
      << " <image source=\"tall.png\" width=\"" << sheet.width() << "\" height=\"" << sheet.height() << "\"/>\n";
    for (int id = 0; id < tall::Count; ++id) {
        std::string extra;
        if (id == tall::VolcanoErupting) {
            extra = "   <animation>\n";
            for (int f = 0; f < tall::VolcanoFrames; ++f)
                extra += "    <frame tileid=\"" + std::to_string(tall::VolcanoErupting + f) + "\" duration=\"160\"/>\n";
            extra += "   </animation>\n";
        }
        x << tileXml(id, tallTerrain(id), extra, tallConnects(id));
    }
    x << " <wangsets>\n  <wangset name=\"walls\" type=\"edge\" tile=\"" << tall::Wall + 15 << "\">\n"
      << "   <wangcolor name=\"wall\" color=\"#a49c8e\" tile=\"" << tall::Wall + 15 << "\" probability=\"1\"/>\n";
    for (int m = 1; m < 16; ++m)
        x << "   <wangtile tileid=\"" << tall::Wall + m << "\" wangid=\"" << wangId(m) << "\"/>\n";
    x << "  </wangset>\n </wangsets>\n</tileset>\n";
    if (!writeTextFile(outDir + "/tiles/tall.tsx", x.str())) {
        error = outDir + "/tiles/tall.tsx: cannot write";
        return false;
    }
    return true;
}

} // namespace

bool writeTilesets(const std::string& outDir, std::string& error)
{
    return writeGroundTileset(outDir, error) && writeTallTileset(outDir, error);
}

} // namespace artgen
