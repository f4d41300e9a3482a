// End-to-end: a big map opens. artgen writes the valley tiled 28x28 (2016x2016 cells, a 19 MB
// csv map; 7x7 in the sanitizer build) into a temporary folder, never into the project, and
// `isostar --bench-load` opens it in a window and reports its start-up figures, then those of a
// long order (its time, resident memory after it and the peak). The figures are
// printed, not checked against targets (timings depend on the machine; docs/PERFORMANCE.md).

#include "tests/support/GameE2e.hpp"
#include "tests/support/RunProcess.hpp"
#include "tests/support/Scale.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <iostream>
#include <map>
#include <string>

TEST_CASE("e2e: the valley tiled 28x28 opens and --bench-load reports its figures")
{
    if (!testsupport::haveDisplay())
        return;
    const int tiles = testsupport::Sanitized ? 7 : 28;
    const std::string side = std::to_string(72 * tiles);
    const std::filesystem::path dir = testsupport::e2eDir("isostar-e2e", "bigload");
    const std::filesystem::path map = dir / "big.tmx";
    const testsupport::ProcessResult gen = testsupport::runProcess(
        "\"" + std::string(ISOSTAR_BIN_DIR) + "/artgen\" --out \"" + std::string(ISOSTAR_SOURCE_DIR) +
        "/assets\" --tiled-valley " + std::to_string(tiles) + " \"" + map.string() + "\" --csv");
    INFO(gen.err);
    REQUIRE(gen.exitCode == 0);
    REQUIRE(std::filesystem::exists(map));

    const testsupport::ProcessResult r =
        testsupport::runProcess(testsupport::isostarCommand() + " --bench-load \"" + map.string() + "\"");
    testsupport::requireDisplayReached(r);
    INFO(r.out << r.err);
    REQUIRE(r.exitCode == 0);
    std::map<std::string, std::string> f = testsupport::benchFigures(r.out);
    CHECK(f["map_size"] == side + "x" + side);
    for (const char* name : {"first_frame_ms", "ready_ms", "rss_mb", "peak_rss_mb", "order_ms", "rss_after_order_mb",
                             "peak_rss_after_order_mb"}) {
        INFO(name);
        REQUIRE(f.count(name) == 1);
        CHECK(std::stod(f[name]) > 0.0);
    }
    CHECK(std::stod(f["ready_ms"]) >= std::stod(f["first_frame_ms"]));
    CHECK(std::stod(f["peak_rss_mb"]) >= std::stod(f["rss_mb"]));
    CHECK(std::stod(f["peak_rss_after_order_mb"]) >= std::stod(f["peak_rss_mb"]));
    CHECK(std::stod(f["peak_rss_after_order_mb"]) >= std::stod(f["rss_after_order_mb"]));
    std::cout << "bench-load " << side << "x" << side << ": " << r.out;
    std::filesystem::remove_all(dir);
}
