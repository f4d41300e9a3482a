// ConfigTuning's keys: invalid values refused, reset, the key list (kinds, limits, choices,
// values), values() for the dump, save errors and markSaved, number ranges. The text it saves is
// ConfigTuningTest's.
#include "engine/terrain/ConfigTuning.hpp"
#include "tests/engine/terrain/ConfigTuningSupport.hpp"

#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

using namespace isostar::terrain;
using namespace tuningtest;

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
        {"movement.speed", "1", "movement.speed: unknown key (movement keys: diagonal, diagonal_factor, heuristic, weight, smoothing, sight)"},
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
        isostar::Result<TerrainConfig> r = parseTerrainConfig(text, "x.toml");
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

    isostar::Result<ConfigTuning> missing = ConfigTuning::fromFile(dir.file("none.toml"));
    REQUIRE_FALSE(missing.ok());
    CHECK(isostar::formatDiagnostics(missing.diagnostics()).find("none.toml") != std::string::npos);
    isostar::Result<ConfigTuning> bad = ConfigTuning::fromText("[terrain.snow]\ncost = -1\n", "bad.toml");
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


TEST_CASE("movement.sight and the profiles' sight are whole-number keys within the loader's 1..64", "[terrain][tuning]")
{
    ConfigTuning t = shipped();
    const TuningKey sight = *t.find("movement.sight");
    CHECK(sight.kind == TuningKind::Whole);
    CHECK(sight.value == "7");
    CHECK(sight.number == 7.0);
    CHECK(sight.inFile);
    CHECK(sight.range == NumberRange{1.0, false, double(isostar::terrain::MaxSight), false});
    const std::vector<TuningKey> keys = t.keys();
    for (const char* key : {"movement.sight", "profile.dwarf.movement.sight", "profile.ranger.movement.sight"})
        CHECK(std::any_of(keys.begin(), keys.end(), [&](const TuningKey& k) { return k.key == key; }));

    REQUIRE_FALSE(t.set("movement.sight", "9"));
    CHECK(t.config().base.sight == 9);
    CHECK(t.config().profile("dwarf")->sight == 9);  // inherited
    CHECK(t.text().find("sight = 9 ") != std::string::npos);
    REQUIRE_FALSE(t.set("profile.dwarf.movement.sight", "3.0"));  // a whole number written as one
    CHECK(t.config().profile("dwarf")->sight == 3);
    CHECK(t.config().base.sight == 9);
    CHECK(t.find("profile.dwarf.movement.sight")->value == "3");

    // The loader's bounds and its message; nothing changes.
    for (const char* bad : {"0", "65", "9.5", "-1"}) {
        INFO(bad);
        const std::optional<std::string> error = t.set("movement.sight", bad);
        REQUIRE(error);
        CHECK(error->find("movement.sight: must be a whole number of cells from 1 to 64") != std::string::npos);
        CHECK(t.config().base.sight == 9);
    }
    const std::optional<std::string> notNumber = t.set("movement.sight", "far");
    REQUIRE(notNumber);
    CHECK(*notNumber == "movement.sight: expected a whole number, got \"far\"");
}
