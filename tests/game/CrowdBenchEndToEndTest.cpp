// End-to-end: `isostar --bench-units N --group G` on valley504 prints every figure under the
// names the issue and docs/PERFORMANCE.md give (read by checks outside the project), its groups
// share fields, the fields run on the path service's worker thread (the bench plays on the
// game's clock budget), requests are served, and the service's answers are counted by algorithm. The figures are printed, not checked against
// targets: they depend on the machine.

#include "tests/support/GameE2e.hpp"
#include "tests/support/RunProcess.hpp"
#include "tests/support/Scale.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <iostream>
#include <map>
#include <string>

TEST_CASE("e2e: --bench-units with groups prints its figures, and the groups' fields run on the worker thread")
{
    if (!testsupport::haveDisplay())
        return;
    // More than 120 frames (2 s of game time at the bench's fixed step): every group's first
    // order falls in its first 2 s.
    const int units = testsupport::Sanitized ? 200 : 2000;
    const int frames = testsupport::Sanitized ? 130 : 180;
    const testsupport::ProcessResult r = testsupport::runProcess(
        testsupport::isostarCommand() + " --map \"" + std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley504.tmx\" --bench-units " +
        std::to_string(units) + " --group 50 --frames " + std::to_string(frames));
    testsupport::requireDisplayReached(r);
    INFO(r.out << r.err);
    REQUIRE(r.exitCode == 0);
    std::map<std::string, std::string> f = testsupport::benchFigures(r.out);
    for (const char* name : {"units", "fps_mean", "frame_ms_mean", "frame_ms_p99", "path_ms_per_frame_mean",
                             "path_ms_per_frame_p99", "service_ms_per_frame_p99", "requests_made", "requests_done",
                             "request_wait_frames_max", "follower_wait_frames_max", "requests_pending", "give_ways",
                             "cell_trades", "islands_used", "group_size", "fields_made", "field_worker_ms_per_frame_mean"}) {
        INFO(name);
        REQUIRE(f.count(name) == 1);
        CHECK(std::stod(f[name]) >= 0.0);
    }
    CHECK(std::stoi(f["units"]) == units);
    CHECK(std::stoi(f["group_size"]) == 50);
    CHECK(std::stod(f["fps_mean"]) > 0.0);
    // One field a group order (the bench orders each group within its first 2 s of game time).
    CHECK(std::stoi(f["fields_made"]) >= units / 50);
    CHECK(std::stoi(f["requests_done"]) > 0);
    CHECK(std::stod(f["field_worker_ms_per_frame_mean"]) > 0.0);  // the fields ran on the worker
    // The service's answers by algorithm: every algorithm named, the fields among them.
    REQUIRE(f.count("searches_by_algorithm") == 1);
    int astar = -1, jps = -1, jpsw = -1, fields = -1;
    REQUIRE(std::sscanf(f["searches_by_algorithm"].c_str(), "astar=%d jps=%d jpsw=%d field=%d", &astar, &jps, &jpsw,
                        &fields) == 4);
    CHECK(astar + jps + jpsw + fields > 0);
    CHECK(fields > 0);
    CHECK(jps == 0);  // valley504's cells do not all cost the same
    std::cout << "bench-units " << units << " --group 50: " << r.out;
}

TEST_CASE("e2e: --bench-big-fraction makes that share of the bench's units carts of size 2")
{
    if (!testsupport::haveDisplay())
        return;
    const int units = 200;
    const testsupport::ProcessResult r = testsupport::runProcess(
        testsupport::isostarCommand() + " --map \"" + std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley256.tmx\" --bench-units " +
        std::to_string(units) + " --bench-big-fraction 0.1 --frames 60");
    testsupport::requireDisplayReached(r);
    INFO(r.out << r.err);
    REQUIRE(r.exitCode == 0);
    std::map<std::string, std::string> f = testsupport::benchFigures(r.out);
    REQUIRE(f.count("units") == 1);
    REQUIRE(f.count("big_units") == 1);
    REQUIRE(f.count("path_ms_per_frame_p99") == 1);
    CHECK(std::stoi(f["units"]) == units);
    CHECK(std::stoi(f["big_units"]) == units / 10);  // every tenth unit
}
