// ConfigTuning's text: a value set changes exactly its line (or inserts one), and the config set
// through the model equals the text edited by hand and parsed again, for every key. The keys
// themselves (refusals, reset, listing, ranges, saving) are ConfigTuningKeysTest's.
#include "engine/terrain/ConfigTuning.hpp"
#include "tests/engine/terrain/ConfigTuningSupport.hpp"

#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

using namespace isostar::terrain;
using namespace tuningtest;

namespace {

std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> lines;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t nl = text.find('\n', at);
        lines.push_back(text.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
        at = nl == std::string::npos ? text.size() : nl + 1;
    }
    return lines;
}

/// Indices of the lines that differ; the texts must have as many lines.
std::vector<std::size_t> differingLines(const std::string& a, const std::string& b)
{
    const std::vector<std::string> la = linesOf(a), lb = linesOf(b);
    REQUIRE(la.size() == lb.size());
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < la.size(); ++i)
        if (la[i] != lb[i])
            out.push_back(i);
    return out;
}

/// True when every line of `a` is in `b`, in order (b = a with lines inserted).
bool onlyInsertions(const std::string& a, const std::string& b)
{
    const std::vector<std::string> la = linesOf(a), lb = linesOf(b);
    std::size_t j = 0;
    for (const std::string& line : lb)
        if (j < la.size() && line == la[j])
            ++j;
    return j == la.size();
}

TerrainConfig parsed(const std::string& text)
{
    isostar::Result<TerrainConfig> r = parseTerrainConfig(text, "edited.toml");
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    return r.value();
}

/// A valid new value for a key, different from its current one.
std::string otherValue(const TuningKey& k)
{
    switch (k.kind) {
    case TuningKind::Bool: return k.value == "true" ? "false" : "true";
    case TuningKind::Whole: return std::to_string(*k.number >= k.range.max ? int(*k.number) - 1 : int(*k.number) + 1);
    case TuningKind::Choice:
        for (const std::string& c : k.choices)
            if (c != k.value)
                return c;
        return "";
    case TuningKind::Number:
        if (!k.number)
            return "2.5";
        if (k.field == "influence.radius")
            return formatTomlNumber(*k.number * 0.5 + 0.125);
        if (k.field == "influence.scale")
            return formatTomlNumber(*k.number * 1.5);
        return formatTomlNumber(*k.number * 1.5 + 0.25);
    }
    return "";
}

/// The field of resolved rules a key names, set from text (the test's own model of the file).
void assign(TerrainRules& rules, const TuningKey& k, const std::string& v)
{
    if (k.terrain.empty()) {
        if (k.field == "diagonal") rules.movement.diagonal = *isostar::path::parseDiagonalMode(v);
        if (k.field == "diagonal_factor") rules.movement.diagonalFactor = std::stod(v);
        if (k.field == "heuristic") rules.movement.heuristic = *isostar::path::parseHeuristic(v);
        if (k.field == "weight") rules.movement.weight = std::stod(v);
        if (k.field == "smoothing") rules.movement.smoothing = v == "on";
        if (k.field == "sight") rules.sight = std::stoi(v);
        return;
    }
    TerrainRule& r = *rules.find(k.terrain);
    if (k.field == "cost") r.baseCost = std::stod(v);
    if (k.field == "multiplier") r.multiplier = std::stod(v);
    if (k.field == "passable") r.passable = v == "true";
    if (!r.influence)
        return;
    if (k.field == "influence.radius") r.influence->radius = std::stod(v);
    if (k.field == "influence.effect") r.influence->effect = *parseInfluenceEffect(v);
    if (k.field == "influence.base") r.influence->base = std::stod(v);
    if (k.field == "influence.offset") r.influence->offset = std::stod(v);
    if (k.field == "influence.scale") r.influence->scale = std::stod(v);
}

} // namespace

