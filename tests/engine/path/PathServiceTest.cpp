// PathService: slices never run past their size, budgets finish everything, short requests go
// first without starving long ones, staleness after edits touches only paths that cross
// changed cells, handles never read another request.

#include "engine/path/GridPathfinder.hpp"
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
using isostar::path::GridPathfinder;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::NavDirty;
using isostar::path::NavGrid;
using isostar::path::PathHandle;
using isostar::path::PathRequest;
using isostar::path::PathResult;
using isostar::path::PathService;
using isostar::path::PathStatus;
using isostar::path::RequestState;
using isostar::path::ServiceStats;

namespace {

/// A wall in 1 of 10 cells, snow (3) in 2, grass (1) in the rest.
CostField weightedField(int w, int h, unsigned seed)
{
    return testsupport::randomCostField(w, h, seed, {Impassable, 3.0f, 3.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f});
}

PathRequest req(TileCoord s, TileCoord g)
{
    PathRequest r;
    r.start = s;
    r.goal = g;
    return r;
}

/// update() with an unlimited budget until nothing is pending; the stats of those updates summed.
ServiceStats serveAll(PathService& service)
{
    ServiceStats total;
    while (service.pending() > 0) {
        const ServiceStats s = service.update(std::numeric_limits<double>::infinity());
        total.expansions += s.expansions;
        total.finished += s.finished;
        total.restarted += s.restarted;
    }
    return total;
}

} // namespace

TEST_CASE("PathService: slices never exceed their size and a budget finishes every request",
          "[path][service]")
{
    const CostField field = weightedField(64, 64, 7u);
    NavGrid grid;
    REQUIRE(grid.reset(64, 64));
    REQUIRE(grid.addLayer("walker", field, MoveRules{}) == 0);
    PathService service(grid);
    service.setSliceExpansions(37);
    std::mt19937 rng(11u);
    std::uniform_int_distribution<int> coord(0, 63);
    std::vector<PathHandle> handles;
    std::vector<PathRequest> reqs;
    for (int i = 0; i < 40; ++i) {
        reqs.push_back(req({coord(rng), coord(rng)}, {coord(rng), coord(rng)}));
        handles.push_back(service.request(reqs.back()));
    }
    CHECK(service.pending() == 40);
    int maxSlice = 0;
    int finished = 0;
    int rounds = 0;
    while (service.pending() > 0 && rounds < 100000) {
        const ServiceStats s = service.update(200.0);
        maxSlice = std::max(maxSlice, s.maxSliceExpansions);
        finished += s.finished;
        ++rounds;
    }
    CHECK(service.pending() == 0);
    CHECK(finished == 40);
    CHECK(maxSlice <= 37);
    CHECK(maxSlice > 0);
    GridPathfinder finder;
    REQUIRE(finder.init(field, MoveRules{}));
    for (std::size_t i = 0; i < handles.size(); ++i) {
        REQUIRE(service.state(handles[i]) == RequestState::Done);
        PathResult expect;
        finder.findPath(reqs[i].start, reqs[i].goal, expect);
        CHECK(*service.result(handles[i]) == expect);
    }
}

TEST_CASE("PathService: handles of released, cancelled or finished requests never read another result",
          "[path][service]")
{
    NavGrid grid;
    REQUIRE(grid.reset(16, 16));
    REQUIRE(grid.addLayer("walker", CostField(16, 16), MoveRules{}) == 0);
    PathService service(grid);
    CHECK(service.state(PathHandle{}) == RequestState::Invalid);
    CHECK(service.result(PathHandle{}) == nullptr);

    const PathHandle a = service.request(req({0, 0}, {5, 0}));
    CHECK(service.state(a) == RequestState::Queued);
    CHECK(service.result(a) == nullptr);
    serveAll(service);
    REQUIRE(service.result(a) != nullptr);
    CHECK(service.result(a)->status == PathStatus::Found);
    CHECK(service.result(a)->path.size() == 6);
    service.release(a);
    CHECK(service.state(a) == RequestState::Invalid);
    CHECK(service.result(a) == nullptr);

    const PathHandle b = service.request(req({0, 0}, {0, 9}));
    CHECK(b.index == a.index);  // the slot is reused ...
    CHECK_FALSE(b == a);        // ... with a new generation
    serveAll(service);
    CHECK(service.result(a) == nullptr);
    CHECK(service.state(a) == RequestState::Invalid);
    REQUIRE(service.result(b) != nullptr);
    CHECK(service.result(b)->path.back() == TileCoord{0, 9});
    service.release(a);  // a stale release must not free b
    CHECK(service.state(b) == RequestState::Done);

    // Cancel a running search: its slot goes to the next request, the old handle stays dead.
    service.setSliceExpansions(1);
    const PathHandle c = service.request(req({0, 0}, {15, 15}));
    service.update(0.001);
    CHECK(service.state(c) == RequestState::Running);
    service.cancel(c);
    CHECK(service.state(c) == RequestState::Invalid);
    CHECK(service.pending() == 0);
    const PathHandle d = service.request(req({1, 1}, {2, 2}));
    CHECK(d.index == c.index);
    serveAll(service);
    CHECK(service.state(d) == RequestState::Done);
    CHECK(service.result(c) == nullptr);
    CHECK_FALSE(service.stale(c));

    // Cancel a queued one.
    const PathHandle e = service.request(req({0, 0}, {3, 3}));
    service.cancel(e);
    CHECK(service.pending() == 0);
    CHECK(service.state(e) == RequestState::Invalid);
}

