#include "tools/artgen/MapGrid.hpp"

#include "tools/artgen/Canvas.hpp"
#include "tools/artgen/Layout.hpp"

#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <iomanip>
#include <sstream>
#include <vector>

namespace artgen {

namespace {

/// What a road cell connects to: roads, and the tiles whose `connects` property names "road"
/// (tallConnects in Tiles.cpp), so the brush of engine/edit re-picks exactly the written variants.
bool connectsRoad(Over o) { return o == Over::Road || o == Over::Bridge || o == Over::Tent || o == Over::Castle; }

int maskAt(const MapGrid& g, int x, int y, bool (*connects)(Over))
{
    int m = 0;
    auto on = [&](int ax, int ay) { return g.inside(ax, ay) && connects(g.at(ax, ay).over); };
    if (on(x, y - 1))
        m |= kN;
    if (on(x + 1, y))
        m |= kE;
    if (on(x, y + 1))
        m |= kS;
    if (on(x - 1, y))
        m |= kW;
    return m;
}

/// Ground variant: mostly the plain tile, the others sprinkled by a position hash.
int variantAt(int x, int y)
{
    const float h = hashf(x, y, 0, 977);
    return h < 0.55f ? 0 : h < 0.72f ? 1 : h < 0.87f ? 2 : 3;
}

/// The corner transition a grass, flowers or snow cell takes (a tile of ground.tsx's corner wang
/// sets), or -1 for its plain tile. A map vertex is snow (water, scorched) when any cell touching
/// it is; water and scorched cells themselves stay plain (all four corners theirs), snow cells
/// blend only with water, so every cell keeps the terrain it is: a grass cell with snow in a
/// corner is a grass tile, a flowers cell with water in a corner a flowers tile, a snow cell with
/// water in a corner a snow tile. Where two other terrains reach one cell, the one with
/// more corners wins (ties: water, snow, scorched); flowers have no scorched blend. A grass cell
/// with scorched earth on all four corners is scorched grass (also terrain grass); any other cell
/// between other cells on all four corners keeps its base in the corner they touch least.
int blendId(const MapGrid& g, int x, int y)
{
    const GroundKind self = g.at(x, y).ground;
    if (self != GroundKind::Grass && self != GroundKind::Flowers && self != GroundKind::Snow)
        return -1;
    const GroundKind others[3] = {GroundKind::Water, GroundKind::Snow, GroundKind::Scorched};
    int masks[3] = {0, 0, 0}, touching[3][4] = {};
    // Corner bits (Layout.hpp): top vertex (x, y) 1, right (x+1, y) 2, bottom (x+1, y+1) 4, left (x, y+1) 8.
    const int vx[4] = {0, 1, 1, 0}, vy[4] = {0, 0, 1, 1};
    for (int c = 0; c < 4; ++c) {
        const int X = x + vx[c], Y = y + vy[c];
        for (int k = 0; k < 3; ++k)
            for (int dy = -1; dy <= 0; ++dy)
                for (int dx = -1; dx <= 0; ++dx)
                    if (g.inside(X + dx, Y + dy) && g.at(X + dx, Y + dy).ground == others[k]) {
                        masks[k] |= 1 << c;
                        ++touching[k][c];
                    }
    }
    auto bits = [](int m) { return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1); };
    int best = -1;
    for (int k = 0; k < 3; ++k) {
        if (masks[k] == 0 || others[k] == self || (self == GroundKind::Flowers && others[k] == GroundKind::Scorched) ||
            (self == GroundKind::Snow && others[k] != GroundKind::Water))
            continue;
        if (best < 0 || bits(masks[k]) > bits(masks[best]))
            best = k;
    }
    if (best < 0)
        return -1;
    if (masks[best] == 15 && others[best] == GroundKind::Scorched)
        return ground::Scorched + variantAt(x, y); // scorched grass is grass: the name stays
    if (masks[best] == 15) { // all four corners: the cell keeps the corner the other touches least
        int keep = 0;
        for (int c = 1; c < 4; ++c)
            if (touching[best][c] < touching[best][keep])
                keep = c;
        masks[best] &= ~(1 << keep);
    }
    const bool flowers = self == GroundKind::Flowers;
    if (self == GroundKind::Snow)
        return ground::SnowWater + masks[best] - 1;
    const int first = others[best] == GroundKind::Water ? (flowers ? ground::FlowersWater : ground::GrassWater)
                      : others[best] == GroundKind::Snow ? (flowers ? ground::FlowersSnow : ground::GrassSnow)
                                                         : ground::GrassScorched;
    return first + masks[best] - 1;
}

int groundGid(const MapGrid& g, int x, int y)
{
    const int v = variantAt(x, y);
    if (const int blend = blendId(g, x, y); blend >= 0)
        return kGroundFirstGid + blend;
    switch (g.at(x, y).ground) {
    case GroundKind::Grass: return kGroundFirstGid + ground::Grass + v;
    case GroundKind::Snow: return kGroundFirstGid + ground::Snow + v;
    case GroundKind::Water: return kGroundFirstGid + ground::Water + v;
    case GroundKind::Flowers: return kGroundFirstGid + ground::Flowers + v;
    case GroundKind::Scorched: return kGroundFirstGid + ground::Scorched + v;
    }
    return 0;
}

int overGid(const MapGrid& g, int x, int y)
{
    const int t = kTallFirstGid;
    switch (g.at(x, y).over) {
    case Over::None: return 0;
    case Over::Road: return kGroundFirstGid + ground::Road + maskAt(g, x, y, connectsRoad);
    case Over::Wall: {
        int m = maskAt(g, x, y, [](Over o) { return o == Over::Wall; });
        return t + tall::Wall + m;
    }
    case Over::Bridge: {
        const bool alongX = (g.inside(x - 1, y) && connectsRoad(g.at(x - 1, y).over)) || (g.inside(x + 1, y) && connectsRoad(g.at(x + 1, y).over));
        return t + (alongX ? tall::BridgeX : tall::BridgeY);
    }
    case Over::Tent: return t + tall::Tent;
    case Over::Castle: return t + tall::Castle;
    case Over::Volcano: return t + tall::Volcano;
    case Over::VolcanoErupting: return t + tall::VolcanoErupting;
    case Over::Tombstone: return t + tall::Tombstone;
    case Over::TombCross: return t + tall::TombCross;
    case Over::Oak: return t + tall::Oak;
    case Over::Birch: return t + tall::Birch;
    case Over::Pine: return t + tall::Pine;
    case Over::SnowPine: return t + tall::SnowPine;
    case Over::Rock: return t + tall::Rock;
    case Over::Boulder: return t + tall::Boulder;
    }
    return 0;
}

std::string csv(const MapGrid& g, int (*gid)(const MapGrid&, int, int))
{
    std::ostringstream o;
    o << "\n";
    for (int y = 0; y < g.height; ++y) {
        for (int x = 0; x < g.width; ++x) {
            o << gid(g, x, y);
            if (x + 1 < g.width || y + 1 < g.height)
                o << ",";
        }
        o << "\n";
    }
    return o.str();
}

std::string base64(const std::vector<unsigned char>& in)
{
    static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((in.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < in.size(); i += 3) {
        const std::uint32_t b0 = in[i], b1 = i + 1 < in.size() ? in[i + 1] : 0u, b2 = i + 2 < in.size() ? in[i + 2] : 0u;
        const std::uint32_t v = (b0 << 16) | (b1 << 8) | b2;
        out += k[(v >> 18) & 63];
        out += k[(v >> 12) & 63];
        out += i + 1 < in.size() ? k[(v >> 6) & 63] : '=';
        out += i + 2 < in.size() ? k[v & 63] : '=';
    }
    return out;
}

/// Tiled's base64 + zlib layer data: little-endian uint32 gids, zlib level 9 (deterministic for
/// one zlib version), base64 on one line between the data element's indented lines.
bool zlibData(const MapGrid& g, int (*gid)(const MapGrid&, int, int), std::string& out)
{
    std::vector<unsigned char> raw;
    raw.reserve(std::size_t(g.width) * std::size_t(g.height) * 4);
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x) {
            const auto v = std::uint32_t(gid(g, x, y));
            for (int b = 0; b < 4; ++b)
                raw.push_back(static_cast<unsigned char>((v >> (8 * b)) & 0xffu));
        }
    uLongf size = compressBound(uLong(raw.size()));
    std::vector<unsigned char> packed(size);
    if (compress2(packed.data(), &size, raw.data(), uLong(raw.size()), 9) != Z_OK)
        return false;
    packed.resize(size);
    out = "\n   " + base64(packed) + "\n  ";
    return true;
}

std::string xmlEscape(const std::string& s)
{
    std::string r;
    for (char c : s) {
        if (c == '&')
            r += "&amp;";
        else if (c == '<')
            r += "&lt;";
        else if (c == '>')
            r += "&gt;";
        else if (c == '"')
            r += "&quot;";
        else
            r += c;
    }
    return r;
}

} // namespace

