#include "engine/terrain/ConfigTuning.hpp"

#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

using namespace eng::terrain;

namespace {

const std::string ShippedPath = std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml";

ConfigTuning shipped()
{
    eng::Result<ConfigTuning> r = ConfigTuning::fromFile(ShippedPath);
    INFO(eng::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    return std::move(r).value();
}

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
    eng::Result<TerrainConfig> r = parseTerrainConfig(text, "edited.toml");
    INFO(eng::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    return r.value();
}

std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    REQUIRE(text.find(from, at + 1) == std::string::npos);
    return text.replace(at, from.size(), to);
}

/// A valid new value for a key, different from its current one.
std::string otherValue(const TuningKey& k)
{
    switch (k.kind) {
    case TuningKind::Bool: return k.value == "true" ? "false" : "true";
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
        if (k.field == "diagonal") rules.movement.diagonal = *eng::path::parseDiagonalMode(v);
        if (k.field == "diagonal_factor") rules.movement.diagonalFactor = std::stod(v);
        if (k.field == "heuristic") rules.movement.heuristic = *eng::path::parseHeuristic(v);
        if (k.field == "weight") rules.movement.weight = std::stod(v);
        if (k.field == "smoothing") rules.movement.smoothing = v == "on";
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
    CHECK(checkEveryKey(shipped()) == 166);

    SECTION("the shipped file with CRLF line ends")
    {
        const ConfigTuning lf = shipped();
        std::string crlf;
        for (const char c : lf.fileText())
            crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        eng::Result<ConfigTuning> t = ConfigTuning::fromText(crlf, "crlf.toml");
        REQUIRE(t.ok());
        CHECK(checkEveryKey(t.value()) == 166);
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
        eng::Result<ConfigTuning> t = ConfigTuning::fromText(text, "layouts.toml");
        INFO(eng::formatDiagnostics(t.diagnostics()));
        REQUIRE(t.ok());
        CHECK(checkEveryKey(t.value()) == 3 * (5 + 5 * 3 + 2 * 5));
    }
}

TEST_CASE("invalid values are refused with the loader's message and change nothing", "[terrain][tuning]")
{
    const ConfigTuning file = shipped();
    struct Case {
        const char* key;
        const char* value;
        std::string message;
    };
    const std::string factor = "factor ((base - d) + offset) * scale must be > 0 for every d in [0, radius], but at d = ";
    const std::vector<Case> cases = {
        {"terrain.snow.cost", "-1", "terrain.snow.cost: must be a finite number > 0, got -1"},
        {"terrain.snow.cost", "0", "terrain.snow.cost: must be a finite number > 0, got 0"},
        {"terrain.road.multiplier", "nan", "terrain.road.multiplier: must be a finite number > 0, got nan"},
        {"movement.weight", "inf", "movement.weight: must be a finite number > 0, got inf"},
        {"movement.diagonal_factor", "-0.5", "movement.diagonal_factor: must be a finite number > 0, got -0.5"},
        {"profile.dwarf.terrain.snow.cost", "-2", "profile.dwarf.terrain.snow.cost: must be a finite number > 0, got -2"},
        {"terrain.volcano_erupting.influence.radius", "-1",
         "terrain.volcano_erupting.influence.radius: must be a finite number >= 0, got -1"},
        {"terrain.volcano_erupting.influence.radius", "6", "terrain.volcano_erupting.influence: " + factor + "6 it is -2"},
        {"terrain.tombstone.influence.scale", "-1", "terrain.tombstone.influence: " + factor + "0 it is -3.5"},
        {"terrain.tombstone.influence.base", "inf", "terrain.tombstone.influence.base: must be a finite number, got inf"},
        {"terrain.volcano_erupting.influence.effect", "explode",
         "terrain.volcano_erupting.influence.effect: unknown effect \"explode\" (expected multiply, divide)"},
        {"movement.heuristic", "fast", "movement.heuristic: unknown heuristic \"fast\" (expected octile, euclidean, "
                                       "manhattan, chebyshev, zero (or dijkstra))"},
        {"terrain.wall.passable", "yes", "terrain.wall.passable: expected true or false, got \"yes\""},
        {"terrain.snow.cost", "abc", "terrain.snow.cost: expected a number, got \"abc\""},
        {"terrain.snow.cost", "", "terrain.snow.cost: expected a number, got \"\""},
        {"terrain.snow.cost", "3x", "terrain.snow.cost: expected a number, got \"3x\""},
        {"terrain.volcano.influence.radius", "2", "terrain.volcano.influence: missing effect, base"},
        {"terrain.snow.colour", "1", "terrain.snow.colour: unknown key (terrain keys: cost, multiplier, passable, "
                                     "influence.radius, influence.effect, influence.base, influence.offset, influence.scale)"},
        {"terrain.snow.glyph", "x", "terrain.snow.glyph: unknown key (terrain keys: cost, multiplier, passable, "
                                    "influence.radius, influence.effect, influence.base, influence.offset, influence.scale)"},
        {"terrain.lava.cost", "1", "terrain.lava.cost: unknown key (no terrain \"lava\"; terrains: grass, snow, road, "
                                   "wall, volcano, volcano_erupting, tombstone, tent, castle, tree, rock, water, bridge, flowers)"},
        {"movement.speed", "1", "movement.speed: unknown key (movement keys: diagonal, diagonal_factor, heuristic, weight, smoothing)"},
        {"profile.elf.terrain.snow.cost", "1", "profile.elf.terrain.snow.cost: unknown key (no profile \"elf\"; profiles: "
                                               "dwarf, ranger)"},
        {"description", "x", "description: unknown key (expected terrain.NAME.KEY, movement.KEY, "
                             "profile.NAME.terrain.NAME.KEY or profile.NAME.movement.KEY)"},
        {"profile.ranger.terrain.tombstone.influence.radius", "1",
         "cannot write profile.ranger.terrain.tombstone.influence.radius: profile.ranger.terrain.tombstone.influence "
         "(line 122) is not a table"},
    };
    for (const Case& c : cases) {
        ConfigTuning t = file;
        REQUIRE_FALSE(t.set("terrain.grass.cost", "1.5")); // an edit before, which must survive
        const std::string textBefore = t.text();
        const TerrainConfig configBefore = t.config();
        INFO(c.key << " = " << c.value);
        const std::optional<std::string> error = t.set(c.key, c.value);
        REQUIRE(error);
        CHECK(*error == c.message);
        CHECK(t.text() == textBefore);
        CHECK(t.config() == configBefore);
        CHECK(t.editedKeys() == std::vector<std::string>{"terrain.grass.cost"});
    }

    SECTION("the messages are the loader's for the same value in the file")
    {
        const std::string text = replaced(file.fileText(), "[terrain.snow]\ncost = 3.0", "[terrain.snow]\ncost = -1");
        eng::Result<TerrainConfig> r = parseTerrainConfig(text, "x.toml");
        REQUIRE_FALSE(r.ok());
        REQUIRE(r.diagnostics().size() == 1);
        ConfigTuning t = file;
        CHECK(t.set("terrain.snow.cost", "-1") == r.diagnostics()[0].message);
    }
}

TEST_CASE("reset returns to the file's values, a value set back drops its edit", "[terrain][tuning]")
{
    ConfigTuning t = shipped();
    const TerrainConfig fileConfig = t.fileConfig();
    REQUIRE_FALSE(t.set("terrain.snow.cost", "5"));
    REQUIRE_FALSE(t.set("movement.heuristic", "manhattan"));
    REQUIRE_FALSE(t.set("terrain.snow.multiplier", "2"));
    CHECK(t.edited());
    CHECK(t.config() != fileConfig);
    t.reset();
    CHECK_FALSE(t.edited());
    CHECK(t.config() == fileConfig);
    CHECK(t.text() == t.fileText());
    for (const TuningKey& k : t.keys()) {
        CHECK_FALSE(k.changed());
        CHECK_FALSE(k.edited);
    }

    REQUIRE_FALSE(t.set("terrain.snow.cost", "5"));
    REQUIRE_FALSE(t.set("terrain.snow.cost", "3"));
    CHECK_FALSE(t.edited());
    CHECK(t.text() == t.fileText());
    REQUIRE_FALSE(t.set("terrain.snow.multiplier", "1")); // the default: nothing to write
    CHECK_FALSE(t.edited());
    CHECK(t.text() == t.fileText());
}

TEST_CASE("keys list kinds, limits, choices, values now and in the file", "[terrain][tuning]")
{
    ConfigTuning t = shipped();
    const std::vector<TuningKey> keys = t.keys();
    auto get = [&](const std::string& key) {
        const auto it = std::find_if(keys.begin(), keys.end(), [&](const TuningKey& k) { return k.key == key; });
        REQUIRE(it != keys.end());
        CHECK(t.find(key) == *it);
        return *it;
    };
    auto listed = [&](const std::string& key) {
        return std::any_of(keys.begin(), keys.end(), [&](const TuningKey& k) { return k.key == key; });
    };
    CHECK(keys.front().key == "movement.diagonal");

    const TuningKey cost = get("terrain.snow.cost");
    CHECK(cost.kind == TuningKind::Number);
    CHECK(cost.limit == PositiveNumber);
    CHECK(cost.value == "3.0");
    CHECK(cost.number == 3.0);
    CHECK(cost.inFile);
    CHECK(cost.terrain == "snow");
    CHECK(cost.field == "cost");
    CHECK(cost.profile.empty());
    const TuningKey roadCost = get("terrain.road.cost");
    CHECK(roadCost.value.empty());
    CHECK_FALSE(roadCost.number);
    CHECK_FALSE(roadCost.inFile);
    CHECK(get("terrain.volcano_erupting.influence.radius").limit == NonNegativeNumber);
    CHECK(get("terrain.tombstone.influence.offset").limit == FiniteNumber);
    CHECK(get("terrain.tombstone.influence.effect").choices == std::vector<std::string>{"multiply", "divide"});
    CHECK(get("terrain.wall.passable").kind == TuningKind::Bool);
    CHECK(get("terrain.wall.passable").value == "false");
    const TuningKey heuristic = get("movement.heuristic");
    CHECK(heuristic.kind == TuningKind::Choice);
    CHECK(heuristic.choices == std::vector<std::string>{"octile", "euclidean", "manhattan", "chebyshev", "zero"});
    CHECK(get("movement.diagonal").choices ==
          std::vector<std::string>{"never", "no-corner-cutting", "one-obstacle", "always"});
    CHECK(get("movement.diagonal_factor").value == "1.414");

    // Influence keys only where there is an influence.
    CHECK_FALSE(listed("terrain.volcano.influence.radius"));
    CHECK(listed("profile.dwarf.terrain.tombstone.influence.radius"));
    CHECK_FALSE(listed("profile.ranger.terrain.tombstone.influence.radius")); // influence = false
    CHECK(t.find("terrain.volcano.influence.radius")); // still a key set() knows
    CHECK_FALSE(t.find("terrain.volcano.colour"));

    // Profiles: resolved values, their own overrides in the file.
    const TuningKey dwarfSnow = get("profile.dwarf.terrain.snow.cost");
    CHECK(dwarfSnow.value == "1.5");
    CHECK(dwarfSnow.inFile);
    CHECK(dwarfSnow.profile == "dwarf");
    const TuningKey dwarfGrass = get("profile.dwarf.terrain.grass.cost");
    CHECK(dwarfGrass.value == "1.0");
    CHECK_FALSE(dwarfGrass.inFile);
    CHECK(get("profile.ranger.terrain.tree.passable").value == "true");
    CHECK(get("profile.ranger.movement.heuristic").value == "octile");

    REQUIRE_FALSE(t.set("terrain.grass.cost", "2"));
    const TuningKey inherited = *t.find("profile.dwarf.terrain.grass.cost");
    CHECK(inherited.value == "2.0");
    CHECK(inherited.fileValue == "1.0");
    CHECK(inherited.changed());
    CHECK_FALSE(inherited.edited);
    CHECK_FALSE(t.find("profile.dwarf.terrain.snow.cost")->changed());
}

TEST_CASE("values() lists everything in force for dump", "[terrain][tuning]")
{
    ConfigTuning t = shipped();
    REQUIRE_FALSE(t.set("profile.dwarf.movement.heuristic", "zero"));
    const std::vector<std::pair<std::string, std::string>> values = t.values();
    auto has = [&](const std::string& key, const std::string& value) {
        return std::find(values.begin(), values.end(), std::pair{key, value}) != values.end();
    };
    CHECK(has("movement.heuristic", "octile"));
    CHECK(has("profile.dwarf.movement.heuristic", "zero"));
    CHECK(has("terrain.snow.cost", "3.0"));
    CHECK(has("terrain.volcano_erupting.influence.radius", "4.5"));
    CHECK(has("profile.ranger.terrain.tree.cost", "2.0"));
    CHECK(std::none_of(values.begin(), values.end(), [](const auto& v) { return v.first == "terrain.road.cost"; }));
    std::size_t withValue = 0;
    for (const TuningKey& k : t.keys())
        withValue += k.value.empty() ? 0 : 1;
    CHECK(values.size() == withValue);
}

TEST_CASE("save errors name the file, markSaved makes the saved values the file's", "[terrain][tuning]")
{
    ConfigTuning t = shipped();
    REQUIRE_FALSE(t.set("terrain.snow.cost", "4"));
    const std::optional<std::string> error = t.save("/nonexistent-isostar-dir/terrain.toml");
    REQUIRE(error);
    CHECK(error->starts_with("cannot write /nonexistent-isostar-dir/terrain.toml: "));
    CHECK(t.edited()); // nothing changed

    testsupport::TempDir dir("isostar-tuning");
    const std::string path = dir.file("terrain.toml");
    REQUIRE_FALSE(t.save(path));
    t.markSaved();
    CHECK_FALSE(t.edited());
    CHECK(t.fileText() == testsupport::readAll(path));
    CHECK(t.fileConfig().base.find("snow")->baseCost == 4.0);
    REQUIRE_FALSE(t.set("terrain.snow.multiplier", "2"));
    t.reset();
    CHECK(t.config().base.find("snow")->baseCost == 4.0);
    CHECK(t.find("terrain.snow.cost")->fileValue == "4.0");

    eng::Result<ConfigTuning> missing = ConfigTuning::fromFile(dir.file("none.toml"));
    REQUIRE_FALSE(missing.ok());
    CHECK(eng::formatDiagnostics(missing.diagnostics()).find("none.toml") != std::string::npos);
    eng::Result<ConfigTuning> bad = ConfigTuning::fromText("[terrain.snow]\ncost = -1\n", "bad.toml");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.diagnostics()[0].message == "terrain.snow.cost: must be a finite number > 0, got -1");
}

TEST_CASE("a number key's range is exactly what set() accepts", "[terrain][tuning]")
{
    const ConfigTuning file = shipped();
    const auto r = file.find("terrain.volcano_erupting.influence.radius")->range;
    CHECK(r == NumberRange{0.0, false, 5.0, true}); // (5 - d) * 2 > 0
    CHECK(file.find("terrain.tombstone.influence.base")->range == NumberRange{2.0, true, std::numeric_limits<double>::infinity(), false});
    CHECK(file.find("terrain.tombstone.influence.scale")->range == NumberRange{0.0, true, std::numeric_limits<double>::infinity(), false});
    CHECK(file.find("terrain.snow.cost")->range == NumberRange{0.0, true, std::numeric_limits<double>::infinity(), false});

    int probes = 0;
    for (const TuningKey& k : file.keys()) {
        if (k.kind != TuningKind::Number)
            continue;
        INFO(k.key);
        if (k.number)
            CHECK(k.range.contains(*k.number));
        auto accepts = [&](double v) {
            ConfigTuning t = file;
            ++probes;
            return !t.set(k.key, formatTomlNumber(v)).has_value();
        };
        const double lo = k.range.min, hi = k.range.max;
        if (std::isfinite(lo)) {
            const double inside = lo + 1e-6 * (1.0 + std::abs(lo));
            CHECK(accepts(lo) == !k.range.minExclusive);
            CHECK((!k.range.contains(inside) || accepts(inside)));
            CHECK_FALSE(accepts(lo - 0.5));
        } else {
            CHECK(accepts(-1e6) == k.range.contains(-1e6));
        }
        if (std::isfinite(hi)) {
            const double inside = hi - 1e-6 * (1.0 + std::abs(hi));
            CHECK(accepts(hi) == !k.range.maxExclusive);
            CHECK((!k.range.contains(inside) || accepts(inside)));
            CHECK_FALSE(accepts(hi + 0.5));
        } else {
            CHECK(accepts(1e6));
        }
    }
    CHECK(probes > 300);

    SECTION("the range follows the other fields")
    {
        ConfigTuning t = file;
        REQUIRE_FALSE(t.set("terrain.volcano_erupting.influence.offset", "1"));
        CHECK(t.find("terrain.volcano_erupting.influence.radius")->range.max == 6.0);
        CHECK(t.find("terrain.volcano_erupting.influence.base")->range.min == 3.5);
        CHECK(t.set("terrain.volcano_erupting.influence.base", "3.5") ==
              "terrain.volcano_erupting.influence: factor ((base - d) + offset) * scale must be > 0 for every d in "
              "[0, radius], but at d = 4.5 it is 0");
        REQUIRE_FALSE(t.set("terrain.volcano_erupting.influence.radius", "5.5"));
        CHECK(t.find("terrain.volcano_erupting.influence.base")->range.min == 4.5);
    }
}