TEST_CASE("PathService: only paths whose remaining part crosses a changed cell become stale",
          "[path][service]")
{
    NavGrid grid;
    REQUIRE(grid.reset(12, 12));
    REQUIRE(grid.addLayer("walker", CostField(12, 12), MoveRules{}) == 0);
    REQUIRE(grid.addLayer("other", CostField(12, 12), MoveRules{}) == 1);
    PathService service(grid);
    const PathHandle row2 = service.request(req({0, 2}, {11, 2}));
    const PathHandle row8 = service.request(req({0, 8}, {11, 8}));
    const PathHandle walked = service.request(req({0, 5}, {11, 5}));
    PathRequest otherLayer = req({0, 2}, {11, 2});
    otherLayer.layer = 1;
    const PathHandle onOther = service.request(otherLayer);
    serveAll(service);
    for (PathHandle h : {row2, row8, walked, onOther})
        REQUIRE(service.state(h) == RequestState::Done);
    REQUIRE(service.result(row2)->path[6] == TileCoord{6, 2});
    REQUIRE(service.result(walked)->path[3] == TileCoord{3, 5});
    service.setProgress(walked, 6);  // walked past (3, 5)

    const CellChange changes[] = {{{6, 2}, 5.0f}, {{3, 5}, Impassable}};
    const NavDirty dirty = grid.apply(0, changes);
    const std::vector<PathHandle> stale = service.invalidate(dirty);
    CHECK(stale == std::vector<PathHandle>{row2});
    CHECK(service.stale(row2));
    CHECK_FALSE(service.stale(row8));
    CHECK_FALSE(service.stale(walked));
    CHECK_FALSE(service.stale(onOther));
    CHECK(service.result(row2) != nullptr);  // still readable, owner replans
    CHECK(service.invalidate(dirty).empty());  // already stale: reported once

    // A goal in a pocket: the Partial result may change when the islands change.
    const PathHandle partial = service.request(req({0, 11}, {11, 11}));
    const CellChange wall[] = {{{10, 11}, Impassable}, {{10, 10}, Impassable}, {{11, 10}, Impassable}};
    service.invalidate(grid.apply(0, wall));
    serveAll(service);
    REQUIRE(service.result(partial) != nullptr);
    REQUIRE(service.result(partial)->status == PathStatus::Partial);
    const CellChange open[] = {{{11, 10}, 1.0f}};
    const std::vector<PathHandle> reopened = service.invalidate(grid.apply(0, open));
    CHECK(std::find(reopened.begin(), reopened.end(), partial) != reopened.end());
    CHECK_FALSE(service.stale(row8));
}