bool writeTmx(const MapGrid& g, const std::string& path, const std::string& assetsDir, std::string& error)
{
    namespace fs = std::filesystem;
    const fs::path mapDir = fs::absolute(fs::path(path)).parent_path();
    std::error_code ec;
    fs::create_directories(mapDir, ec);
    auto rel = [&](const std::string& file) {
        return fs::relative(fs::absolute(fs::path(assetsDir) / file), mapDir).generic_string();
    };
    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<map version=\"1.8\" tiledversion=\"1.8.2\" orientation=\"isometric\" renderorder=\"right-down\" width=\"" << g.width
      << "\" height=\"" << g.height << "\" tilewidth=\"64\" tileheight=\"32\" infinite=\"0\" backgroundcolor=\"#1c2230\" nextlayerid=\"4\" nextobjectid=\""
      << g.objects.size() + 1 << "\">\n";
    if (!g.title.empty())
        o << " <properties>\n  <property name=\"title\" value=\"" << xmlEscape(g.title) << "\"/>\n </properties>\n";
    o << " <tileset firstgid=\"" << kGroundFirstGid << "\" source=\"" << rel("tiles/ground.tsx") << "\"/>\n"
      << " <tileset firstgid=\"" << kTallFirstGid << "\" source=\"" << rel("tiles/tall.tsx") << "\"/>\n";
    const char* dataOpen = g.compressed ? "<data encoding=\"base64\" compression=\"zlib\">" : "<data encoding=\"csv\">";
    std::string groundData, overData;
    if (!g.compressed) {
        groundData = csv(g, groundGid);
        overData = csv(g, overGid);
    } else if (!zlibData(g, groundGid, groundData) || !zlibData(g, overGid, overData)) {
        error = path + ": zlib compression failed";
        return false;
    }
    o << " <layer id=\"1\" name=\"ground\" width=\"" << g.width << "\" height=\"" << g.height << "\">\n  " << dataOpen
      << groundData << "</data>\n </layer>\n"
      << " <layer id=\"2\" name=\"overlay\" width=\"" << g.width << "\" height=\"" << g.height << "\">\n  " << dataOpen
      << overData << "</data>\n </layer>\n"
      << " <objectgroup id=\"3\" name=\"objects\">\n";
    int id = 1;
    for (const MapObject& ob : g.objects) {
        // Isometric object coordinates are projected: both axes in tile-height pixels.
        o << "  <object id=\"" << id++ << "\" name=\"" << xmlEscape(ob.name) << "\"";
        if (!ob.type.empty())
            o << " type=\"" << xmlEscape(ob.type) << "\"";
        o << " x=\"" << (ob.x * 32 + 16) << "\" y=\"" << (ob.y * 32 + 16) << "\">\n";
        if (!ob.properties.empty() || !ob.intProperties.empty()) {
            o << "   <properties>\n";
            for (const auto& [name, value] : ob.properties)
                o << "    <property name=\"" << xmlEscape(name) << "\" value=\"" << xmlEscape(value) << "\"/>\n";
            for (const auto& [name, value] : ob.intProperties)
                o << "    <property name=\"" << xmlEscape(name) << "\" type=\"int\" value=\"" << value << "\"/>\n";
            o << "   </properties>\n";
        }
        o << "   <point/>\n  </object>\n";
    }
    o << " </objectgroup>\n</map>\n";
    if (!writeTextFile(path, o.str())) {
        error = path + ": cannot write";
        return false;
    }
    return true;
}

} // namespace artgen
