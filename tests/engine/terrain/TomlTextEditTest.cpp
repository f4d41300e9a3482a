#include "engine/terrain/TomlTextEdit.hpp"

#include "engine/terrain/TerrainConfigFile.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

using namespace isostar::terrain;

namespace {

std::string edited(const std::string& text, const std::vector<TomlValueEdit>& edits)
{
    isostar::Result<std::string> r = editTomlValues(text, edits, "t.toml");
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    return r.value();
}

std::string errorOf(const std::string& text, const std::vector<TomlValueEdit>& edits)
{
    isostar::Result<std::string> r = editTomlValues(text, edits, "t.toml");
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.diagnostics().size() == 1);
    CHECK(r.diagnostics()[0].file == "t.toml");
    return r.diagnostics()[0].message;
}

} // namespace

TEST_CASE("a value token is replaced, its comment and the rest stay", "[terrain][tomledit]")
{
    const std::string text = "# head\n[terrain.snow]\ncost = 3.0     # slow\nglyph = \"s\"\n\n[terrain.grass]\ncost = 1.0\n";
    CHECK(edited(text, {{{"terrain", "snow", "cost"}, "2.5"}}) ==
          "# head\n[terrain.snow]\ncost = 2.5     # slow\nglyph = \"s\"\n\n[terrain.grass]\ncost = 1.0\n");
    CHECK(edited(text, {{{"terrain", "grass", "cost"}, "7.0"}}) ==
          "# head\n[terrain.snow]\ncost = 3.0     # slow\nglyph = \"s\"\n\n[terrain.grass]\ncost = 7.0\n");
    CHECK(edited(text, {{{"terrain", "snow", "glyph"}, "\"S\""}}) ==
          "# head\n[terrain.snow]\ncost = 3.0     # slow\nglyph = \"S\"\n\n[terrain.grass]\ncost = 1.0\n");
}

TEST_CASE("values inside an inline table are replaced in place", "[terrain][tomledit]")
{
    const std::string text =
        "[terrain.v]\ninfluence = { radius = 4.5, effect = \"divide\", base = 5.0, scale = 2.0 }  # warm\n";
    CHECK(edited(text, {{{"terrain", "v", "influence", "radius"}, "3.0"},
                        {{"terrain", "v", "influence", "effect"}, "\"multiply\""}}) ==
          "[terrain.v]\ninfluence = { radius = 3.0, effect = \"multiply\", base = 5.0, scale = 2.0 }  # warm\n");
    SECTION("a key the inline table lacks goes in before its brace")
    {
        CHECK(edited(text, {{{"terrain", "v", "influence", "offset"}, "0.5"}}) ==
              "[terrain.v]\ninfluence = { radius = 4.5, effect = \"divide\", base = 5.0, scale = 2.0, offset = 0.5 }  # warm\n");
        CHECK(edited("a = {}\n", {{{"a", "b"}, "1"}}) == "a = { b = 1 }\n");
        CHECK(edited("a = { x = { y = 1 } }\n", {{{"a", "x", "z"}, "2"}}) == "a = { x = { y = 1, z = 2 } }\n");
    }
}

TEST_CASE("a missing key becomes one line at the end of its table", "[terrain][tomledit]")
{
    const std::string text = "top = 1\n\n[terrain.snow]\n  cost = 3.0 # c\n  glyph = \"s\"\n\n# about grass\n[terrain.grass]\ncost = 1.0\n";
    CHECK(edited(text, {{{"terrain", "snow", "multiplier"}, "2.0"}}) ==
          "top = 1\n\n[terrain.snow]\n  cost = 3.0 # c\n  glyph = \"s\"\n  multiplier = 2.0\n\n# about grass\n[terrain.grass]\ncost = 1.0\n");
    CHECK(edited(text, {{{"terrain", "grass", "passable"}, "false"}}) == text + "passable = false\n");
    CHECK(edited(text, {{{"other"}, "\"x\""}}) ==
          "top = 1\nother = \"x\"\n\n[terrain.snow]\n  cost = 3.0 # c\n  glyph = \"s\"\n\n# about grass\n[terrain.grass]\ncost = 1.0\n");
    SECTION("a header without keys takes it right below")
    {
        CHECK(edited("[a]\n[b]\nx = 1\n", {{{"a", "y"}, "2"}}) == "[a]\ny = 2\n[b]\nx = 1\n");
    }
    SECTION("a table made by dotted keys gets a dotted key in the same section")
    {
        CHECK(edited("[t]\ninfluence.radius = 1.0\nglyph = \"x\"\n[u]\n", {{{"t", "influence", "base"}, "3.0"}}) ==
              "[t]\ninfluence.radius = 1.0\nglyph = \"x\"\ninfluence.base = 3.0\n[u]\n");
    }
    SECTION("a table without a header gets one at the end of the file; the next key joins it")
    {
        CHECK(edited(text, {{{"profile", "dwarf", "movement", "weight"}, "2.0"},
                            {{"profile", "dwarf", "movement", "heuristic"}, "\"zero\""}}) ==
              text + "\n[profile.dwarf.movement]\nweight = 2.0\nheuristic = \"zero\"\n");
        CHECK(edited("x = 1", {{{"a", "b c"}, "1"}}) == "x = 1\n\n[a]\n\"b c\" = 1\n");
        CHECK(edited("", {{{"a", "b"}, "1"}}) == "[a]\nb = 1\n");
    }
    SECTION("no newline at the end of the file")
    {
        CHECK(edited("[a]\nx = 1", {{{"a", "y"}, "2"}}) == "[a]\nx = 1\ny = 2\n");
    }
    SECTION("CRLF files stay CRLF")
    {
        CHECK(edited("[a]\r\nx = 1 # c\r\n\r\n[b]\r\n", {{{"a", "y"}, "2"}, {{"c", "z"}, "3"}}) ==
              "[a]\r\nx = 1 # c\r\ny = 2\r\n\r\n[b]\r\n\r\n[c]\r\nz = 3\r\n");
    }
}