TEST_CASE("PathService: a search in flight when the grid changes restarts on the new grid",
          "[path][service]")
{
    const CostField field = weightedField(48, 48, 3u);
    NavGrid grid;
    REQUIRE(grid.reset(48, 48));
    REQUIRE(grid.addLayer("walker", field, MoveRules{}) == 0);
    PathService service(grid);
    service.setSliceExpansions(16);
    PathRequest r = req({0, 0}, {47, 47});
    CostField edited = field;
    edited.at(r.start) = 1.0f;
    edited.at(r.goal) = 1.0f;
    const CellChange ends[] = {{r.start, 1.0f}, {r.goal, 1.0f}};
    grid.apply(0, ends);
    const PathHandle h = service.request(r);
    const PathHandle second = service.request(r);
    for (int i = 0; i < 3; ++i)
        service.update(0.001);
    REQUIRE(service.state(h) == RequestState::Running);

    std::vector<CellChange> changes;
    for (int i = 5; i < 40; ++i) {
        changes.push_back({{i, i}, Impassable});
        changes.push_back({{i + 1, i}, Impassable});
        edited.at({i, i}) = Impassable;
        edited.at({i + 1, i}) = Impassable;
    }
    const std::vector<PathHandle> stale = service.invalidate(grid.apply(0, changes));
    CHECK(stale.empty());  // nothing delivered yet
    const ServiceStats s = serveAll(service);
    CHECK(s.restarted >= 1);
    GridPathfinder finder;
    REQUIRE(finder.init(edited, MoveRules{}));
    PathResult expect;
    finder.findPath(r.start, r.goal, expect);
    REQUIRE(service.result(h) != nullptr);
    CHECK(*service.result(h) == expect);
    REQUIRE(service.result(second) != nullptr);
    CHECK(*service.result(second) == expect);

    // Without invalidate() a running search notices the changed layer by itself.
    const PathHandle third = service.request(r);
    service.update(0.001);
    REQUIRE(service.state(third) == RequestState::Running);
    const CellChange more[] = {{{30, 2}, Impassable}};
    edited.at({30, 2}) = Impassable;
    grid.apply(0, more);
    CHECK(serveAll(service).restarted == 1);
    REQUIRE(finder.init(edited, MoveRules{}));
    finder.findPath(r.start, r.goal, expect);
    CHECK(*service.result(third) == expect);
}

TEST_CASE("PathService: an expansion budget makes the work per update the same on any machine",
          "[path][service]")
{
    const CostField field = weightedField(64, 64, 11u);
    NavGrid grid;
    REQUIRE(grid.reset(64, 64));
    REQUIRE(grid.addLayer("walker", field, MoveRules{}) == 0);
    // Two services given the same requests and the same expansion budget (time unlimited)
    // finish the same requests in the same updates.
    auto run = [&](std::vector<std::vector<int>>& doneAt) {
        PathService service(grid);
        service.setSliceExpansions(50);
        std::mt19937 rng(5u);
        std::uniform_int_distribution<int> coord(0, 63);
        std::vector<PathHandle> handles;
        for (int k = 0; k < 24; ++k)
            handles.push_back(service.request(req({coord(rng), coord(rng)}, {coord(rng), coord(rng)})));
        std::vector<bool> seen(handles.size(), false);
        for (int u = 0; u < 1000 && service.pending() > 0; ++u) {
            const ServiceStats s = service.update(std::numeric_limits<double>::infinity(), 400);
            // Checked before each slice: at most one slice past the cap.
            CHECK(s.expansions <= 400 + 50);
            std::vector<int> now;
            for (std::size_t i = 0; i < handles.size(); ++i)
                if (!seen[i] && service.state(handles[i]) == RequestState::Done) {
                    seen[i] = true;
                    now.push_back(int(i));
                }
            doneAt.push_back(now);
        }
        CHECK(service.pending() == 0);
    };
    std::vector<std::vector<int>> a, b;
    run(a);
    run(b);
    CHECK(a.size() > 3);  // the cap really spread the work over several updates
    CHECK(a == b);
}