TEST_CASE("the shipped config saved with one value changed differs in exactly that line", "[terrain][tuning]")
{
    ConfigTuning t = shipped();
    const std::string original = testsupport::readAll(ShippedPath);
    REQUIRE(t.fileText() == original);
    REQUIRE_FALSE(t.set("terrain.snow.cost", "2.5"));
    CHECK(t.config().base.find("snow")->baseCost == 2.5);
    CHECK(t.config().profile("ranger")->find("snow")->baseCost == 2.5); // inherited
    CHECK(t.config().profile("dwarf")->find("snow")->baseCost == 1.5);  // its own override

    testsupport::TempDir dir("isostar-tuning");
    const std::string path = dir.file("terrain.toml");
    REQUIRE_FALSE(t.save(path));
    const std::string saved = testsupport::readAll(path);
    const std::vector<std::size_t> diff = differingLines(original, saved);
    REQUIRE(diff.size() == 1);
    CHECK(linesOf(original)[diff[0]] == "cost = 3.0");
    CHECK(linesOf(saved)[diff[0]] == "cost = 2.5");
    CHECK(linesOf(saved)[diff[0] - 1] == "[terrain.snow]");
    CHECK(parsed(saved) == t.config());
    CHECK_FALSE(std::filesystem::exists(path + ".bak"));

    SECTION("saving again keeps the previous file as .bak")
    {
        REQUIRE_FALSE(t.set("movement.weight", "1.5"));
        REQUIRE_FALSE(t.save(path));
        CHECK(testsupport::readAll(path + ".bak") == saved);
        CHECK(differingLines(original, testsupport::readAll(path)).size() == 2);
    }
}

TEST_CASE("an inline table value changes in place, the rest of its line stays", "[terrain][tuning]")
{
    ConfigTuning t = shipped();
    REQUIRE_FALSE(t.set("terrain.volcano_erupting.influence.radius", "3"));
    REQUIRE_FALSE(t.set("terrain.volcano_erupting.influence.effect", "multiply"));
    const std::vector<std::size_t> diff = differingLines(t.fileText(), t.text());
    REQUIRE(diff.size() == 1);
    CHECK(linesOf(t.text())[diff[0]] ==
          "influence = { radius = 3.0, effect = \"multiply\", base = 5.0, offset = 0.0, scale = 2.0 }");
    CHECK(t.config().base.find("volcano_erupting")->influence ==
          Influence{3.0, InfluenceEffect::Multiply, 5.0, 0.0, 2.0});
    CHECK(t.config() == parsed(t.text()));
}

TEST_CASE("a key the file does not write is inserted as one line", "[terrain][tuning]")
{
    ConfigTuning t = shipped();
    const std::optional<TuningKey> before = t.find("terrain.snow.multiplier");
    REQUIRE(before);
    CHECK_FALSE(before->inFile);
    CHECK(before->value == "1.0"); // the default
    REQUIRE_FALSE(t.set("terrain.snow.multiplier", "2"));
    const std::vector<std::string> old = linesOf(t.fileText()), now = linesOf(t.text());
    REQUIRE(now.size() == old.size() + 1);
    const auto snow = std::find(now.begin(), now.end(), "[terrain.snow]");
    REQUIRE(snow != now.end());
    CHECK(*(snow + 1) == "cost = 3.0");
    CHECK(*(snow + 2) == "glyph = \"s\"");
    CHECK(*(snow + 3) == "multiplier = 2.0");
    CHECK(onlyInsertions(t.fileText(), t.text()));
    CHECK(t.config().base.find("snow")->multiplier == 2.0);
    CHECK(t.find("terrain.snow.multiplier")->edited);

    SECTION("a profile table the file lacks gets its header at the end")
    {
        REQUIRE_FALSE(t.set("profile.dwarf.terrain.grass.cost", "2"));
        REQUIRE_FALSE(t.set("profile.dwarf.movement.weight", "1.25"));
        REQUIRE_FALSE(t.set("profile.ranger.terrain.volcano_erupting.influence.scale", "3"));
        const std::string text = t.text();
        CHECK(text.ends_with("\n\n[profile.dwarf.terrain.grass]\ncost = 2.0\n\n[profile.dwarf.movement]\n"
                             "weight = 1.25\n\n[profile.ranger.terrain.volcano_erupting.influence]\nscale = 3.0\n"));
        CHECK(onlyInsertions(t.fileText(), text));
        CHECK(t.config() == parsed(text));
        CHECK(t.config().profile("dwarf")->find("grass")->baseCost == 2.0);
        CHECK(t.config().base.find("grass")->baseCost == 1.0);
        CHECK(t.config().profile("ranger")->find("volcano_erupting")->influence->scale == 3.0);
        CHECK(t.config().profile("ranger")->find("volcano_erupting")->influence->radius == 4.5);
    }
}

