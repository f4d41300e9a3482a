// Mesh tests: vertices of built layer meshes, no window and no GL context.
#include "engine/map/MapLoader.hpp"
#include "engine/render/MapMesh.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

using isostar::render::LayerPass;
using isostar::render::MapMesh;
using isostar::render::MeshOptions;

namespace {

std::string fixture(const std::string& name)
{
    return std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/render/" + name;
}

MapMesh buildFixture(const std::string& name, MeshOptions options = {})
{
    auto map = isostar::map::loadMap(fixture(name));
    INFO(isostar::formatDiagnostics(map.diagnostics()));
    REQUIRE(map);
    MapMesh mesh;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(isostar::render::buildMapMesh(map.value(), options, mesh, problems));
    CHECK(problems.empty());
    return mesh;
}

/// Checks one quad (6 vertices: tl,tr,br / tl,br,bl) against its rectangle and texcoords of
/// the top-left, top-right, bottom-right and bottom-left corners.
void checkQuad(const sf::Vertex* v, sf::FloatRect pos, std::array<sf::Vector2f, 4> tex)
{
    const sf::Vector2f p[4] = {{pos.left, pos.top},
                               {pos.left + pos.width, pos.top},
                               {pos.left + pos.width, pos.top + pos.height},
                               {pos.left, pos.top + pos.height}};
    const int idx[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; ++i) {
        INFO("vertex " << i);
        CHECK(v[i].position.x == p[idx[i]].x);
        CHECK(v[i].position.y == p[idx[i]].y);
        CHECK(v[i].texCoords.x == tex[std::size_t(idx[i])].x);
        CHECK(v[i].texCoords.y == tex[std::size_t(idx[i])].y);
    }
}

isostar::map::MapData syntheticMap(int w, int h, int tileImageHeight)
{
    isostar::map::MapData map;
    map.path = "synthetic.tmx";
    map.orientation = isostar::map::Orientation::Isometric;
    map.width = w;
    map.height = h;
    map.tileWidth = 64;
    map.tileHeight = 32;
    isostar::map::Tileset ts;
    ts.name = std::string(1, 't');  // not = "t": GCC 12 false -Wrestrict (bug 105329)
    ts.firstGid = 1;
    ts.tileWidth = 64;
    ts.tileHeight = tileImageHeight;
    ts.tileCount = 4;
    ts.columns = 4;
    ts.image = "t.png";
    ts.imageWidth = 256;
    ts.imageHeight = tileImageHeight;
    map.tilesets.push_back(ts);
    isostar::map::Layer ground;
    ground.name = "ground";
    ground.tiles.width = w;
    ground.tiles.height = h;
    ground.tiles.gids.assign(std::size_t(w) * std::size_t(h), 1);
    ground.tiles.flipFlags.assign(ground.tiles.gids.size(), 0);
    map.layers.push_back(ground);
    return map;
}

} // namespace

TEST_CASE("a flat isometric layer: bottom-left aligned quads in Tiled's order, flips", "[render][mesh]")
{
    const MapMesh mesh = buildFixture("flat_iso.tmx");
    CHECK(mesh.mapRect == sf::FloatRect(0, 0, 80, 40));
    CHECK(mesh.canvas == sf::FloatRect(0, 0, 80, 40));
    REQUIRE(mesh.textures.size() == 1);
    CHECK(mesh.textures[0].path == fixture("flat.png"));
    REQUIRE(mesh.layers.size() == 1);
    CHECK(mesh.layers[0].pass == LayerPass::Ground);
    REQUIRE(mesh.layers[0].chunks.size() == 1);
    const auto& chunk = mesh.layers[0].chunks[0];
    CHECK(chunk.items.empty());
    REQUIRE(chunk.batches.size() == 1);
    const sf::VertexArray& va = chunk.batches[0].vertices;
    CHECK(va.getPrimitiveType() == sf::Triangles);
    REQUIRE(va.getVertexCount() == 5 * 6); // 5 non-empty cells
    const sf::Vector2f t0[4] = {{0, 0}, {32, 0}, {32, 16}, {0, 16}};
    const sf::Vector2f t1[4] = {{32, 0}, {64, 0}, {64, 16}, {32, 16}};
    // Screen rows: (0,0); (0,1) (1,0); (2,0); (2,1). Map origin x = H*tw/2 = 32.
    checkQuad(&va[0], {16, 0, 32, 16}, {t0[0], t0[1], t0[2], t0[3]});
    checkQuad(&va[6], {0, 8, 32, 16}, {t1[0], t1[1], t1[2], t1[3]});
    checkQuad(&va[12], {32, 8, 32, 16}, {t1[0], t1[1], t1[2], t1[3]});
    checkQuad(&va[18], {48, 16, 32, 16}, {t0[0], t0[1], t0[2], t0[3]});
    // (2,1) is flipped horizontally.
    checkQuad(&va[24], {32, 24, 32, 16}, {t0[1], t0[0], t0[3], t0[2]});
    CHECK(chunk.bounds == sf::FloatRect(0, 0, 80, 40));
    CHECK(va[0].color == sf::Color::White);
}

