// PathService with the jump searches: the `auto` rule of isopath picks the algorithm of each
// search (jpsw where a landmark table exists, jps on uniform layers, A* else and for
// overlays), its answers cost what A*'s cost, also after edits (reported before, during and
// after the background build of jpsw's table, and one never reported), and a jump search is
// charged to the budget.

#include "engine/path/GridQuery.hpp"
#include "engine/path/JumpTables.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathService.hpp"
#include "engine/path/SearchAlgorithm.hpp"

#include "tests/support/RandomCostField.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <limits>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::GridQuery;
using isostar::path::Impassable;
using isostar::path::LandmarkMode;
using isostar::path::LandmarkSettings;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathHandle;
using isostar::path::PathRequest;
using isostar::path::PathResult;
using isostar::path::PathService;
using isostar::path::PathStatus;
using isostar::path::SearchAlgorithm;
using isostar::path::SearchCounts;
using isostar::path::ServiceStats;

namespace {

constexpr int Size = 64;  // cells a side

/// Walls in 1 of 10 cells, roads (0.5) in 1, snow (3) in 2, grass in the rest: every kind of
/// jump point.
CostField jumpField(unsigned seed)
{
    return testsupport::randomCostField(Size, Size, seed,
                                        {Impassable, 0.5f, 3.0f, 3.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f});
}

/// A 64x64 grid with the field as layer 0 and a landmark table on it (the game's maps get one
/// from 128x128 cells on; here it is asked for).
void makeGrid(NavGrid& grid, const CostField& field)
{
    LandmarkSettings on;
    on.mode = LandmarkMode::On;
    grid.setLandmarks(on);
    REQUIRE(grid.reset(Size, Size));
    REQUIRE(grid.addLayer("walker", field, MoveRules{}) == 0);
    REQUIRE(grid.landmarks(0) != nullptr);
}

/// Serves everything pending (no time limit); the counts of the updates summed.
SearchCounts serveCounted(PathService& service)
{
    SearchCounts total;
    while (service.pending() > 0)
        total += service.update(std::numeric_limits<double>::infinity()).searches;
    return total;
}

/// Asks one path at a time until jpsw answers (its table is built in the background): true
/// when it did within a few seconds.
/// Requests until a jump search (jpsw, or jps with `plain`) answers: its table, built in the
/// background, is installed. False after 20 s.
bool awaitJump(PathService& service, bool plain)
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < until) {
        const PathHandle h = service.request({.layer = 0, .start = {0, 0}, .goal = {Size - 1, Size - 1}});
        const SearchCounts c = serveCounted(service);
        service.release(h);
        if ((plain ? c.jps : c.jpsw) > 0)
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
}

bool awaitJpsw(PathService& service)
{
    return awaitJump(service, false);
}

/// `count` random requests through the service; each answer has A*'s status and cost on the
/// grid as it is now. Returns the counts of the searches that answered.
SearchCounts compareWithAStar(const NavGrid& grid, PathService& service, unsigned seed, int count)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> coord(0, Size - 1);
    std::vector<PathRequest> reqs;
    std::vector<PathHandle> handles;
    for (int i = 0; i < count; ++i) {
        reqs.push_back({.layer = 0, .start = {coord(rng), coord(rng)}, .goal = {coord(rng), coord(rng)}});
        handles.push_back(service.request(reqs.back()));
    }
    const SearchCounts c = serveCounted(service);
    GridQuery astar;
    for (std::size_t i = 0; i < reqs.size(); ++i) {
        const PathResult* got = service.result(handles[i]);
        REQUIRE(got != nullptr);
        PathResult expect;
        astar.findPath(grid, 0, reqs[i].start, reqs[i].goal, expect);
        CHECK(got->status == expect.status);
        if (expect.status == PathStatus::Found)
            CHECK(got->cost == Approx(expect.cost).epsilon(1e-9));
        service.release(handles[i]);
    }
    return c;
}

/// Random cost changes of `cells` cells (walls opened and closed, roads, snow).
std::vector<CellChange> randomEdit(unsigned seed, int cells)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> coord(0, Size - 1);
    const float costs[] = {Impassable, 0.5f, 1.0f, 3.0f};
    std::uniform_int_distribution<int> kind(0, 3);
    std::vector<CellChange> changes;
    for (int i = 0; i < cells; ++i)
        changes.push_back({{coord(rng), coord(rng)}, costs[kind(rng)]});
    return changes;
}

} // namespace

