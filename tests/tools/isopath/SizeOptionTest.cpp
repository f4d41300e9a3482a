// `--size` of isopath path, bench and scen, and the party's sizes in `isopath info`: runs the
// built binary (ISOSTAR_BIN_DIR) in the source folder and on small files written here.

#include "tests/support/RunProcess.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

using Run = testsupport::ProcessResult;

Run isopath(const std::string& args, const std::filesystem::path& cwd = ISOSTAR_SOURCE_DIR)
{
    return testsupport::runProcess(std::string("'") + ISOSTAR_BIN_DIR + "/isopath' " + args, cwd);
}

nlohmann::json json(const Run& r)
{
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    REQUIRE(!r.out.empty());
    return nlohmann::json::parse(r.out);
}

bool has(const std::string& out, const std::string& text)
{
    return out.find(text) != std::string::npos;
}

struct Scratch {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("isopath_size_test_" + std::to_string(::getpid()));
    Scratch() { std::filesystem::create_directories(dir); }
    ~Scratch() { std::filesystem::remove_all(dir); }
    void write(const std::string& name, const std::string& text) const
    {
        std::ofstream(dir / name, std::ios::binary) << text;
    }
};

} // namespace

TEST_CASE("isopath scen --size: a size-2 unit takes the wide gap, the costs are reported, not checked", "[isopath][size]")
{
    Scratch s;
    // 9x7, a wall across column 4 with a one-cell gap at row 1 and a two-cell gap at rows 5-6.
    s.write("gap.map", "type octile\nheight 7\nwidth 9\nmap\n"
                       "....@....\n"
                       ".........\n"
                       "....@....\n"
                       "....@....\n"
                       "....@....\n"
                       ".........\n"
                       ".........\n");
    s.write("gap.scen", "version 1\n0\tgap.map\t9\t7\t0\t0\t7\t0\t7.82842712\n");
    const Run one = isopath("scen gap.map gap.scen --each", s.dir);
    INFO(one.out << one.err);
    CHECK(one.exitCode == 0);
    CHECK(has(one.out, "1 passed, 0 failed"));
    // Size 2: the one-cell gap does not fit, the two-cell gap of rows 5-6 does; the cost is
    // reported and not checked against the scenario's length.
    const Run two = isopath("scen gap.map gap.scen --each --size 2", s.dir);
    INFO(two.out << two.err);
    CHECK(two.exitCode == 0);
    CHECK(has(two.out, "size 2: the scenarios' lengths are those of size 1 and do not apply: costs reported, not checked"));
    CHECK(has(two.out, "1 with a path, 0 without"));
    CHECK_FALSE(has(two.out, "passed"));
    CHECK(has(two.out, "size 2 (0,0)->(7,0): found, cost "));
    // Size 3 cannot pass at all (the wide gap is two cells).
    const Run three = isopath("scen gap.map gap.scen --size 3", s.dir);
    CHECK(three.exitCode == 0);
    CHECK(has(three.out, "0 with a path, 1 without"));

    const Run bad = isopath("scen gap.map gap.scen --size 5", s.dir);
    CHECK(bad.exitCode == 2);
    CHECK(bad.err == "isopath scen: --size \"5\": expected a unit size from 1 to 4 (the unit covers size x size cells)\n");
}

TEST_CASE("isopath path --size on the valley: JSON size, the footprint's cost, bad sizes refused", "[isopath][size]")
{
    const std::string query = "path maps/valley.tmx --from 12,58 --to 30,30 --json";
    const nlohmann::json one = json(isopath(query));
    CHECK(one["size"] == 1);
    const nlohmann::json two = json(isopath(query + " --size 2"));
    CHECK(two["size"] == 2);
    CHECK(two["status"] == "ok");
    // A big unit never pays less than a small one on the same terrain.
    CHECK(two["cost"].get<double>() >= one["cost"].get<double>());
    const nlohmann::json twoAstar = json(isopath(query + " --size 2 --algorithm astar --landmarks off"));
    CHECK(twoAstar["cost"].get<double>() == Approx(two["cost"].get<double>()).epsilon(1e-12));
    for (const char* bad : {"0", "5", "two", "2.5"}) {
        const Run r = isopath(query + " --size " + bad);
        CHECK(r.exitCode == 2);
        CHECK(r.err == std::string("isopath path: --size \"") + bad +
                           "\": expected a unit size from 1 to 4 (the unit covers size x size cells)\n");
    }
    const Run why = isopath(query + " --size 2 --why");
    CHECK(why.exitCode == 2);
    CHECK(why.err == "isopath path: --why takes apart the costs of single cells: it does not apply with --size above 1\n");
}

TEST_CASE("isopath bench --size: the footprint layer's build time and the cost check", "[isopath][size]")
{
    const Run r = isopath("bench maps/valley.tmx --queries 30 --size 2 --algorithm auto --landmarks on");
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(has(r.out, "\nsize: 2\n"));
    CHECK(has(r.out, "\nfootprint_build_ms_size2: "));
    CHECK(has(r.out, "costs checked: 30/30 equal"));
    const Run bad = isopath("bench maps/valley.tmx --size 9");
    CHECK(bad.exitCode == 2);
    CHECK(bad.err == "isopath bench: --size \"9\": expected a unit size from 1 to 4 (the unit covers size x size cells)\n");
}

TEST_CASE("isopath info lists the party's units and the sizes they use", "[isopath][size]")
{
    const nlohmann::json j = json(isopath("info maps/valley.tmx"));
    REQUIRE(j.contains("party"));
    REQUIRE(j["party"].size() >= 4);
    CHECK(j["party"][0]["name"] == "knight");
    CHECK(j["party"][0]["size"] == 1);
    REQUIRE(j.contains("party_sizes"));
    CHECK(j["party_sizes"].front() == 1);

    Scratch s;
    s.write("t.toml", "[movement]\n[terrain.grass]\ncost = 1\n[profile.ogre.movement]\nsize = 3\n");
    s.write("m.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="isometric" renderorder="right-down" width="4" height="4" tilewidth="64" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="4">
 <properties><property name="config" value="t.toml"/></properties>
 <objectgroup id="2" name="objects">
  <object id="1" name="knight" type="party" x="16" y="16"><point/></object>
  <object id="2" name="ogre" type="party" x="48" y="16"><properties><property name="profile" value="ogre"/></properties><point/></object>
  <object id="3" name="cart" type="party" x="16" y="48"><properties><property name="size" type="int" value="2"/></properties><point/></object>
 </objectgroup>
</map>
)");
    const nlohmann::json k = json(isopath("info m.tmx", s.dir));
    REQUIRE(k["party"].size() == 3);
    CHECK(k["party"][1]["size"] == 3);
    CHECK(k["party"][1]["size_from"] == "profile");
    CHECK(k["party"][2]["size"] == 2);
    CHECK(k["party"][2]["size_from"] == "object");
    CHECK(k["party_sizes"] == nlohmann::json::array({1, 2, 3}));
}