TEST_CASE("PathService: flow fields are requests like paths, sliced, and repaired after an edit",
          "[path][service]")
{
    const CostField field = weightedField(48, 48, 3u);
    NavGrid grid;
    REQUIRE(grid.reset(48, 48));
    REQUIRE(grid.addLayer("walker", field, MoveRules{}) == 0);
    PathService service(grid);
    service.setSliceExpansions(50);
    service.setMaxConcurrent(2);
    isostar::path::FieldRequest fr;
    fr.goals = {{40, 40}, {41, 40}};
    fr.region = {10, 10, 48, 48};
    const PathHandle path = service.request(req({0, 0}, {47, 47}));
    const PathHandle f = service.requestField(fr);
    CHECK(service.state(f) == RequestState::Queued);
    CHECK(service.field(f) == nullptr);
    CHECK(service.result(f) == nullptr);
    int updates = 0;
    while (service.pending() > 0) {
        const ServiceStats s = service.update(std::numeric_limits<double>::infinity(), 400);
        CHECK(s.maxSliceExpansions <= 50);
        ++updates;
    }
    CHECK(updates > 3);
    REQUIRE(service.state(f) == RequestState::Done);
    REQUIRE(service.field(f) != nullptr);
    CHECK(service.field(path) == nullptr);
    REQUIRE(service.result(path) != nullptr);

    // The service's field is the field computed at once.
    isostar::path::FlowField fresh;
    fresh.begin(grid, 0, fr.goals, fr.region);
    while (fresh.step(1 << 20) == PathStatus::InProgress) {
    }
    for (int y = 0; y < 48; ++y)
        for (int x = 0; x < 48; ++x)
            REQUIRE(service.field(f)->distance({x, y}) == fresh.distance({x, y}));

    // An edit outside its region leaves it; one inside queues it again on the new grid.
    const isostar::path::CellChange outside[] = {{{2, 2}, Impassable}};
    std::vector<PathHandle> staled = service.invalidate(grid.apply(0, outside));
    CHECK(std::find(staled.begin(), staled.end(), f) == staled.end());
    CHECK(service.field(f) != nullptr);
    std::vector<isostar::path::CellChange> wall;
    for (int x = 10; x < 46; ++x)
        wall.push_back({{x, 30}, Impassable});
    staled = service.invalidate(grid.apply(0, wall));
    CHECK(std::find(staled.begin(), staled.end(), f) != staled.end());
    CHECK(service.state(f) == RequestState::Queued);
    CHECK(service.field(f) == nullptr);
    serveAll(service);
    REQUIRE(service.field(f) != nullptr);
    fresh.restart(grid);
    while (fresh.step(1 << 20) == PathStatus::InProgress) {
    }
    for (int y = 0; y < 48; ++y)
        for (int x = 0; x < 48; ++x)
            REQUIRE(service.field(f)->distance({x, y}) == fresh.distance({x, y}));
    // Released: the handle reads nothing, even once its slot is reused.
    service.release(f);
    CHECK(service.state(f) == RequestState::Invalid);
    const PathHandle again = service.requestField(fr);
    CHECK(again.index == f.index);
    CHECK(service.field(f) == nullptr);
    serveAll(service);
    CHECK(service.field(again) != nullptr);
}

TEST_CASE("PathService: short requests overtake long ones queued before them, and nothing starves",
          "[path][service]")
{
    // An open 128x128 grid: a long path and a long field, then short requests every update.
    NavGrid grid;
    REQUIRE(grid.reset(128, 128));
    REQUIRE(grid.addLayer("walker", CostField(128, 128), MoveRules{}) == 0);
    PathService service(grid);
    service.setSliceExpansions(50);
    service.setMaxConcurrent(1);
    const PathHandle longPath = service.request(req({0, 0}, {127, 127}));
    isostar::path::FieldRequest fr;
    fr.goals = {{127, 0}};
    fr.region = isostar::path::FieldRegion::whole(grid);
    const PathHandle longField = service.requestField(fr);
    const PathHandle shortPath = service.request(req({60, 60}, {63, 62}));
    fr.goals = {{10, 120}};
    fr.region = {0, 110, 20, 128};
    const PathHandle shortField = service.requestField(fr);
    // One place each for paths and fields: the short ones take them (first in service order),
    // though they were queued after the long ones.
    service.update(std::numeric_limits<double>::infinity(), 200);
    CHECK(service.state(shortPath) == RequestState::Done);
    CHECK(service.state(shortField) != RequestState::Done);  // 360 cells: more than 200 expansions
    CHECK(service.state(longField) == RequestState::Queued);
    int updates = 1;
    while (service.state(shortField) != RequestState::Done && updates < 100) {
        service.update(std::numeric_limits<double>::infinity(), 200);
        ++updates;
    }
    CHECK(service.state(shortField) == RequestState::Done);
    CHECK(service.state(longField) != RequestState::Done);
    // A stream of short fields, one per update, each more work than an update's budget, never
    // keeps the long field waiting for ever: once its deadline has passed, fields queued later
    // wait behind it (short-first alone would starve it).
    int longDoneAt = -1;
    for (int u = 0; u < 400 && longDoneAt < 0; ++u) {
        fr.goals = {{10 + u % 50, 120}};
        fr.region = {u % 50, 110, u % 50 + 20, 128};
        service.requestField(fr);
        service.update(std::numeric_limits<double>::infinity(), 200);
        if (service.state(longPath) == RequestState::Done && service.state(longField) == RequestState::Done)
            longDoneAt = u;
    }
    INFO("long requests done after " << longDoneAt << " more updates");
    CHECK(longDoneAt >= 0);
    CHECK(longDoneAt > 20);  // the short fields went first until the long field's deadline
    REQUIRE(service.result(longPath) != nullptr);
    CHECK(service.result(longPath)->status == PathStatus::Found);
    REQUIRE(service.field(longField) != nullptr);
    CHECK(service.field(longField)->reached({0, 127}));
}