TEST_CASE("resolveAlgorithm: isopath's auto rule", "[path][service][jump]")
{
    NavGrid grid;
    CostField uniform(16, 16);
    REQUIRE(grid.reset(16, 16));
    REQUIRE(grid.addLayer("flat", uniform, MoveRules{}) == 0);
    CHECK(isostar::path::resolveAlgorithm(SearchAlgorithm::Auto, grid, 0) == SearchAlgorithm::Jps);
    CHECK(isostar::path::resolveAlgorithm(SearchAlgorithm::AStar, grid, 0) == SearchAlgorithm::AStar);
    const CostField weighted = jumpField(3u);
    MoveRules heavy;
    heavy.weight = 1.5;
    NavGrid big;
    makeGrid(big, weighted);
    CHECK(isostar::path::resolveAlgorithm(SearchAlgorithm::Auto, big, 0) == SearchAlgorithm::Jpsw);
    REQUIRE(big.addLayer("heavy", weighted, heavy) == 1);
    CHECK(isostar::path::resolveAlgorithm(SearchAlgorithm::Auto, big, 1) == SearchAlgorithm::AStar);
    NavGrid plain;  // no landmark table (64x64 is below Auto's size)
    REQUIRE(plain.reset(Size, Size));
    REQUIRE(plain.addLayer("walker", weighted, MoveRules{}) == 0);
    CHECK(isostar::path::resolveAlgorithm(SearchAlgorithm::Auto, plain, 0) == SearchAlgorithm::AStar);
    CHECK(isostar::path::parseSearchAlgorithm("jpsw") == SearchAlgorithm::Jpsw);
    CHECK_FALSE(isostar::path::parseSearchAlgorithm("JPSW").has_value());
    std::ostringstream line;
    line << SearchCounts{.astar = 1, .jps = 2, .jpsw = 3, .fields = 4};
    CHECK(line.str() == "astar=1 jps=2 jpsw=3 field=4");
}

TEST_CASE("PathService: jpsw answers where the layer has landmarks, at A*'s cost, also after edits",
          "[path][service][jump]")
{
    NavGrid grid;
    makeGrid(grid, jumpField(7u));
    PathService service(grid);
    // The first answers come from A* while jpsw's table is built in the background.
    const SearchCounts first = compareWithAStar(grid, service, 1u, 20);
    CHECK(first.astar + first.jpsw == 20);
    REQUIRE(awaitJpsw(service));
    const SearchCounts warm = compareWithAStar(grid, service, 2u, 60);
    CHECK(warm.jpsw == 60);
    CHECK(warm.astar == 0);

    SECTION("edits reported through invalidate() patch the table: jpsw goes on answering, exactly")
    {
        for (unsigned round = 0; round < 6; ++round) {
            service.invalidate(grid.apply(0, randomEdit(100u + round, 40)));
            const SearchCounts c = compareWithAStar(grid, service, 200u + round, 30);
            CHECK(c.jpsw + c.astar == 30);
            // An edit that lowers a cost leaves the layer without a usable landmark table
            // until its rebuild: A* answers then, by the rule.
            if (grid.landmarks(0) != nullptr)
                CHECK(c.jpsw == 30);
            grid.waitLandmarks();
        }
    }
    SECTION("an edit never reported: the table no longer matches, the search is still exact")
    {
        grid.apply(0, randomEdit(300u, 40));
        grid.waitLandmarks();
        const SearchCounts c = compareWithAStar(grid, service, 301u, 30);
        CHECK(c.jpsw + c.astar == 30);
        REQUIRE(awaitJpsw(service));  // built again from the grid as it is
        CHECK(compareWithAStar(grid, service, 302u, 30).jpsw == 30);
    }
    SECTION("requests with overlay cells run A*")
    {
        PathRequest r{.layer = 0, .start = {0, 0}, .goal = {Size - 1, Size - 1}};
        r.overlayCells = {{5, 5}, {6, 6}};
        r.overlayPenalty = 4.0f;
        service.request(r);
        const SearchCounts c = serveCounted(service);
        CHECK(c.astar == 1);
        CHECK(c.jpsw == 0);
    }
}

TEST_CASE("PathService: edits made while jpsw's table is built are patched in when it lands",
          "[path][service][jump]")
{
    NavGrid grid;
    makeGrid(grid, jumpField(11u));
    PathService service(grid);
    compareWithAStar(grid, service, 1u, 4);  // A*; the table's build begins
    // The finished build is installed by the next update(): these edits come before it.
    for (unsigned round = 0; round < 3; ++round) {
        service.invalidate(grid.apply(0, randomEdit(400u + round, 60)));
        grid.waitLandmarks();
    }
    REQUIRE(awaitJpsw(service));
    CHECK(compareWithAStar(grid, service, 402u, 60).jpsw == 60);
}