TEST_CASE("set through the model equals editing the text by hand and re-parsing", "[terrain][tuning]")
{
    ConfigTuning t = shipped();
    std::string text = t.fileText();
    struct Case {
        const char* key;
        const char* value;
        std::string from, to;
    };
    const std::vector<Case> cases = {
        {"terrain.snow.cost", "4", "[terrain.snow]\ncost = 3.0", "[terrain.snow]\ncost = 4"},
        {"terrain.volcano_erupting.influence.radius", "3.5", "radius = 4.5", "radius = 3.5"},
        {"terrain.tombstone.influence.effect", "divide", "effect = \"multiply\", base = 3.0",
         "effect = \"divide\", base = 3.0"},
        {"terrain.tombstone.influence.offset", "-0.25", "offset = 0.5", "offset = -0.25"},
        {"terrain.wall.passable", "true", "[terrain.wall]\npassable = false", "[terrain.wall]\npassable = true"},
        {"movement.heuristic", "zero", "heuristic = \"octile\"", "heuristic = \"zero\""},
        {"movement.diagonal", "always", "diagonal = \"no-corner-cutting\"", "diagonal = \"always\""},
        {"movement.diagonal_factor", "1.5", "diagonal_factor = 1.414", "diagonal_factor = 1.5"},
        {"profile.dwarf.terrain.snow.cost", "2", "[profile.dwarf.terrain.snow]\ncost = 1.5",
         "[profile.dwarf.terrain.snow]\ncost = 2"},
        {"profile.ranger.terrain.tree.passable", "false", "passable = true\ncost = 2.0", "passable = false\ncost = 2.0"},
        {"terrain.road.cost", "1.5", "[terrain.road]          # halves the cost of whatever it is laid on\n",
         "[terrain.road]          # halves the cost of whatever it is laid on\ncost = 1.5\n"},
        {"terrain.grass.multiplier", "0.75", "[terrain.grass]\n", "[terrain.grass]\nmultiplier = 0.75\n"},
        {"profile.ranger.movement.weight", "2", "[profile.ranger]\n", "[profile.ranger.movement]\nweight = 2\n[profile.ranger]\n"},
    };
    for (const Case& c : cases) {
        INFO(c.key << " = " << c.value);
        REQUIRE_FALSE(t.set(c.key, c.value));
        text = replaced(text, c.from, c.to);
        CHECK(t.config() == parsed(text));
        CHECK(t.config() == parsed(t.text()));
        const TuningKey k = *t.find(c.key);
        CHECK(k.value == (k.kind == TuningKind::Number ? formatTomlNumber(std::stod(c.value)) : std::string(c.value)));
        CHECK(k.edited);
    }
    CHECK(t.editedKeys().size() == cases.size());
}