TEST_CASE("flip flags map texture corners as Tiled (diagonal first, then H and V)", "[render][mesh]")
{
    const sf::IntRect r(10, 20, 8, 4);
    const sf::Vector2f tl{10, 20}, tr{18, 20}, br{18, 24}, bl{10, 24};
    using namespace isostar::map::flip;
    struct Case {
        std::uint8_t flags;
        std::array<sf::Vector2f, 4> expect; // texcoords at dest tl, tr, br, bl
    };
    const Case cases[] = {
        {0, {tl, tr, br, bl}},
        {Horizontal, {tr, tl, bl, br}},
        {Vertical, {bl, br, tr, tl}},
        {Horizontal | Vertical, {br, bl, tl, tr}},
        {Diagonal, {tl, bl, br, tr}},              // transpose
        {Diagonal | Horizontal, {bl, tl, tr, br}}, // = rotate 90 clockwise
        {Diagonal | Vertical, {tr, br, bl, tl}},   // = rotate 90 counter-clockwise
        {Diagonal | Horizontal | Vertical, {br, tr, tl, bl}},
    };
    for (const Case& c : cases) {
        INFO("flags " << int(c.flags));
        sf::Vertex v[6];
        isostar::render::setQuadTexCoords(v, r, c.flags);
        const int idx[6] = {0, 1, 2, 0, 2, 3};
        for (int i = 0; i < 6; ++i) {
            CHECK(v[i].texCoords.x == c.expect[std::size_t(idx[i])].x);
            CHECK(v[i].texCoords.y == c.expect[std::size_t(idx[i])].y);
        }
    }
}

TEST_CASE("feature fixture: passes, tall tiles with offsets, tint, objects, animation", "[render][mesh]")
{
    const MapMesh mesh = buildFixture("features_iso.tmx");
    CHECK(mesh.canvas == sf::FloatRect(-4, -5, 137, 75));
    // The hidden layer is not built; the group is flattened into its child.
    REQUIRE(mesh.layers.size() == 5);
    CHECK(mesh.layers[0].name == "ground");
    CHECK(mesh.layers[0].pass == LayerPass::Ground);
    CHECK(mesh.layers[1].name == "tall");
    CHECK(mesh.layers[1].pass == LayerPass::Sorted); // first layer with tiles taller than the grid
    CHECK(mesh.layers[2].pass == LayerPass::Sorted);
    CHECK(mesh.layers[3].name == "things");
    CHECK(mesh.layers[3].pass == LayerPass::Sorted);
    CHECK(mesh.layers[4].name == "sky");
    CHECK(mesh.layers[4].pass == LayerPass::Top);

    // flat, tiles32, tiles32 tinted, prop, sky.
    REQUIRE(mesh.textures.size() == 5);
    int tinted = 0;
    for (const auto& t : mesh.textures)
        tinted += t.tint == sf::Color(255, 128, 128);
    CHECK(tinted == 1);

    // Tall tile 4|H at cell (1,0): top corner (64+16, 8); bottom-left (64, 24) + tileoffset (1,-2)
    // + group offset (3,-5) -> left 68, bottom 17, 32x32 image; group opacity 0.8 -> alpha 204.
    const auto& tall = mesh.layers[1].chunks.at(0).items;
    REQUIRE(tall.size() == 8);
    const auto it = std::find_if(tall.begin(), tall.end(), [](const auto& i) { return i.depthKey == 2.f; });
    REQUIRE(it != tall.end());
    CHECK(it->bounds == sf::FloatRect(68, -15, 32, 32));
    CHECK(it->vertices[0].color == sf::Color(255, 255, 255, 204));
    checkQuad(it->vertices.data(), {68, -15, 32, 32}, {sf::Vector2f{64, 0}, {32, 0}, {32, 32}, {64, 32}});

    // Tile object gid 7 at iso (24,24) = tile (1.5,1.5) = world (64,24); bottom-centre anchored.
    const auto& things = mesh.layers[3].chunks.at(0).items;
    REQUIRE(things.size() == 4);
    const auto prop = std::find_if(things.begin(), things.end(),
                                   [](const auto& i) { return i.bounds == sf::FloatRect(58, 4, 12, 20); });
    REQUIRE(prop != things.end());
    CHECK(prop->depthKey == 3.f);
    // The stretched one (24x20 at tile (2.5,2.5) = world (64,40)).
    CHECK(std::any_of(things.begin(), things.end(),
                      [](const auto& i) { return i.bounds == sf::FloatRect(52, 20, 24, 20); }));

    // Tile 3 of "tall" is animated (frames 1 then 2); cells (1,1) and (2,2) show it.
    REQUIRE(mesh.animations.size() == 1);
    const auto& anim = mesh.animations[0];
    CHECK(anim.frameRects == std::vector<sf::IntRect>{{32, 0, 32, 32}, {0, 32, 32, 32}});
    CHECK(anim.frameEndMs == std::vector<int>{200, 500});
    CHECK(isostar::render::animationFrameAt(anim, 0) == 0);
    CHECK(isostar::render::animationFrameAt(anim, 199) == 0);
    CHECK(isostar::render::animationFrameAt(anim, 200) == 1);
    CHECK(isostar::render::animationFrameAt(anim, 499) == 1);
    CHECK(isostar::render::animationFrameAt(anim, 500) == 0);
    CHECK(isostar::render::animationFrameAt(anim, 1234) == 1);
    CHECK(mesh.animatedQuads.size() == 2);
}

