// isopath and bytes that are not UTF-8 (issue #12 part 1): a map whose paths or names hold such
// bytes never aborts the program (it did: nlohmann type_error 316, exit 134). The JSON writers
// print U+FFFD for them, the diagnostics too, and bad input exits 2.

#include "tests/support/RunProcess.hpp"
#include "tests/support/TempDir.hpp"

#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

using Run = testsupport::ProcessResult;
const std::string kReplacement = "\xEF\xBF\xBD"; // U+FFFD

Run isopath(const std::string& args)
{
    return testsupport::runProcess(std::string(ISOSTAR_BIN_DIR) + "/isopath " + args, ISOSTAR_SOURCE_DIR);
}

/// `dir/name`: a symbolic link to the folder `target` of the project, so that maps read through
/// it keep their relative tilesets while their own path holds the bytes of `name`.
std::string linkFolder(const testsupport::TempDir& dir, const std::string& name, const std::string& target)
{
    const std::filesystem::path link = dir.path / name;
    std::filesystem::create_directory_symlink(std::filesystem::path(ISOSTAR_SOURCE_DIR) / target, link);
    return link.string();
}

void writeFile(const std::string& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary) << bytes;
}

} // namespace

TEST_CASE("isopath info: a tileset source that is not UTF-8 is bad input, exit 2 with the message",
          "[isopath][info][utf8]")
{
    const Run r = isopath("info tests/data/bad/bad_utf8_tileset.tmx");
    CHECK(r.exitCode == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "tests/data/bad/bad_utf8_tileset.tmx:6: error: cannot open tileset \"../map/ti" + kReplacement +
                       "es.tsx\" (tests/data/map/ti" + kReplacement + "es.tsx): No such file or directory\n");
}

TEST_CASE("isopath info: an image source that is not UTF-8 prints as U+FFFD in valid JSON", "[isopath][info][utf8]")
{
    // Tiled's sewers.tmx with one byte of its tileset's image source changed: the map loads (a
    // missing image is not an error), and its JSON used to abort the program.
    const testsupport::TempDir dir("isostar-isopath-utf8");
    writeFile(dir.file("sewers.tmx"),
              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
              "<map version=\"1.0\" orientation=\"orthogonal\" width=\"2\" height=\"1\" tilewidth=\"24\" tileheight=\"24\">\n"
              " <properties>\n  <property name=\"n\xC3\" value=\"v\xED\xA0\x80\"/>\n </properties>\n"
              " <tileset firstgid=\"1\" name=\"sewer\xFFtiles\" tilewidth=\"24\" tileheight=\"24\">\n"
              "  <image source=\"sewer_tiles\xFF" "et.png\" width=\"192\" height=\"216\"/>\n"
              " </tileset>\n"
              " <layer name=\"Bottom\xE2\x82\" width=\"2\" height=\"1\">\n  <data encoding=\"csv\">1,2</data>\n </layer>\n"
              "</map>\n");
    const Run r = isopath("info '" + dir.file("sewers.tmx") + "'");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out); // throws (fails the test) on invalid UTF-8
    CHECK(j["tilesets"][0]["name"] == "sewer" + kReplacement + "tiles");
    CHECK(j["tilesets"][0]["image"] == dir.file("sewer_tiles" + kReplacement + "et.png"));
    CHECK(j["layers"][0]["name"] == "Bottom" + kReplacement);
    CHECK(j["properties"]["n" + kReplacement] == "v" + kReplacement + kReplacement + kReplacement);
}

TEST_CASE("isopath info and path --json: a map path that is not UTF-8", "[isopath][info][path][utf8]")
{
    const testsupport::TempDir dir("isostar-isopath-utf8");
    const std::string folder = linkFolder(dir, "ter\xFFrain", "tests/data/terrain");
    const std::string shown = dir.file("ter" + kReplacement + "rain") + "/valley.tmx";

    Run r = isopath("info '" + folder + "/valley.tmx'");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    auto j = nlohmann::json::parse(r.out);
    CHECK(j["path"] == shown);
    CHECK(j["tilesets"][0]["source"] == dir.file("ter" + kReplacement + "rain") + "/terrain.tsx");

    r = isopath("path '" + folder + "/valley.tmx' --json");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    j = nlohmann::json::parse(r.out);
    CHECK(j["map"] == shown);
    CHECK(j["status"] == "ok");
}

TEST_CASE("isopath: diagnostics about a path that is not UTF-8 print it as U+FFFD", "[isopath][utf8]")
{
    const Run r = isopath("info 'no\xFFpe.tmx'");
    CHECK(r.exitCode == 2);
    CHECK(r.err == "no" + kReplacement + "pe.tmx: error: cannot open map: No such file or directory\n");
}