TEST_CASE("PathService: jps answers on a layer whose cells all cost the same, patched after edits",
          "[path][service][jump]")
{
    NavGrid grid;
    REQUIRE(grid.reset(Size, Size));
    REQUIRE(grid.addLayer("flat", testsupport::randomCostField(Size, Size, 5u, {Impassable, 1.0f, 1.0f, 1.0f, 1.0f}),
                          MoveRules{}) == 0);
    PathService service(grid);
    // The table is built in the background as jpsw's is (the same kind of table): A* answers
    // until it lands.
    REQUIRE(awaitJump(service, true));
    CHECK(compareWithAStar(grid, service, 1u, 40).jps == 40);
    std::vector<CellChange> walls;
    for (int y = 4; y < 60; ++y)
        walls.push_back({{32, y}, Impassable});
    service.invalidate(grid.apply(0, walls));
    CHECK(compareWithAStar(grid, service, 2u, 40).jps == 40);
}

TEST_CASE("PathService: a jump search is one step the budget pays for", "[path][service][jump]")
{
    NavGrid grid;
    makeGrid(grid, jumpField(13u));
    PathService service(grid);
    service.setSliceExpansions(16);
    REQUIRE(awaitJpsw(service));
    std::mt19937 rng(9u);
    std::uniform_int_distribution<int> coord(0, Size - 1);
    for (int i = 0; i < 30;) {
        const TileCoord a{coord(rng), coord(rng)}, b{coord(rng), coord(rng)};
        if (a == b || !grid.reachable(0, a, b))
            continue;  // each search expands something
        service.request({.layer = 0, .start = a, .goal = b});
        ++i;
    }
    // An expansion cap of 1: every update runs one jump search (checked before it, as before a
    // slice), whose jump points it counts.
    int updates = 0;
    while (service.pending() > 0) {
        const ServiceStats s = service.update(std::numeric_limits<double>::infinity(), 1);
        ++updates;
        CHECK(s.searches.jpsw + s.searches.astar == 1);
        CHECK(s.expansions >= 1);
        CHECK(s.maxSliceExpansions == 0);  // no slice ran
    }
    CHECK(updates == 30);
    // No time left: nothing runs.
    service.request({.layer = 0, .start = {0, 0}, .goal = {Size - 1, Size - 1}});
    const ServiceStats none = service.update(0.0);
    CHECK(none.finished == 0);
    CHECK(none.expansions == 0);
}

namespace {

/// Updates until `h` is Done (its search may wait for a table built in the background): false
/// after 20 s.
bool awaitDone(PathService& service, PathHandle h)
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (service.state(h) != isostar::path::RequestState::Done) {
        if (std::chrono::steady_clock::now() > until)
            return false;
        service.update(std::numeric_limits<double>::infinity());
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
}

/// A request of `algorithm` answered by the service equals A*'s status and cost, and was
/// answered by that algorithm.
void checkExplicit(const NavGrid& grid, PathService& service, int layer, SearchAlgorithm algorithm, TileCoord a,
                   TileCoord b)
{
    const PathHandle h = service.request({.layer = layer, .start = a, .goal = b, .algorithm = algorithm});
    REQUIRE(awaitDone(service, h));
    CHECK(service.algorithm(h) == algorithm);
    PathResult expect;
    GridQuery().findPath(grid, layer, a, b, expect);
    PathResult got;
    REQUIRE(service.takeResult(h, got));
    CHECK(got.status == expect.status);
    if (expect.status == PathStatus::Found)
        CHECK(got.cost == Approx(expect.cost).epsilon(1e-9));
    CHECK(service.state(h) == isostar::path::RequestState::Invalid);  // taken: released
}

} // namespace