TEST_CASE("ground layers are chunked per texture, tall layers become sorted items", "[render][mesh]")
{
    isostar::map::MapData map = syntheticMap(64, 64, 32);
    isostar::map::Layer walls = map.layers[0];
    walls.name = "walls";
    std::fill(walls.tiles.gids.begin(), walls.tiles.gids.end(), 0u);
    walls.tiles.gids[std::size_t(10 * 64 + 20)] = 2; // cell (20,10)
    map.layers.push_back(walls);
    isostar::map::Tileset tall = map.tilesets[0];
    tall.name = "tall";
    tall.firstGid = 5;
    tall.tileHeight = 96;
    tall.image = "tall.png";
    map.tilesets.push_back(tall);
    map.layers[1].tiles.gids[std::size_t(10 * 64 + 20)] = 5;

    MapMesh mesh;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(isostar::render::buildMapMesh(map, MeshOptions{}, mesh, problems));
    REQUIRE(mesh.layers.size() == 2);
    CHECK(mesh.layers[0].chunks.size() == 16); // 4x4 chunks of 16x16 cells
    for (const auto& c : mesh.layers[0].chunks) {
        REQUIRE(c.batches.size() == 1);
        CHECK(c.batches[0].vertices.getVertexCount() == 16 * 16 * 6);
    }
    CHECK(mesh.layers[1].pass == LayerPass::Sorted);
    std::size_t items = 0;
    for (const auto& c : mesh.layers[1].chunks)
        items += c.items.size();
    CHECK(items == 1);
    const auto& item = mesh.layers[1].chunks[std::size_t(0 * 4 + 1)].items.at(0); // chunk (1,0)
    CHECK(item.depthKey == 31.f);
    // Top corner of (20,10): (64*32 + 10*32, 30*16) = (2368, 480); image 64x96 bottom-aligned.
    CHECK(item.bounds == sf::FloatRect(2336, 416, 64, 96));
    // worldBounds grows only where something leaves the map rectangle (a tall tile on row 0).
    CHECK(mesh.bounds == mesh.mapRect);

    // exactOrder: one chunk per layer, items in Tiled's order.
    MapMesh exact;
    REQUIRE(isostar::render::buildMapMesh(map, MeshOptions{16, true, false, {}}, exact, problems));
    CHECK(exact.layers[0].chunks.size() == 1);
    CHECK(exact.layers[0].chunks[0].items.size() == 64u * 64u);
}

