// Maps: the article's five seed scenes (drawn here as ASCII, one character per cell) and the
// valley showcase map (built procedurally from a fixed seed), written as Tiled 1.8 TMX files.

#include "tools/artgen/Art.hpp"
#include "tools/artgen/Canvas.hpp"
#include "tools/artgen/Layout.hpp"
#include "tools/artgen/MapGrid.hpp"

#include <filesystem>
#include <sstream>

namespace artgen {

namespace {

// Legend of the seed pictures:
//   .  default ground of the map     g grass   s snow   ~ water   , flowers
//   =  road                          # wall    H bridge (over water)
//   A  tent (start)   C castle (goal)   V erupting volcano   v dormant volcano
//   +  tombstone   T oak   t pine   P snowy pine   R rock
struct Seed {
    const char* file;
    const char* title;
    char ground; // 'g' or 's'
    std::vector<std::string> rows;
    /// `party` objects (none: the game places its four characters round the tent).
    std::vector<MapObject> party = {};
};

/// The scenes around a road: a wall the road goes around, then a wall long enough that the
/// road's detour no longer pays.
std::vector<Seed> roadSeeds()
{
    return {
        {"road.tmx", "Road: the cheapest path follows the road around the wall", 'g',
         {
             "................",
             "....C========...",
             "...T........=...",
             "............=.T.",
             "..T.........=...",
             "............=...",
             "..#######...=...",
             ".T..........=...",
             "............=.t.",
             ".....R......=...",
             "............=..~",
             "............=.~~",
             "....A========.~~",
             "..............~~",
         }},
        {"road_long_wall.tmx", "Road, long wall: the road's detour no longer pays, the path leaves it", 'g',
         {
             "................",
             "....C===========",
             "...T...........=",
             "...............=",
             "..T............=",
             "...............=",
             "..############.=",
             ".T.............=",
             "...............=",
             ".....R.........=",
             "...............=",
             "...............=",
             "....A===========",
             "................",
         }},
    };
}

/// The snow field of the volcano scenes: the castle, the camp and snowy pines, with `volcano`
/// ('v' dormant, 'V' erupting) south-east of the centre and, with `tombstone`, a tombstone
/// north-west of the volcano.
std::vector<std::string> snowField(char volcano, bool tombstone)
{
    std::vector<std::string> rows = {
        "..............",
        "..P...........",
        "..............",
        "...........C..",
        ".P............",
        "..............",
        "..............",
        "..............",
        "..............",
        "...........P..",
        "..............",
        "...A..........",
        "..............",
        ".P............",
    };
    rows[8][9] = volcano;
    if (tombstone)
        rows[6][6] = '+';
    return rows;
}

std::vector<Seed> seeds()
{
    std::vector<Seed> all = roadSeeds();
    all.push_back({"snow.tmx", "Snow, dormant volcano: constant cost, the path is a straight line", 's',
                   snowField('v', false)});
    // The volcano scene's party: the four where the game would place them round the tent, and
    // an ogre of 3x3 cells (the int property `size`) beside them.
    all.push_back({"volcano.tmx", "Volcano erupting: warmth melts the cost, the path bends toward the volcano", 's',
                   snowField('V', false),
                   {{"knight", "party", 3, 10},
                    {"ranger", "party", 2, 11},
                    {"mage", "party", 4, 11},
                    {"dwarf", "party", 3, 12},
                    {"ogre", "party", 5, 11, {}, {{"size", 3}}}}});
    all.push_back({"volcano_tombstone.tmx",
                   "Volcano and tombstone: dread pushes the path back, even closer to the volcano", 's',
                   snowField('V', true)});
    return all;
}

} // namespace

MapGrid gridFromAscii(const std::vector<std::string>& rows, char defaultGround)
{
    MapGrid g(int(rows.front().size()), int(rows.size()));
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x) {
            const char c = rows[std::size_t(y)][std::size_t(x)];
            Cell& cell = g.at(x, y);
            cell.ground = defaultGround == 's' ? GroundKind::Snow : GroundKind::Grass;
            switch (c) {
            case 'g': cell.ground = GroundKind::Grass; break;
            case 's': cell.ground = GroundKind::Snow; break;
            case '~': cell.ground = GroundKind::Water; break;
            case ',': cell.ground = GroundKind::Flowers; break;
            case '=': cell.over = Over::Road; break;
            case '#': cell.over = Over::Wall; break;
            case 'H': cell.ground = GroundKind::Water; cell.over = Over::Bridge; break;
            case 'A': cell.over = Over::Tent; break;
            case 'C': cell.over = Over::Castle; break;
            case 'V': cell.over = Over::VolcanoErupting; break;
            case 'v': cell.over = Over::Volcano; break;
            case '+': cell.over = Over::Tombstone; break;
            case 'T': cell.over = Over::Oak; break;
            case 't': cell.over = Over::Pine; break;
            case 'P': cell.over = Over::SnowPine; break;
            case 'R': cell.over = Over::Rock; break;
            default: break;
            }
            if (cell.over == Over::Tent)
                g.objects.push_back({"start", "", x, y});
            if (cell.over == Over::Castle)
                g.objects.push_back({"goal", "", x, y});
        }
    return g;
}

bool writeMaps(const std::string& mapsDir, const std::string& assetsDir, std::string& error)
{
    namespace fs = std::filesystem;
    for (const Seed& s : seeds()) {
        MapGrid g = gridFromAscii(s.rows, s.ground);
        g.title = s.title;
        g.objects.insert(g.objects.end(), s.party.begin(), s.party.end());
        const std::string path = mapsDir + "/seed/" + s.file;
        if (!writeTmx(g, path, assetsDir, error))
            return false;
    }
    MapGrid valley = buildValley();
    if (!writeTmx(valley, mapsDir + "/valley.tmx", assetsDir, error))
        return false;
    // The big maps: the valley tiled (256 a side for the many-units benchmark, 7x7 valleys for
    // the frame-time benchmark).
    return writeTmx(buildTiledValley(256, 0), mapsDir + "/valley256.tmx", assetsDir, error) &&
           writeTmx(buildTiledValley(0, 7), mapsDir + "/valley504.tmx", assetsDir, error);
}

bool writeTiledValley(int tilesAcross, bool csv, const std::string& path, const std::string& assetsDir,
                      std::string& error)
{
    MapGrid g = buildTiledValley(0, tilesAcross);
    g.compressed = !csv;
    return writeTmx(g, path, assetsDir, error);
}

} // namespace artgen
