// PathService's field worker: fields run on a background thread equal the fields computed at
// once, edits while they run (with or without invalidate) give fields of the new grid, and
// releasing, switching the worker off or destroying the service while fields run is safe.

#include "engine/path/FieldWorker.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathService.hpp"

#include "tests/support/RandomCostField.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <random>
#include <thread>
#include <vector>

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::FieldRegion;
using isostar::path::FieldRequest;
using isostar::path::FlowField;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathHandle;
using isostar::path::PathService;
using isostar::path::PathStatus;
using isostar::path::RequestState;

namespace {

/// A wall in 1 of 12 cells, snow (3) in 2, road (0.5) in 2, grass (1) in the rest.
CostField workerTerrain(int w, int h, unsigned seed)
{
    return testsupport::randomCostField(w, h, seed, {Impassable, 3.0f, 3.0f, 0.5f, 0.5f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f});
}

/// `grid` becomes a `side` x `side` grid with one layer of workerTerrain(seed).
void setUpGrid(NavGrid& grid, int side, unsigned seed)
{
    REQUIRE(grid.reset(side, side));
    REQUIRE(grid.addLayer("walker", workerTerrain(side, side, seed), MoveRules{}) == 0);
}

/// update() (paths with an unlimited budget) until nothing is pending, waiting for the worker
/// between updates; false when that took longer than a minute (a hang).
bool serveUntilIdle(PathService& service)
{
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (service.pending() > 0) {
        service.update(std::numeric_limits<double>::infinity());
        if (std::chrono::steady_clock::now() > giveUp)
            return false;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    return true;
}

/// The field of `r` computed at once on `grid` as it is now.
FlowField fieldNow(const NavGrid& grid, const FieldRequest& r)
{
    FlowField f;
    f.begin(grid, r.layer, r.goals, r.region, r.sources);
    while (f.step(1 << 20) == PathStatus::InProgress) {
    }
    return f;
}

/// Same distances and next steps on every cell of the grid.
void requireSameField(const FlowField& a, const FlowField& b, const NavGrid& grid)
{
    REQUIRE(a.status() == b.status());
    for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x) {
            REQUIRE(a.distance({x, y}) == b.distance({x, y}));
            REQUIRE(a.next({x, y}) == b.next({x, y}));
        }
}

/// Random field requests: a goal, a region round it, and (every other one) a group of sources.
std::vector<FieldRequest> randomFieldRequests(const NavGrid& grid, int count, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> cx(0, grid.width() - 1), cy(0, grid.height() - 1);
    std::vector<FieldRequest> out;
    for (int i = 0; i < count; ++i) {
        FieldRequest r;
        r.goals = {{cx(rng), cy(rng)}};
        std::vector<TileCoord> box{{cx(rng), cy(rng)}};
        if (i % 2 == 1)
            for (int k = 0; k < 12; ++k)
                r.sources.push_back({std::clamp(box[0].x + k % 4, 0, grid.width() - 1),
                                     std::clamp(box[0].y + k / 4, 0, grid.height() - 1)});
        r.region = FieldRegion::around(grid, box, r.goals, 8);
        out.push_back(std::move(r));
    }
    return out;
}

/// Three whole-grid fields without sources (each takes a while on the worker).
std::vector<FieldRequest> wholeGridFields(const NavGrid& grid)
{
    std::vector<FieldRequest> out;
    for (const TileCoord g : {TileCoord{10, 10}, TileCoord{200, 40}, TileCoord{128, 250}}) {
        FieldRequest r;
        r.region = FieldRegion::whole(grid);
        r.goals = {g};
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace

TEST_CASE("PathService: fields on the worker equal the fields computed at once", "[path][service][worker]")
{
    NavGrid grid;
    setUpGrid(grid, 96, 5u);
    PathService service(grid);
    service.setFieldWorker(true);
    REQUIRE(service.fieldWorker());
    const std::vector<FieldRequest> requests = randomFieldRequests(grid, 24, 9u);
    std::vector<PathHandle> handles;
    for (const FieldRequest& r : requests)
        handles.push_back(service.requestField(r));
    isostar::path::PathRequest across;
    across.start = {1, 1};
    across.goal = {94, 94};
    const PathHandle path = service.request(across);
    REQUIRE(serveUntilIdle(service));
    REQUIRE(service.result(path) != nullptr);
    for (std::size_t i = 0; i < requests.size(); ++i) {
        INFO("field " << i);
        REQUIRE(service.state(handles[i]) == RequestState::Done);
        REQUIRE(service.field(handles[i]) != nullptr);
        requireSameField(*service.field(handles[i]), fieldNow(grid, requests[i]), grid);
    }
}

TEST_CASE("PathService: past its budget an update hands a field only to an idle worker", "[path][service][worker]")
{
    // Each hand-out copies the field's region of costs on the owner's thread: with no budget
    // left the worker still gets one field when it has none, the others wait for an update
    // with time for them.
    NavGrid grid;
    setUpGrid(grid, 256, 8u);
    PathService service(grid);
    service.setFieldWorker(true);
    std::vector<PathHandle> handles;
    for (const FieldRequest& r : wholeGridFields(grid))
        handles.push_back(service.requestField(r));
    service.update(0.0);
    const auto count = [&](RequestState st) {
        return std::count_if(handles.begin(), handles.end(), [&](PathHandle h) { return service.state(h) == st; });
    };
    CHECK(count(RequestState::Running) == 1);
    CHECK(count(RequestState::Queued) == 2);
    service.update(1e9);
    for (const PathHandle h : handles)
        CHECK(service.state(h) != RequestState::Queued);
}

TEST_CASE("PathService: fields running on the worker when the grid changes are fields of the new grid",
          "[path][service][worker]")
{
    NavGrid grid;
    setUpGrid(grid, 256, 8u);
    PathService service(grid);
    service.setFieldWorker(true);
    // Whole-grid fields without sources: each takes a while, so the edits land while they run
    // (or before the worker began them); either way the delivered fields are of the new grid.
    const std::vector<FieldRequest> requests = wholeGridFields(grid);
    std::vector<PathHandle> handles;
    for (const FieldRequest& q : requests)
        handles.push_back(service.requestField(q));
    // Hands them to the worker (a budget to copy their costs), delivers nothing.
    service.update(1e9);
    for (const PathHandle h : handles)
        CHECK(service.state(h) == RequestState::Running);
    std::vector<isostar::path::CellChange> wall;
    for (int y = 0; y < 240; ++y)
        wall.push_back({{100, y}, Impassable});
    SECTION("the owner says so (invalidate)") {
        service.invalidate(grid.apply(0, wall));
    }
    SECTION("the owner does not say so") {
        grid.apply(0, wall);
    }
    REQUIRE(serveUntilIdle(service));
    for (std::size_t i = 0; i < requests.size(); ++i) {
        REQUIRE(service.field(handles[i]) != nullptr);
        CHECK(service.field(handles[i])->version() == grid.layerVersion(0));
        requireSameField(*service.field(handles[i]), fieldNow(grid, requests[i]), grid);
    }
}

TEST_CASE("PathService: releasing fields, switching the worker off and destroying the service while fields run",
          "[path][service][worker]")
{
    NavGrid grid;
    setUpGrid(grid, 256, 12u);
    FieldRequest r;
    r.region = FieldRegion::whole(grid);
    r.goals = {{128, 128}};
    const FlowField expected = fieldNow(grid, r);

    auto service = std::make_unique<PathService>(grid);
    service->setFieldWorker(true);
    const PathHandle released = service->requestField(r);
    const PathHandle kept = service->requestField(r);
    service->update(0.0);
    service->release(released);
    CHECK(service->state(released) == RequestState::Invalid);
    CHECK(service->field(released) == nullptr);
    // Off while it runs: it goes back to the queue and the service's own slices finish it.
    service->setFieldWorker(false);
    CHECK_FALSE(service->fieldWorker());
    CHECK(service->state(kept) == RequestState::Queued);
    while (service->pending() > 0)
        service->update(std::numeric_limits<double>::infinity());
    REQUIRE(service->field(kept) != nullptr);
    requireSameField(*service->field(kept), expected, grid);

    // Destroyed with fields on the worker: it returns (the worker stops at its next check).
    service->setFieldWorker(true);
    for (int i = 0; i < 6; ++i)
        service->requestField(r);
    service->update(0.0);
    CHECK(service->pending() == 6);
    service.reset();
    SUCCEED("destroyed with fields running");
}

TEST_CASE("FieldWorker: the owner's help runs queued fields in steps within its budget",
          "[path][service][worker]")
{
    NavGrid grid;
    setUpGrid(grid, 256, 21u);
    std::vector<FieldRequest> requests;
    for (int i = 0; i < 6; ++i) {
        FieldRequest r;
        r.goals = {{40 * i + 5, 128}};
        r.region = isostar::path::FieldRegion::whole(grid);
        requests.push_back(r);
    }
    isostar::path::FieldWorker worker;
    std::vector<std::shared_ptr<isostar::path::FieldWorker::Job>> jobs;
    for (const FieldRequest& r : requests) {
        auto job = std::make_shared<isostar::path::FieldWorker::Job>();
        job->field = std::make_shared<FlowField>();
        job->field->setup(r.layer, r.goals, r.region, r.sources);
        REQUIRE(job->field->prepare(grid) == PathStatus::InProgress);
        job->field->detach();
        jobs.push_back(job);
        worker.submit(job);
    }
    // No time: nothing runs here.
    CHECK(worker.help(0.0, std::numeric_limits<long long>::max(), 64).steps == 0);
    // An expansion cap: steps of at most 64 until the cap is reached (checked before each).
    const isostar::path::FieldWorker::Help capped = worker.help(std::numeric_limits<double>::infinity(), 1000, 64);
    CHECK(capped.steps >= 1);
    CHECK(capped.expansions <= 1000 + 63);
    CHECK(capped.expansions <= 64LL * capped.steps);
    // Six whole-map fields (65536 cells each): the owner takes a share of them, whatever the
    // worker does meanwhile, and every field ends equal to one computed at once.
    long long helped = capped.expansions;
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (!std::all_of(jobs.begin(), jobs.end(), [](const auto& j) { return j->done.load(std::memory_order_acquire); })) {
        helped += worker.help(std::numeric_limits<double>::infinity(), std::numeric_limits<long long>::max(), 256).expansions;
        REQUIRE(std::chrono::steady_clock::now() < giveUp);
        std::this_thread::yield();
    }
    CHECK(helped > 0);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        INFO("field " << i);
        requireSameField(*jobs[i]->field, fieldNow(grid, requests[i]), grid);
    }
}

TEST_CASE("PathService: fields that wait long on the worker run on the caller's thread in the budget left",
          "[path][service][worker]")
{
    NavGrid grid;
    setUpGrid(grid, 384, 23u);
    PathService service(grid);
    service.setFieldWorker(true);
    std::vector<FieldRequest> requests;
    std::vector<PathHandle> handles;
    for (int i = 0; i < 4; ++i) {
        FieldRequest r;
        r.goals = {{90 * i + 10, 190}};
        r.region = isostar::path::FieldRegion::whole(grid);
        requests.push_back(r);
        handles.push_back(service.requestField(r));
    }
    // Four whole-grid fields (147,456 cells each) on the worker; updates with no time to spend
    // never run them here.
    for (std::uint64_t u = 0; u < PathService::HelpAfterUpdates + 2; ++u)
        CHECK(service.update(0.0).expansions == 0);
    // They have waited HelpAfterUpdates updates: an unlimited budget runs what the worker has
    // not taken here, to the end, and delivers it at once.
    const isostar::path::ServiceStats helped = service.update(std::numeric_limits<double>::infinity());
    CHECK(helped.expansions > 0);
    CHECK(helped.slices > 0);
    CHECK(helped.maxSliceExpansions <= service.sliceExpansions());
    CHECK(helped.searches.fields >= 1);
    REQUIRE(serveUntilIdle(service));
    for (std::size_t i = 0; i < requests.size(); ++i) {
        INFO("field " << i);
        REQUIRE(service.field(handles[i]) != nullptr);
        requireSameField(*service.field(handles[i]), fieldNow(grid, requests[i]), grid);
    }
}
