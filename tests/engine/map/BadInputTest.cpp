// engine/map: the broken-input corpus (tests/data/bad, written by tests/data/gen_bad.py).
// Each file must fail with exactly these diagnostics — file, line, and what is wrong — and
// never crash (the sanitizer build runs this too).

#include "tests/engine/map/MapTestUtil.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>

using namespace isostar::map;

namespace {

const std::map<std::string, std::string> kExpectedErrors = {
    {"bad_animation.tmx",
     "tests/data/bad/bad_animation.tmx:7: error: tileset \"anim\": animation frame uses tile 7, which the tileset does not have\n"},
    {"bad_base64.tmx",
     "tests/data/bad/bad_base64.tmx:6: error: layer \"ground\": invalid base64 character '!'\n"},
    {"bad_color.tmx",
     "tests/data/bad/bad_color.tmx:2: error: <map>: attribute \"backgroundcolor\" is not a color (#AARRGGBB or #RRGGBB): \"#12345\"\n"},
    {"bad_number.tmx",
     "tests/data/bad/bad_number.tmx:2: error: <map>: attribute \"width\" is not an integer: \"4x\"\n"},
    {"bad_opacity.tmx",
     "tests/data/bad/bad_opacity.tmx:4: error: layer \"ground\": opacity 1.5 is outside 0..1\n"},
    {"bad_polygon.tmx",
     "tests/data/bad/bad_polygon.tmx:6: error: <polygon>: bad point \"10,x\"\n"},
    {"bad_properties.tmx",
     "tests/data/bad/bad_properties.tmx:7: error: property \"count\": int value \"three\" is not an integer\n"
     "tests/data/bad/bad_properties.tmx:8: error: property \"alive\": bool value \"yes\" is not true or false\n"
     "tests/data/bad/bad_properties.tmx:9: error: property \"tint\": color value \"red\" is not #AARRGGBB or #RRGGBB\n"
     "tests/data/bad/bad_properties.tmx:10: error: property \"speed\": float value \"fast\" is not a number\n"
     "tests/data/bad/bad_properties.tmx:11: error: property \"target\": object value \"-1\" is not an object id\n"
     "tests/data/bad/bad_properties.tmx:12: error: property \"what\": unknown type \"vector\"\n"},
    // Errors inside a file that the map refers to name the chain that led there ("included from").
    {"bad_tileset_values.tmx",
     "tests/data/bad/bad_tileset_values.tmx: tileset \"bad_values.tsx\" (line 3): "
     "tests/data/bad/bad_values.tsx:2: error: <tileset>: attribute \"tilewidth\" is not an integer: \"abc\"\n"
     "tests/data/bad/bad_tileset_values.tmx: tileset \"bad_values.tsx\" (line 3): "
     "tests/data/bad/bad_values.tsx:2: error: <tileset>: attribute \"tileheight\" must be greater than 0, got -32\n"
     "tests/data/bad/bad_tileset_values.tmx: tileset \"bad_values.tsx\" (line 3): "
     "tests/data/bad/bad_values.tsx:2: error: <tileset>: attribute \"spacing\" must not be negative, got -1\n"
     "tests/data/bad/bad_tileset_values.tmx: tileset \"bad_values.tsx\" (line 3): "
     "tests/data/bad/bad_values.tsx:4: error: tileset \"bad\": tile id 9 is outside its 8 tiles\n"},
    // One byte of the tileset source is 0xFF (not UTF-8): the message shows it as U+FFFD.
    {"bad_utf8_tileset.tmx",
     "tests/data/bad/bad_utf8_tileset.tmx:6: error: cannot open tileset \"../map/ti\xEF\xBF\xBD" "es.tsx\" "
     "(tests/data/map/ti\xEF\xBF\xBD" "es.tsx): No such file or directory\n"},
    {"bad_wangid.tmx",
     "tests/data/bad/bad_wangid.tmx:8: error: wangset \"ground\": bad wangid \"0,1,0,1,0,1,0\"\n"
     "tests/data/bad/bad_wangid.tmx:9: error: wangset \"ground\": wangid \"0,1,0,3,0,1,0,1\" uses color 3 but the set has 1 colors\n"},
    {"base64_bad_length.tmx",
     "tests/data/bad/base64_bad_length.tmx:5: error: layer \"ground\": base64 data has a bad length (5 characters, not a multiple of 4)\n"},
    {"base64_odd_bytes.tmx",
     "tests/data/bad/base64_odd_bytes.tmx:5: error: layer \"ground\": uncompressed data is 62 bytes, not a multiple of 4\n"},
    {"base64_short.tmx",
     "tests/data/bad/base64_short.tmx:5: error: layer \"ground\": 15 tiles, expected 16\n"},
    {"billion_laughs.tmx",
     "tests/data/bad/billion_laughs.tmx:2: error: DOCTYPE with an internal subset is not allowed in Tiled files (entity declarations are refused)\n"},
    {"binary_garbage.tmx",
     "tests/data/bad/binary_garbage.tmx:5: error: XML syntax error: No document element found\n"},
    {"broken_template.tmx",
     "tests/data/bad/broken_template.tmx: template \"broken.tx\" (line 5): "
     "tests/data/bad/broken.tx:3: error: cannot open tileset \"../map/nope.tsx\" (tests/data/map/nope.tsx): No such file or directory\n"},
    {"broken_tileset.tmx",
     "tests/data/bad/broken_tileset.tmx: tileset \"broken.tsx\" (line 3): "
     "tests/data/bad/broken.tsx:7: error: XML syntax error: Start-end tags mismatch\n"},
    {"chunk_short.tmx",
     "tests/data/bad/chunk_short.tmx:6: error: layer \"ground\": 3 tiles, expected 4\n"},
    {"chunk_too_far.tmx",
     "tests/data/bad/chunk_too_far.tmx:6: error: layer \"ground\": chunk at (2147483632,0) is too far from the origin (limit 268435456 cells)\n"},
    {"chunks_too_far_apart.tmx",
     "tests/data/bad/chunks_too_far_apart.tmx:5: error: layer \"ground\": chunks span 200001x100001 = 20000300001 cells is more than the limit of 16777216\n"},
    {"compressed_csv.tmx",
     "tests/data/bad/compressed_csv.tmx:5: error: layer \"ground\": compression \"zlib\" needs base64 encoding, not csv\n"},
    {"corrupt_zlib.tmx",
     "tests/data/bad/corrupt_zlib.tmx:5: error: layer \"ground\": corrupt zlib data\n"},
    {"corrupt_zstd.tmx",
     "tests/data/bad/corrupt_zstd.tmx:5: error: layer \"ground\": corrupt zstd data: Data corruption detected\n"},
    {"csv_bad_token.tmx",
     "tests/data/bad/csv_bad_token.tmx:7: error: layer \"ground\": bad tile id \"x7\" in csv data\n"},
    {"csv_empty_value.tmx",
     "tests/data/bad/csv_empty_value.tmx:7: error: layer \"ground\": empty value in csv data\n"},
    {"csv_negative.tmx",
     "tests/data/bad/csv_negative.tmx:8: error: layer \"ground\": bad tile id \"-1\" in csv data\n"},
    {"csv_too_big.tmx",
     "tests/data/bad/csv_too_big.tmx:8: error: layer \"ground\": bad tile id \"4294967296\" in csv data\n"},
    {"deep_class_property.tmx",
     "tests/data/bad/deep_class_property.tmx:4: error: property \"p\": class values nested more than 32 deep\n"},
    {"deep_groups.tmx",
     "tests/data/bad/deep_groups.tmx:3: error: layer \"g\": groups nested more than 64 deep\n"},
    {"empty.tmx",
     "tests/data/bad/empty.tmx:1: error: XML syntax error: No document element found\n"},
    {"empty_data.tmx",
     "tests/data/bad/empty_data.tmx:5: error: layer \"ground\": 0 tiles, expected 16\n"},
    {"external_entity.tmx",
     "tests/data/bad/external_entity.tmx:2: error: DOCTYPE with an internal subset is not allowed in Tiled files (entity declarations are refused)\n"},
    {"gid_outside.tmx",
     "tests/data/bad/gid_outside.tmx:5: error: layer \"ground\": tile (1,2) has gid 99, which is outside every tileset (and 1 more)\n"},
    {"gid_outside_flipped.tmx",
     "tests/data/bad/gid_outside_flipped.tmx:5: error: layer \"ground\": tile (1,2) has gid 9, which is outside every tileset\n"},
    {"gzip_bomb.tmx",
     "tests/data/bad/gzip_bomb.tmx:5: error: layer \"ground\": gzip data decompresses to more than the 64 bytes the layer needs\n"},
    {"huge_number.tmx",
     "tests/data/bad/huge_number.tmx:2: error: <map>: attribute \"width\" is out of range: 99999999999\n"},
    {"infinite_without_chunks.tmx",
     "tests/data/bad/infinite_without_chunks.tmx:5: error: layer \"ground\": an infinite map keeps its tiles in <chunk> elements\n"},
    {"layer_size_mismatch.tmx",
     "tests/data/bad/layer_size_mismatch.tmx:4: error: layer \"ground\": size 3x4 differs from the map's 4x4\n"},
    {"layer_too_many_cells.tmx",
     "tests/data/bad/layer_too_many_cells.tmx:4: error: layer \"ground\": 4097x4097 = 16785409 cells is more than the limit of 16777216\n"},
    {"layer_zero_size.tmx",
     "tests/data/bad/layer_zero_size.tmx:4: error: <layer>: attribute \"width\" must be greater than 0, got 0\n"},
    {"long_layer.tmx",
     "tests/data/bad/long_layer.tmx:5: error: layer \"ground\": 17 tiles, expected 16\n"},
    {"mismatched_tags.tmx",
     "tests/data/bad/mismatched_tags.tmx:5: error: XML syntax error: Start-end tags mismatch\n"},
    {"missing_data.tmx",
     "tests/data/bad/missing_data.tmx:4: error: layer \"ground\": missing <data>\n"},
    {"missing_firstgid.tmx",
     "tests/data/bad/missing_firstgid.tmx:3: error: <tileset>: missing attribute \"firstgid\"\n"},
    {"missing_template.tmx",
     "tests/data/bad/missing_template.tmx:5: error: cannot open template \"templates/nope.tx\" (tests/data/bad/templates/nope.tx): No such file or directory\n"},
    {"missing_tileset.tmx",
     "tests/data/bad/missing_tileset.tmx:3: error: cannot open tileset \"nope/missing.tsx\" (tests/data/bad/nope/missing.tsx): No such file or directory\n"},
    {"missing_tilewidth.tmx",
     "tests/data/bad/missing_tilewidth.tmx:2: error: <map>: missing attribute \"tilewidth\"\n"},
    {"multiple_errors.tmx",
     "tests/data/bad/multiple_errors.tmx:4: error: cannot open tileset \"gone.tsx\" (tests/data/bad/gone.tsx): No such file or directory\n"
     "tests/data/bad/multiple_errors.tmx:5: error: layer \"ground\": opacity 2 is outside 0..1\n"
     "tests/data/bad/multiple_errors.tmx:6: error: layer \"ground\": 3 tiles, expected 16\n"
     "tests/data/bad/multiple_errors.tmx:11: error: layer \"walls\": unknown compression \"brotli\" (expected zlib, gzip or zstd)\n"
     "tests/data/bad/multiple_errors.tmx:14: error: cannot open template \"nope.tx\" (tests/data/bad/nope.tx): No such file or directory\n"},
    // A chain of two: map -> template -> tileset.
    {"nested_template.tmx",
     "tests/data/bad/nested_template.tmx: template \"nested.tx\" (line 5): tests/data/bad/nested.tx: "
     "tileset \"broken.tsx\" (line 3): tests/data/bad/broken.tsx:7: error: XML syntax error: Start-end tags mismatch\n"},
    {"negative_height.tmx",
     "tests/data/bad/negative_height.tmx:2: error: <map>: attribute \"height\" must be greater than 0, got -3\n"},
    {"no_columns.tmx",
     "tests/data/bad/no_columns.tmx:3: error: tileset \"nocols\": columns unknown (0, and no image size to derive them from)\n"},
    {"not_a_map.tmx",
     "tests/data/bad/not_a_map.tmx:2: error: root element is <tileset>, expected <map>\n"},
    {"object_gid_outside.tmx",
     "tests/data/bad/object_gid_outside.tmx:5: error: object 3 \"rock\": gid 42 is outside every tileset\n"},
    {"overlapping_tilesets.tmx",
     "tests/data/bad/overlapping_tilesets.tmx:4: error: tileset \"other\" (firstgid 5) overlaps tileset \"terrain\" (gids 1..8)\n"},
    {"short_layer.tmx",
     "tests/data/bad/short_layer.tmx:5: error: layer \"ground\": 15 tiles, expected 16\n"},
    {"template_not_template.tmx",
     "tests/data/bad/template_not_template.tmx: template \"../map/tiles.tsx\" (line 5): "
     "tests/data/map/tiles.tsx:2: error: root element is <tileset>, expected <template>\n"},
    {"tileset_is_a_map.tmx",
     "tests/data/bad/tileset_is_a_map.tmx: tileset \"short_layer.tmx\" (line 3): "
     "tests/data/bad/short_layer.tmx:2: error: root element is <map>, expected <tileset>\n"},
    {"too_many_cells.tmx",
     "tests/data/bad/too_many_cells.tmx:2: error: <map>: 5000x5000 = 25000000 cells is more than the limit of 16777216\n"},
    {"truncated.tmx",
     "tests/data/bad/truncated.tmx:7: error: XML syntax error: Start-end tags mismatch\n"},
    {"truncated_zlib.tmx",
     "tests/data/bad/truncated_zlib.tmx:5: error: layer \"ground\": corrupt zlib data (truncated)\n"},
    {"unknown_compression.tmx",
     "tests/data/bad/unknown_compression.tmx:5: error: layer \"ground\": unknown compression \"lzma\" (expected zlib, gzip or zstd)\n"},
    {"unknown_encoding.tmx",
     "tests/data/bad/unknown_encoding.tmx:5: error: layer \"ground\": unknown encoding \"hex\" (expected csv or base64)\n"},
    {"unknown_orientation.tmx",
     "tests/data/bad/unknown_orientation.tmx:2: error: <map>: unknown orientation \"diagonal\"\n"},
    {"xml_tile_bad_gid.tmx",
     "tests/data/bad/xml_tile_bad_gid.tmx:13: error: <tile>: attribute \"gid\" is not an unsigned 32-bit integer: \"one\"\n"},
    {"xml_tiles_short.tmx",
     "tests/data/bad/xml_tiles_short.tmx:5: error: layer \"ground\": 15 tiles, expected 16\n"},
    {"zero_width.tmx",
     "tests/data/bad/zero_width.tmx:2: error: <map>: attribute \"width\" must be greater than 0, got 0\n"},
    {"zlib_bomb.tmx",
     "tests/data/bad/zlib_bomb.tmx:5: error: layer \"ground\": zlib data decompresses to more than the 64 bytes the layer needs\n"},
    {"zstd_bomb.tmx",
     "tests/data/bad/zstd_bomb.tmx:5: error: layer \"ground\": zstd data decompresses to more than the 64 bytes the layer needs\n"},
    {"bad_data_value.tmj",
     "tests/data/bad/bad_data_value.tmj: error: layers[0] \"ground\": data[15] is not a tile id: -2\n"},
    {"broken_tileset.tmj",
     "tests/data/bad/broken_tileset.tmj: tileset \"broken.tsj\": "
     "tests/data/bad/broken.tsj: error: tileheight: must be greater than 0, got 0\n"
     "tests/data/bad/broken_tileset.tmj: tileset \"broken.tsj\": "
     "tests/data/bad/broken.tsj: error: tileset \"broken\": animation of tile 1 uses tile 9, which the tileset does not have\n"},
    {"deep_nesting.tmj",
     "tests/data/bad/deep_nesting.tmj: error: JSON nested more than 256 levels deep\n"},
    {"gid_outside.tmj",
     "tests/data/bad/gid_outside.tmj: error: layers[0] \"ground\": tile (3,3) has gid 50, which is outside every tileset\n"},
    {"json_bomb.tmj",
     "tests/data/bad/json_bomb.tmj: error: layers[0] \"ground\": zlib data decompresses to more than the 64 bytes the layer needs\n"},
    // Found by fuzz_map_tmj (tests/fuzz): nlohmann's number overflow escaped the loader.
    {"json_number_overflow.tmj",
     "tests/data/bad/json_number_overflow.tmj:3: error: JSON number out of range: 61e308\n"},
    {"layer_size_mismatch.tmj",
     "tests/data/bad/layer_size_mismatch.tmj: error: layers[0] \"ground\": size 2x8 differs from the map's 4x4\n"},
    {"malformed.tmj",
     "tests/data/bad/malformed.tmj:4: error: JSON syntax error: syntax error while parsing value - unexpected ']'; expected '[', '{', or a literal\n"},
    {"missing_template.tmj",
     "tests/data/bad/missing_template.tmj: error: cannot open template \"nope.tj\" (tests/data/bad/nope.tj): No such file or directory\n"},
    {"missing_tileset.tmj",
     "tests/data/bad/missing_tileset.tmj: error: cannot open tileset \"gone.tsj\" (tests/data/bad/gone.tsj): No such file or directory\n"},
    {"nested_template.tmj",
     "tests/data/bad/nested_template.tmj: template \"nested.tj\": tests/data/bad/nested.tj: tileset \"broken.tsj\": "
     "tests/data/bad/broken.tsj: error: tileheight: must be greater than 0, got 0\n"
     "tests/data/bad/nested_template.tmj: template \"nested.tj\": tests/data/bad/nested.tj: tileset \"broken.tsj\": "
     "tests/data/bad/broken.tsj: error: tileset \"broken\": animation of tile 1 uses tile 9, which the tileset does not have\n"},
    {"not_an_object.tmj",
     "tests/data/bad/not_an_object.tmj: error: JSON root is not an object\n"},
    {"short_layer.tmj",
     "tests/data/bad/short_layer.tmj: error: layers[0] \"ground\": 15 tiles, expected 16\n"},
    {"unknown_layer_type.tmj",
     "tests/data/bad/unknown_layer_type.tmj: error: layers[0]: unknown layer type \"hologram\"\n"},
    {"wrong_types.tmj",
     "tests/data/bad/wrong_types.tmj: error: width: expected an integer, got \"four\"\n"
     "tests/data/bad/wrong_types.tmj: error: layers[0].visible: expected true or false, got \"yes\"\n"
     "tests/data/bad/wrong_types.tmj: error: layers[0].width: expected an integer, got \"4\"\n"},
};

} // namespace