namespace {

/// Sets every listed key of `file` alone to another valid value and checks the result against the
/// test's own reading of the format and against the text. Returns the number of keys.
std::size_t checkEveryKey(const ConfigTuning& file)
{
    const std::vector<TuningKey> keys = file.keys();
    const bool crlf = file.fileText().find("\r\n") != std::string::npos;
    for (const TuningKey& k : keys) {
        ConfigTuning t = file;
        const std::string v = otherValue(k);
        INFO(k.key << " = " << v);
        REQUIRE_FALSE(t.set(k.key, v));
        const TuningKey after = *t.find(k.key);
        CHECK(after.changed());
        CHECK(after.edited);
        CHECK(after.fileValue == k.value);
        CHECK(t.editedKeys() == std::vector<std::string>{k.key});
        CHECK(t.config() == parsed(t.text()));

        // The test's own reading of the file format: the value lands in its rules, and a base
        // value reaches every profile that does not write that key itself.
        TerrainConfig expected = file.config();
        if (k.profile.empty()) {
            assign(expected.base, k, v);
            for (TerrainProfile& p : expected.profiles)
                if (!file.find("profile." + p.name + "." + k.key)->inFile)
                    assign(p.rules, k, v);
        } else {
            for (TerrainProfile& p : expected.profiles)
                if (p.name == k.profile)
                    assign(p.rules, k, v);
        }
        CHECK(t.config() == expected);

        // One token replaced (also a key added to an inline table), or lines inserted.
        const bool sameLineCount = linesOf(t.fileText()).size() == linesOf(t.text()).size();
        if (k.inFile || sameLineCount)
            CHECK(differingLines(t.fileText(), t.text()).size() == 1);
        else
            CHECK(onlyInsertions(t.fileText(), t.text()));
        if (k.inFile)
            CHECK(sameLineCount);
        CHECK(linesOf(t.text()).size() <= linesOf(t.fileText()).size() + 3);
        if (crlf) {
            std::size_t bare = 0;
            for (std::size_t i = 0; i < t.text().size(); ++i)
                bare += t.text()[i] == '\n' && (i == 0 || t.text()[i - 1] != '\r') ? 1 : 0;
            CHECK(bare == 0);
        }
        t.reset();
        CHECK(t.text() == t.fileText());
        CHECK(t.config() == file.config());
    }
    return keys.size();
}

} // namespace

TEST_CASE("every listed key set alone: config == parse(text) == the file's config with that value", "[terrain][tuning]")
{
    CHECK(checkEveryKey(shipped()) == 169);

    SECTION("the shipped file with CRLF line ends")
    {
        const ConfigTuning lf = shipped();
        std::string crlf;
        for (const char c : lf.fileText())
            crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        isostar::Result<ConfigTuning> t = ConfigTuning::fromText(crlf, "crlf.toml");
        REQUIRE(t.ok());
        CHECK(checkEveryKey(t.value()) == 169);
    }
    SECTION("every way TOML can spell the tables: dotted keys, inline tables, sub-table headers")
    {
        const std::string text = R"(description = "layouts"
movement.diagonal = "always"      # dotted at the root
movement.weight = 1.5

[terrain]
grass = { cost = 1.0, glyph = "." }
snow.cost = 3.0   # dotted below [terrain]
snow.glyph = "s"

[terrain.road]
multiplier = 0.5

[terrain.fire]
influence.radius = 2.0
influence.effect = "multiply"
influence.base = 4.0

[terrain.ice.influence]   # a sub-table header, terrain.ice itself has none
radius = 1.5
effect = "divide"
base = 3.0
scale = 0.5

[profile.slow]
movement = { weight = 2.0 }
terrain.snow = { cost = 6.0 }

[profile.fast.terrain.fire]
influence = { scale = 0.5 }
)";
        isostar::Result<ConfigTuning> t = ConfigTuning::fromText(text, "layouts.toml");
        INFO(isostar::formatDiagnostics(t.diagnostics()));
        REQUIRE(t.ok());
        CHECK(checkEveryKey(t.value()) == 3 * (6 + 5 * 3 + 2 * 5));
    }
}
