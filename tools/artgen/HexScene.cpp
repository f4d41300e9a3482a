// The hexagonal scene: a hex tileset of our own (hexground: grass, snow, road hexagons of
// 64x48 with sides of 24, pointy tops; hextall: a wall, trees, a volcano dormant and erupting, a
// tombstone standing on the hexagon) and maps/hex.tmx, a hexagonal map (stagger axis y, odd)
// that uses them, with a party.

#include "tools/artgen/Art.hpp"
#include "tools/artgen/Layout.hpp"
#include "tools/artgen/TileArt.hpp"

#include <cmath>
#include <filesystem>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace artgen {

namespace {

// The hexagon: Tiled's HexagonalRenderer cell of 64x48 with side 24 along y (stagger axis y).
constexpr int HexW = 64, HexH = 48, HexSide = 24;
constexpr int SideOffY = (HexH - HexSide) / 2; // 12: the slanted part's height
constexpr int RowH = SideOffY + HexSide;      // 36: from one row to the next
constexpr int TallH = 136;                    // tall images: the hexagon at the bottom

namespace hexground {
inline constexpr int Grass = 0; ///< 2 variants
inline constexpr int Snow = 2;  ///< 2 variants
inline constexpr int Road = 4;
inline constexpr int Count = 5;
} // namespace hexground

namespace hextall {
inline constexpr int Wall = 0;
inline constexpr int Oak = 1;
inline constexpr int Pine = 2;
inline constexpr int SnowPine = 3;
inline constexpr int Volcano = 4;
inline constexpr int VolcanoErupting = 5; ///< animated through 5..8
inline constexpr int Tombstone = 9;
inline constexpr int Count = 10;
} // namespace hextall

/// Whether the centre of pixel (px, py) of a HexW x HexH image lies inside the hexagon. The
/// hexagons of a map tile the plane and no pixel centre falls on a slanted side (their slopes
/// are 3/8), so every pixel of the map belongs to exactly one cell.
bool inHexagon(int px, int py)
{
    const float x = float(px) + 0.5f, y = float(py) + 0.5f;
    const float half = HexW / 2.f, slope = float(SideOffY) / half;
    const float dx = std::fabs(x - half);
    return y > SideOffY - (half - dx) * slope && y < HexH - SideOffY + (half - dx) * slope;
}

/// Lattice coordinates of an image pixel: the map's cells sit on the lattice (64, 0), (32, 36),
/// so noise of period 1 in (u, v) meets itself across every side of every hexagon.
void latticeOf(float x, float y, float& u, float& v)
{
    v = y / float(RowH);
    u = (x - v * (HexW / 2.f)) / float(HexW);
}

Rgb roadPixel(float u, float v, int px, int py)
{
    Rgb c = mix(hex(0x9c7748), hex(0xc4a067), fbm2(u, v, 5, 3, 62));
    c = c * (0.86f + 0.16f * fbm2(u, v, 12, 2, 63));
    const float h = hashf(px, py, 4, 64);
    if (h < 0.035f)
        return hex(0x8a8178) * (0.9f + 2.f * h); // pebble
    if (h > 0.985f)
        return hex(0x5e4a32);
    return c;
}

Canvas hexGroundTile(int id)
{
    Canvas t(HexW, HexH);
    for (int py = 0; py < HexH; ++py)
        for (int px = 0; px < HexW; ++px) {
            if (!inHexagon(px, py))
                continue;
            float u, v;
            latticeOf(float(px) + 0.5f, float(py) + 0.5f, u, v);
            // The square ground's colours (grass variants 0, 1; snow 4, 5) on the hex lattice.
            const Rgb c = id == hexground::Road ? roadPixel(u, v, px, py)
                                                : groundPixel(id < hexground::Snow ? ground::Grass + id
                                                                                   : ground::Snow + id - hexground::Snow,
                                                              u, v, px, py);
            t.at(px, py) = {c, 1.f};
        }
    return t;
}

/// A tall tile of tall.tsx (64x128, standing on its cell's centre at (32, 112)) on a hexagon:
/// the same picture in a 64x136 image whose hexagon (the bottom 48 rows) has its centre there.
Canvas hexTallTile(int id)
{
    static const int Source[hextall::Count] = {tall::Wall,    tall::Oak,     tall::Pine,
                                               tall::SnowPine, tall::Volcano, tall::VolcanoErupting,
                                               tall::VolcanoErupting + 1, tall::VolcanoErupting + 2,
                                               tall::VolcanoErupting + 3, tall::Tombstone};
    Canvas t(HexW, TallH);
    t.paste(tallTile(Source[id]), 0, TallH - HexH / 2 - 112);
    return t;
}

const char* hexTallTerrain(int id)
{
    switch (id) {
    case hextall::Wall: return "wall";
    case hextall::Oak:
    case hextall::Pine:
    case hextall::SnowPine: return "tree";
    case hextall::Volcano: return "volcano";
    case hextall::Tombstone: return "tombstone";
    default: return "volcano_erupting";
    }
}

bool writeSheet(const std::string& outDir, const std::string& name, int count, int tileH,
                Canvas (*tile)(int), const char* (*terrain)(int), std::string& error)
{
    Canvas sheet(HexW * count, tileH);
    for (int id = 0; id < count; ++id)
        sheet.paste(tile(id), id * HexW, 0);
    const std::string png = outDir + "/tiles/" + name + ".png", tsx = outDir + "/tiles/" + name + ".tsx";
    if (!sheet.savePng(png)) {
        error = png + ": cannot write";
        return false;
    }
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<tileset version=\"1.8\" tiledversion=\"1.8.2\" name=\"" << name << "\" tilewidth=\"" << HexW
      << "\" tileheight=\"" << tileH << "\" tilecount=\"" << count << "\" columns=\"" << count << "\">\n"
      << " <image source=\"" << name << ".png\" width=\"" << sheet.width() << "\" height=\"" << sheet.height() << "\"/>\n";
    for (int id = 0; id < count; ++id) {
        x << "  <tile id=\"" << id << "\">\n   <properties>\n    <property name=\"terrain\" value=\"" << terrain(id)
          << "\"/>\n   </properties>\n";
        if (tileH == TallH && id == hextall::VolcanoErupting) {
            x << "   <animation>\n";
            for (int f = 0; f < tall::VolcanoFrames; ++f)
                x << "    <frame tileid=\"" << hextall::VolcanoErupting + f << "\" duration=\"160\"/>\n";
            x << "   </animation>\n";
        }
        x << "  </tile>\n";
    }
    x << "</tileset>\n";
    if (!writeTextFile(tsx, x.str())) {
        error = tsx + ": cannot write";
        return false;
    }
    return true;
}

const char* hexGroundTerrain(int id)
{
    return id < hexground::Snow ? "grass" : id < hexground::Road ? "snow" : "road";
}

// The scene, one character per cell (rows of Tiled's offset coordinates, odd rows shifted right
// on screen): '.' grass, '*' snow, '=' road, '#' wall, 'T' oak, 'P' pine, 'S' snowy pine (on
// snow), 'V' volcano, 'E' erupting volcano, '+' tombstone, 'k' 'r' 'm' 'd' the party (on grass).
// A wall crosses the valley from north to south, its cells touching edge to edge, with one gap
// (rows 8 and 9, where the road passes); the party camps west of it.
const char* const HexRows[] = {
    "T.P.....#....****S**",
    ".....T..#....***S***",
    ".P.......#....*****S",
    ".........#....****S*",
    "...T......#....****S",
    ".k........#....*****",
    "..r........#.....V..",
    ".m.d.......#........",
    "..===============...",
    "T...............=...",
    "..+.+........#..=.P.",
    "...+.........#..=..E",
    "P.............#.=...",
    "..T...........#T=...",
};

} // namespace