TEST_CASE("every broken map fails with its exact diagnostics", "[map][bad]")
{
    for (const auto& [name, expected] : kExpectedErrors) {
        INFO(name);
        CHECK(maptest::errorsOf("tests/data/bad/" + name) == expected);
    }
}

TEST_CASE("the corpus and the table of expected messages stay in sync", "[map][bad]")
{
    maptest::enterSourceDir();
    std::size_t maps = 0;
    for (const auto& e : std::filesystem::directory_iterator("tests/data/bad")) {
        const std::string ext = e.path().extension().string();
        if (ext != ".tmx" && ext != ".tmj")
            continue;
        INFO(e.path().filename().string());
        CHECK(kExpectedErrors.count(e.path().filename().string()) == 1);
        ++maps;
    }
    CHECK(maps == kExpectedErrors.size());
}

TEST_CASE("limits are checked before allocating, and are configurable", "[map][bad]")
{
    LoadLimits small;
    small.maxCells = 15;
    CHECK(maptest::errorsOf("tests/data/map/ortho_csv.tmx", small) ==
          "tests/data/map/ortho_csv.tmx:2: error: <map>: 4x4 = 16 cells is more than the limit of 15\n");
    // groups.tmx has two 2x2 tile layers: the second one goes over a total budget of 4 cells.
    CHECK(maptest::errorsOf("tests/data/map/groups.tmx", {4, 4, 8}) ==
          "tests/data/map/groups.tmx:31: error: layer \"top\": tile layers hold more than 4 cells in total\n");
    // Infinite maps: the merged chunk rectangle counts.
    CHECK(maptest::errorsOf("tests/data/map/infinite.tmx", {1000, 100000, 8}) ==
          "tests/data/map/infinite.tmx:5: error: layer \"ground\": chunks span 32x48 = 1536 cells is "
          "more than the limit of 1000\n");
}

TEST_CASE("a missing map and a broken standalone tileset", "[map][bad]")
{
    maptest::enterSourceDir();
    auto r = loadMap("tests/data/bad/nothing_here.tmx");
    REQUIRE_FALSE(r.ok());
    CHECK(isostar::formatDiagnostics(r.diagnostics()) ==
          "tests/data/bad/nothing_here.tmx: error: cannot open map: No such file or directory\n");
    auto ts = loadTileset("tests/data/bad/bad_values.tsx");
    REQUIRE_FALSE(ts.ok());
    CHECK(ts.diagnostics().size() == 4);
    CHECK(ts.diagnostics()[0] == isostar::Diagnostic{"tests/data/bad/bad_values.tsx", 2,
                                                 "<tileset>: attribute \"tilewidth\" is not an integer: \"abc\""});
    auto dir = loadMap("tests/data/bad");
    REQUIRE_FALSE(dir.ok());
    CHECK(isostar::formatDiagnostics(dir.diagnostics()) == "tests/data/bad: error: cannot open map: is a directory\n");
}