TEST_CASE("strings, arrays and comments do not confuse the scanner", "[terrain][tomledit]")
{
    const std::string text = "s = \"a # not a comment = [x]\" # real\n"
                             "m = '''\n[not.a.header]\nx = 1\n'''\n"
                             "b = \"\"\"\n\\\"\"\" [still] \"\"\"\n"
                             "arr = [ 1, 2, # c\n  [3, 4], { k = \"}\" } ]\n"
                             "d = 1979-05-27 07:32:00Z # when\n"
                             "'quoted.key' = 1\n"
                             "[x]\n\"a b\".c = 5\n";
    CHECK(edited(text, {{{"d"}, "1980-01-01"}}) ==
          "s = \"a # not a comment = [x]\" # real\n"
          "m = '''\n[not.a.header]\nx = 1\n'''\n"
          "b = \"\"\"\n\\\"\"\" [still] \"\"\"\n"
          "arr = [ 1, 2, # c\n  [3, 4], { k = \"}\" } ]\n"
          "d = 1980-01-01 # when\n"
          "'quoted.key' = 1\n"
          "[x]\n\"a b\".c = 5\n");
    CHECK(edited(text, {{{"quoted.key"}, "2"}, {{"x", "a b", "c"}, "6"}, {{"not", "a", "header", "x"}, "7"}}) ==
          "s = \"a # not a comment = [x]\" # real\n"
          "m = '''\n[not.a.header]\nx = 1\n'''\n"
          "b = \"\"\"\n\\\"\"\" [still] \"\"\"\n"
          "arr = [ 1, 2, # c\n  [3, 4], { k = \"}\" } ]\n"
          "d = 1979-05-27 07:32:00Z # when\n"
          "'quoted.key' = 2\n"
          "[x]\n\"a b\".c = 6\n"
          "\n[not.a.header]\nx = 7\n");
}

TEST_CASE("keys that cannot be written are refused by name", "[terrain][tomledit]")
{
    const std::string text = "[t]\ninfluence = false\ninline = { a = 1 }\n[[arr]]\nx = 1\n";
    CHECK(errorOf(text, {{{"t", "influence", "radius"}, "1.0"}}) ==
          "cannot write t.influence.radius: t.influence (line 2) is not a table");
    CHECK(errorOf(text, {{{"t", "inline"}, "1"}}) == "t.inline (line 3) is a table, not a value");
    CHECK(errorOf(text, {{{"t"}, "1"}}) == "t (line 1) is a table, not a value");
    CHECK(errorOf(text, {{{"arr", "x"}, "2"}}) == "cannot write arr.x: it is inside an array of tables (line 4)");
    CHECK(errorOf("x = \n", {{{"x"}, "1"}}) == "line 1: cannot read the TOML structure: expected a value");
}

TEST_CASE("numbers are written in the shortest form that reads back exactly", "[terrain][tomledit]")
{
    CHECK(formatTomlNumber(3.0) == "3.0");
    CHECK(formatTomlNumber(1.414) == "1.414");
    CHECK(formatTomlNumber(-0.5) == "-0.5");
    CHECK(formatTomlNumber(0.1 + 0.2) == "0.30000000000000004");
    CHECK(formatTomlNumber(1e-7) == "1e-07");
    CHECK(formatTomlNumber(1e300) == "1e+300");
    CHECK(formatTomlNumber(std::numeric_limits<double>::infinity()) == "inf");
    CHECK(formatTomlNumber(-std::numeric_limits<double>::infinity()) == "-inf");
    CHECK(formatTomlNumber(std::nan("")) == "nan");
    CHECK(formatTomlString("a\"b\\c\n") == "\"a\\\"b\\\\c\\n\"");
    CHECK(formatTomlKey({"terrain", "a b", "x-y_1"}) == "terrain.\"a b\".x-y_1");

    // Round trip through toml++ (the loader) for random doubles of every magnitude.
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> mantissa(1.0, 10.0);
    std::uniform_int_distribution<int> exponent(-30, 30);
    for (int i = 0; i < 300; ++i) {
        const double v = mantissa(rng) * std::pow(10.0, exponent(rng));
        const std::string token = formatTomlNumber(v);
        CHECK(std::strtod(token.c_str(), nullptr) == v);
        isostar::Result<TerrainConfig> c = parseTerrainConfig("[movement]\nweight = " + token + "\n", "n.toml");
        INFO(token);
        REQUIRE(c.ok());
        CHECK(c.value().base.movement.weight == v);
    }
}