bool writeHexArt(const std::string& assetsDir, std::string& error)
{
    return writeSheet(assetsDir, "hexground", hexground::Count, HexH, hexGroundTile, hexGroundTerrain, error) &&
           writeSheet(assetsDir, "hextall", hextall::Count, TallH, hexTallTile, hexTallTerrain, error);
}

bool writeHexMap(const std::string& mapsDir, const std::string& assetsDir, std::string& error)
{
    namespace fs = std::filesystem;
    const std::string path = mapsDir + "/hex.tmx";
    const fs::path mapDir = fs::absolute(fs::path(path)).parent_path();
    auto rel = [&](const std::string& file) {
        return fs::relative(fs::absolute(fs::path(assetsDir) / file), mapDir).generic_string();
    };
    const int w = int(std::string(HexRows[0]).size()), h = int(std::size(HexRows));
    constexpr int TallFirst = 1 + hexground::Count;
    std::ostringstream groundCsv, tallCsv, party;
    int objectId = 1;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const char c = HexRows[y][x];
            const bool snowy = c == '*' || c == 'S';
            const int variant = int(hash3(x, y, 0, 77) & 1);
            const int groundId = c == '=' ? hexground::Road : (snowy ? hexground::Snow : hexground::Grass) + variant;
            int tallId = -1;
            switch (c) {
            case '#': tallId = hextall::Wall; break;
            case 'T': tallId = hextall::Oak; break;
            case 'P': tallId = hextall::Pine; break;
            case 'S': tallId = hextall::SnowPine; break;
            case 'V': tallId = hextall::Volcano; break;
            case 'E': tallId = hextall::VolcanoErupting; break;
            case '+': tallId = hextall::Tombstone; break;
            default: break;
            }
            const char* sep = x + 1 < w ? "," : (y + 1 < h ? ",\n" : "\n");
            groundCsv << 1 + groundId << sep;
            tallCsv << (tallId < 0 ? 0 : TallFirst + tallId) << sep;
            static const char* const Names[] = {"knight", "ranger", "mage", "dwarf"};
            const std::string units = "krmd";
            if (const auto k = units.find(c); k != std::string::npos) {
                // Objects of hexagonal maps are in pixels: the cell's centre.
                const int cx = x * HexW + ((y & 1) ? HexW / 2 : 0) + HexW / 2, cy = y * RowH + HexH / 2;
                party << "  <object id=\"" << objectId++ << "\" name=\"" << Names[k] << "\" type=\"party\" x=\"" << cx
                      << "\" y=\"" << cy << "\">\n";
                if (Names[k] == std::string("ranger") || Names[k] == std::string("dwarf"))
                    party << "   <properties>\n    <property name=\"profile\" value=\"" << Names[k]
                          << "\"/>\n   </properties>\n";
                party << "   <point/>\n  </object>\n";
            }
        }
    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<map version=\"1.8\" tiledversion=\"1.8.2\" orientation=\"hexagonal\" renderorder=\"right-down\" width=\"" << w
      << "\" height=\"" << h << "\" tilewidth=\"" << HexW << "\" tileheight=\"" << HexH
      << "\" infinite=\"0\" hexsidelength=\"" << HexSide
      << "\" staggeraxis=\"y\" staggerindex=\"odd\" backgroundcolor=\"#1c2230\" nextlayerid=\"4\" nextobjectid=\""
      << objectId << "\">\n"
      << " <properties>\n  <property name=\"title\" value=\"Hexagons: a wall with one gap across the valley\"/>\n"
      << " </properties>\n"
      << " <tileset firstgid=\"1\" source=\"" << rel("tiles/hexground.tsx") << "\"/>\n"
      << " <tileset firstgid=\"" << TallFirst << "\" source=\"" << rel("tiles/hextall.tsx") << "\"/>\n"
      << " <layer id=\"1\" name=\"ground\" width=\"" << w << "\" height=\"" << h << "\">\n  <data encoding=\"csv\">\n"
      << groundCsv.str() << "</data>\n </layer>\n"
      << " <layer id=\"2\" name=\"overlay\" width=\"" << w << "\" height=\"" << h << "\">\n  <data encoding=\"csv\">\n"
      << tallCsv.str() << "</data>\n </layer>\n"
      << " <objectgroup id=\"3\" name=\"objects\">\n"
      << party.str() << " </objectgroup>\n</map>\n";
    if (!writeTextFile(path, o.str())) {
        error = path + ": cannot write";
        return false;
    }
    return true;
}

} // namespace artgen
