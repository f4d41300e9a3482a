// PathService's result lifetime: the header's usage pattern (request, update, read result(),
// walk the path) with requests, updates, edits and releases of other handles made between the
// reads. Each pointer result() gave stays valid and unchanged until its own handle is released
// (run under AddressSanitizer by `tools/dev.sh fuzz`: a pointer into storage that moves is a
// heap-use-after-free there).

#include "engine/path/NavGrid.hpp"
#include "engine/path/PathService.hpp"

#include "tests/support/RandomCostField.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathHandle;
using isostar::path::PathResult;
using isostar::path::PathService;
using isostar::path::PathStatus;

namespace {

constexpr int Side = 48;  // cells a side

/// Walls in 1 of 8 cells, snow (3) in 1, grass in the rest.
CostField lifetimeField()
{
    return testsupport::randomCostField(Side, Side, 21u, {Impassable, 3.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f});
}

void serveEverything(PathService& service)
{
    while (service.pending() > 0)
        service.update(std::numeric_limits<double>::infinity());
}

/// A unit as the header shows one: its handle, the pointer result() gave, a copy to compare.
struct Walker {
    PathHandle handle;
    const PathResult* result = nullptr;
    PathResult seen;
};

} // namespace

TEST_CASE("PathService: a result() pointer stays valid and unchanged while other requests come and go",
          "[path][service][lifetime]")
{
    NavGrid grid;
    REQUIRE(grid.reset(Side, Side));
    REQUIRE(grid.addLayer("walker", lifetimeField(), MoveRules{}) == 0);
    PathService service(grid);
    std::mt19937 rng(5u);
    std::uniform_int_distribution<int> coord(0, Side - 1);
    auto anyRequest = [&] { return service.request({.layer = 0, .start = {coord(rng), coord(rng)}, .goal = {coord(rng), coord(rng)}}); };

    // The header's pattern: request, update, read the result and keep the pointer while walking.
    std::vector<Walker> walkers(4);
    for (Walker& w : walkers)
        w.handle = anyRequest();
    serveEverything(service);
    for (Walker& w : walkers) {
        w.result = service.result(w.handle);
        REQUIRE(w.result != nullptr);
        w.seen = *w.result;
    }

    // Between the reads: many more requests (the service's storage grows), updates, releases
    // of other handles (their slots are reused), progress and an edit far from nobody's path.
    std::vector<PathHandle> others;
    for (int round = 0; round < 40; ++round) {
        for (int i = 0; i < 16; ++i)
            others.push_back(anyRequest());
        for (Walker& w : walkers) {
            const std::size_t step = std::size_t(round) % std::max<std::size_t>(1, w.result->path.size());
            if (hasPath(w.result->status))
                CHECK(w.result->path[step] == w.seen.path[step]);  // the unit walks its path
            service.setProgress(w.handle, int(step));
        }
        service.update(std::numeric_limits<double>::infinity(), 400);
        if (round % 3 == 2) {
            for (std::size_t k = 0; k < others.size(); k += 2)
                service.release(others[k]);
        }
        if (round % 10 == 9) {
            const CellChange snow[] = {{{coord(rng), coord(rng)}, 3.0f}};
            service.invalidate(grid.apply(0, snow));
        }
        for (const Walker& w : walkers) {
            CHECK(service.result(w.handle) == w.result);  // the same object, where it was
            CHECK(*w.result == w.seen);
        }
    }
    serveEverything(service);
    for (const Walker& w : walkers) {
        REQUIRE(service.result(w.handle) == w.result);
        CHECK(*w.result == w.seen);
        CHECK(w.result->status != PathStatus::InProgress);
    }
}

TEST_CASE("PathService: takeResult moves a finished result out and releases its handle", "[path][service][lifetime]")
{
    NavGrid grid;
    REQUIRE(grid.reset(Side, Side));
    REQUIRE(grid.addLayer("walker", lifetimeField(), MoveRules{}) == 0);
    PathService service(grid);
    const PathHandle h = service.request({.layer = 0, .start = {0, 0}, .goal = {Side - 1, Side - 1}});
    PathResult out;
    out.path = {{1, 1}};
    CHECK_FALSE(service.takeResult(h, out));  // not done yet: nothing moves
    CHECK(out.path == std::vector<TileCoord>{{1, 1}});
    serveEverything(service);
    const PathResult expect = *service.result(h);
    REQUIRE(service.takeResult(h, out));
    CHECK(out == expect);
    CHECK(service.state(h) == isostar::path::RequestState::Invalid);
    CHECK(service.result(h) == nullptr);
    CHECK_FALSE(service.takeResult(h, out));  // taken once
    CHECK(out == expect);
    const PathHandle f = service.requestField({.layer = 0, .goals = {{0, 0}}, .region = {0, 0, Side, Side}});
    serveEverything(service);
    CHECK_FALSE(service.takeResult(f, out));  // a field is read through field()
    CHECK(service.field(f) != nullptr);
}