TEST_CASE("a depth_sorted=false property keeps a tall layer on the ground", "[render][mesh]")
{
    isostar::map::MapData map = syntheticMap(4, 4, 64);
    map.layers.push_back(map.layers[0]);
    MapMesh mesh;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(isostar::render::buildMapMesh(map, MeshOptions{}, mesh, problems));
    CHECK(mesh.layers[0].pass == LayerPass::Ground); // the first tile layer is always ground
    CHECK(mesh.layers[1].pass == LayerPass::Sorted);
    CHECK(mesh.bounds.top == -32.f); // row 0's 64-px tiles rise 32 px above the map
    map.layers[1].properties.push_back({"depth_sorted", isostar::map::PropertyType::Bool, "", "false", {}});
    REQUIRE(isostar::render::buildMapMesh(map, MeshOptions{}, mesh, problems));
    CHECK(mesh.layers[1].pass == LayerPass::Ground);
}

TEST_CASE("unsupported orientations are refused with a diagnostic", "[render][mesh]")
{
    isostar::map::MapData map = syntheticMap(4, 4, 32);
    map.orientation = isostar::map::Orientation::Staggered;
    MapMesh mesh;
    std::vector<isostar::Diagnostic> problems;
    CHECK_FALSE(isostar::render::buildMapMesh(map, MeshOptions{}, mesh, problems));
    REQUIRE(problems.size() == 1);
    CHECK(isostar::formatDiagnostic(problems[0]) ==
          "synthetic.tmx: error: cannot render a staggered map: the renderer supports orthogonal, isometric and "
          "hexagonal maps (a staggered one through isostar::map::playableMap and MeshOptions::frame)");
}

TEST_CASE("hexagonal maps: cells placed by Tiled's hexagonal layout, turned tiles, shapes refused with a message",
          "[render][mesh][hex]")
{
    // 4x3 cells of 64x48 with sides of 24, stagger y odd: odd rows shifted by 32, rows 36 apart.
    isostar::map::MapData map = syntheticMap(4, 3, 48);
    map.orientation = isostar::map::Orientation::Hexagonal;
    map.tileHeight = 48;
    map.hexSideLength = 24;
    map.layers[0].tiles.flipFlags[std::size_t(1 * 4 + 2)] = isostar::map::flip::Diagonal; // cell (2,1): 60 degrees
    MapMesh mesh;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(isostar::render::buildMapMesh(map, MeshOptions{}, mesh, problems));
    CHECK(mesh.mapRect == sf::FloatRect(0.f, 0.f, 4 * 64 + 32, 3 * 36 + 12));
    // The turned tile samples a smooth copy of the texture: a batch of its own.
    REQUIRE(mesh.layers[0].chunks[0].batches.size() == 2);
    const sf::VertexArray& va = mesh.layers[0].chunks[0].batches[0].vertices;
    const sf::VertexArray& turned = mesh.layers[0].chunks[0].batches[1].vertices;
    REQUIRE(va.getVertexCount() == 11 * 6);
    REQUIRE(turned.getVertexCount() == 6);
    CHECK_FALSE(mesh.textures[std::size_t(mesh.layers[0].chunks[0].batches[0].texture)].smooth);
    CHECK(mesh.textures[std::size_t(mesh.layers[0].chunks[0].batches[1].texture)].smooth);
    // Cell (1,1) (the sixth in draw order): its image's top-left at (64 + 32, 36).
    CHECK(va[5 * 6].position == sf::Vector2f(96.f, 36.f));
    CHECK(va[5 * 6 + 2].position == sf::Vector2f(160.f, 84.f));
    // Cell (2,1) turned by 60 degrees about its centre (192, 60): the top-left corner moves.
    const sf::Vector2f tl = turned[0].position;
    const float c = 0.5f, s = std::sqrt(3.f) / 2.f;
    CHECK(tl.x == Approx(192.f + (-32.f * c + 24.f * s)).margin(1e-3));
    CHECK(tl.y == Approx(60.f + (-32.f * s - 24.f * c)).margin(1e-3));
    CHECK(turned[0].texCoords == sf::Vector2f(0.f, 0.f)); // the texture is not transposed

    map.hexSideLength = 48;
    problems.clear();
    CHECK_FALSE(isostar::render::buildMapMesh(map, MeshOptions{}, mesh, problems));
    REQUIRE(problems.size() == 1);
    CHECK(isostar::formatDiagnostic(problems[0]) ==
          "synthetic.tmx: error: hexsidelength 48 must be less than the tile height (48) on a map staggered along y");
    map.hexSideLength = 24;
    map.infinite = true;
    problems.clear();
    CHECK_FALSE(isostar::render::buildMapMesh(map, MeshOptions{}, mesh, problems));
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].message.rfind("infinite hexagonal maps are not drawn or played", 0) == 0);
}