TEST_CASE("PathService: an explicit algorithm is honoured", "[path][service][jump]")
{
    NavGrid grid;
    REQUIRE(grid.reset(Size, Size));
    REQUIRE(grid.addLayer("walker", jumpField(17u), MoveRules{}) == 0);  // weighted, no landmarks
    REQUIRE(grid.addLayer("flat", testsupport::randomCostField(Size, Size, 5u, {Impassable, 1.0f, 1.0f, 1.0f}),
                          MoveRules{}) == 1);
    PathService service(grid);

    SECTION("jpsw on a layer without landmarks (Auto would run A*): it waits for its table, then runs")
    {
        const PathHandle h = service.request({.layer = 0, .start = {0, 0}, .goal = {Size - 1, Size - 1},
                                              .algorithm = SearchAlgorithm::Jpsw});
        service.update(std::numeric_limits<double>::infinity());
        if (service.state(h) != isostar::path::RequestState::Done)
            CHECK(service.state(h) == isostar::path::RequestState::Queued);  // the table is being built
        REQUIRE(awaitDone(service, h));
        CHECK(service.algorithm(h) == SearchAlgorithm::Jpsw);
        service.release(h);
        std::mt19937 rng(3u);
        std::uniform_int_distribution<int> coord(0, Size - 1);
        for (int i = 0; i < 20; ++i)
            checkExplicit(grid, service, 0, SearchAlgorithm::Jpsw, {coord(rng), coord(rng)}, {coord(rng), coord(rng)});
        // Edits reported: the table is patched, jpsw goes on answering exactly.
        for (unsigned round = 0; round < 4; ++round) {
            service.invalidate(grid.apply(0, randomEdit(500u + round, 40)));
            checkExplicit(grid, service, 0, SearchAlgorithm::Jpsw, {coord(rng), coord(rng)}, {coord(rng), coord(rng)});
        }
        // An edit not reported: the table no longer matches; the request waits for a new one.
        grid.apply(0, randomEdit(600u, 40));
        checkExplicit(grid, service, 0, SearchAlgorithm::Jpsw, {0, 0}, {Size - 1, Size - 1});
        // New rules: the table is dropped and built again for them.
        MoveRules wide;
        wide.diagonalFactor = 1.5;
        service.invalidate(grid.replaceLayer(0, grid.costField(0), wide));
        checkExplicit(grid, service, 0, SearchAlgorithm::Jpsw, {0, 0}, {Size - 1, Size - 1});
    }
    SECTION("jps on a uniform layer, astar where Auto would pick jps")
    {
        checkExplicit(grid, service, 1, SearchAlgorithm::Jps, {0, 0}, {Size - 1, Size - 1});
        checkExplicit(grid, service, 1, SearchAlgorithm::Jps, {Size - 1, 0}, {0, Size - 1});
        for (int i = 0; i < 5; ++i) {
            const PathHandle h = service.request({.layer = 1, .start = {0, i}, .goal = {Size - 1, Size - 1 - i},
                                                  .algorithm = SearchAlgorithm::AStar});
            REQUIRE(awaitDone(service, h));
            CHECK(service.algorithm(h) == SearchAlgorithm::AStar);  // the jps table is ready, unused
            service.release(h);
        }
    }
    SECTION("a jump search that does not apply is refused: InvalidInput, no path, no fallback")
    {
        const PathHandle jps = service.request({.layer = 0, .start = {0, 0}, .goal = {Size - 1, Size - 1},
                                                .algorithm = SearchAlgorithm::Jps});  // costs differ
        PathRequest r{.layer = 1, .start = {0, 0}, .goal = {Size - 1, Size - 1}, .algorithm = SearchAlgorithm::Jpsw};
        r.overlayCells = {{5, 5}};
        const PathHandle overlay = service.request(r);
        const PathHandle badLayer = service.request({.layer = 7, .start = {0, 0}, .goal = {1, 1},
                                                     .algorithm = SearchAlgorithm::Jps});
        const ServiceStats s = service.update(std::numeric_limits<double>::infinity());
        CHECK(s.finished == 3);
        for (const PathHandle h : {jps, overlay, badLayer}) {
            REQUIRE(service.result(h) != nullptr);
            CHECK(service.result(h)->status == PathStatus::InvalidInput);
            CHECK(service.result(h)->path.empty());
        }
        CHECK(service.algorithm(jps) == SearchAlgorithm::Jps);
        CHECK(service.algorithm(overlay) == SearchAlgorithm::Jpsw);
    }
}

TEST_CASE("PathService over a non-const grid: landmarks on demand, built in the background, polled by update()",
          "[path][service][jump]")
{
    NavGrid grid;
    LandmarkSettings on;
    on.mode = LandmarkMode::On;
    grid.setLandmarks(on);
    REQUIRE(grid.reset(Size, Size));
    PathService service(grid);
    CHECK(grid.landmarkBuild() == isostar::path::LandmarkBuild::OnDemand);
    REQUIRE(grid.addLayer("walker", jumpField(19u), MoveRules{}) == 0);
    CHECK(grid.landmarkTablesHeld() == 0);  // not built by addLayer
    // The owner never calls pollLandmarks(): the service's updates install the table, and the
    // auto rule then picks jpsw.
    REQUIRE(awaitJpsw(service));
    CHECK(grid.landmarkTablesHeld() == 1);
    CHECK(compareWithAStar(grid, service, 4u, 30).jpsw == 30);

    NavGrid other;
    other.setLandmarks(on);
    REQUIRE(other.reset(Size, Size));
    const NavGrid& otherReadOnly = other;
    PathService reader(otherReadOnly);  // a const grid: its owner keeps the mode
    CHECK(other.landmarkBuild() == isostar::path::LandmarkBuild::Eager);
}
