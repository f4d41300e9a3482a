// SearchStepper: a step-through search expands the same cells in the same order as the full
// search (traced and untraced) for every search order, shows each neighbour's outcome and the
// open list's head in the order the search pops it.

#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/SearchStepper.hpp"
#include "tests/engine/path/AsciiGrid.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::GridQuery;
using isostar::path::Heuristic;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::NeighbourOutcome;
using isostar::path::PathResult;
using isostar::path::PathStatus;
using isostar::path::SearchMode;
using isostar::path::SearchOrder;
using isostar::path::SearchStepper;
using isostar::path::SearchTrace;
using isostar::path::TraceCell;
using isostar::path::TraceNeighbour;

namespace {

/// Random field with walls and varied costs (grass 1, snow 3, mud 2, road 0.5, volcano warmth 0.05).
CostField stepperField(std::mt19937& rng, int w, int h, double wallP)
{
    CostField f(w, h);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (float& c : f.cost) {
        const double r = u(rng);
        c = r < wallP          ? Impassable
            : r < wallP + 0.2  ? 3.0f
            : r < wallP + 0.3  ? 2.0f
            : r < wallP + 0.4  ? 0.5f
            : r < wallP + 0.42 ? 0.05f
                               : 1.0f;
    }
    return f;
}

TileCoord stepperCell(std::mt19937& rng, const CostField& f)
{
    const TileCoord c{std::uniform_int_distribution<int>(0, f.width - 1)(rng),
                      std::uniform_int_distribution<int>(0, f.height - 1)(rng)};
    return c;
}

const SearchMode kOrders[] = {{SearchOrder::AStar}, {SearchOrder::Dijkstra}, {SearchOrder::WeightedAStar, 2.0},
                             {SearchOrder::Greedy}};
const DiagonalMode kDiagonals[] = {DiagonalMode::Never, DiagonalMode::NoCornerCutting,
                                   DiagonalMode::AtMostOneObstacle, DiagonalMode::Always};

/// One stepper.step(), checked against the full traced search: the same cell with the same g,
/// h, f and parent, the head's first entry was that cell, the opened records are the trace's of
/// this step, and when nothing was opened the rest of the head moved up by one (then returns 1,
/// else 0).
int stepLikeTrace(SearchStepper& stepper, const SearchTrace& trace)
{
    const std::vector<TraceCell> headBefore(stepper.openHead().begin(), stepper.openHead().end());
    const int k = stepper.stepCount();
    stepper.step();
    REQUIRE(stepper.stepCount() == k + 1);
    REQUIRE(k < trace.stepCount());
    REQUIRE(stepper.current() != nullptr);
    REQUIRE(*stepper.current() == trace.expanded[std::size_t(k)]);
    REQUIRE_FALSE(headBefore.empty());
    CHECK(headBefore[0] == *stepper.current());
    std::vector<TraceCell> opened;
    for (const TraceNeighbour& n : stepper.neighbours())
        if (n.outcome == NeighbourOutcome::Opened || n.outcome == NeighbourOutcome::Improved)
            opened.push_back({n.cell, stepper.current()->cell, n.g, n.h, n.f});
    // (Step 0's range of the trace begins with the start itself.)
    CHECK(opened == std::vector<TraceCell>(trace.openedBeginAt(k) + (k == 0 ? 1 : 0), trace.openedEndAt(k)));
    if (!opened.empty() || stepper.status() != PathStatus::InProgress)
        return 0;
    const std::size_t n = headBefore.size() - 1;
    REQUIRE(stepper.openHead().size() >= n);
    for (std::size_t i = 0; i < n; ++i)
        CHECK(stepper.openHead()[i] == headBefore[i + 1]);
    return 1;
}

} // namespace

TEST_CASE("stepping one expansion at a time visits the cells of the full search in the same order",
          "[path][stepper]")
{
    std::mt19937 rng(424242);
    int checkedSteps = 0, headChecks = 0, partials = 0;
    for (int round = 0; round < 160; ++round) {
        const int w = std::uniform_int_distribution<int>(1, 24)(rng);
        const int h = std::uniform_int_distribution<int>(1, 24)(rng);
        const CostField f = stepperField(rng, w, h, std::uniform_real_distribution<double>(0.0, 0.4)(rng));
        MoveRules rules;
        rules.diagonal = kDiagonals[round % 4];
        rules.heuristic = round % 7 == 6 ? Heuristic::Manhattan : Heuristic::Octile;
        NavGrid grid;
        REQUIRE(grid.reset(w, h));
        REQUIRE(grid.addLayer("walker", f, rules) == 0);
        const TileCoord start = stepperCell(rng, f), goal = stepperCell(rng, f);
        const SearchMode mode = kOrders[(round / 4) % 4];
        INFO("round " << round << " " << w << "x" << h << " mode " << mode << " rules " << rules << " " << start
                      << " -> " << goal);

        GridQuery full;
        full.setSearchMode(mode);
        PathResult untraced, traced;
        SearchTrace trace;
        const PathStatus status = full.findPath(grid, 0, start, goal, untraced);
        REQUIRE(full.findPath(grid, 0, start, goal, traced, nullptr, &trace) == status);
        REQUIRE(traced == untraced);
        partials += status == PathStatus::Partial;

        SearchStepper stepper;
        stepper.setOpenHeadSize(4);
        const PathStatus began = stepper.begin(grid, 0, start, goal, mode);
        if (began != PathStatus::InProgress) {
            // Refused at once (start invalid): the same answer as the full search, no step.
            CHECK(began == status);
            CHECK(stepper.finished());
            CHECK(stepper.result() == untraced);
            CHECK(stepper.stepCount() == 0);
            CHECK(stepper.current() == nullptr);
            continue;
        }
        REQUIRE(stepper.openHead().size() == 1);
        CHECK(stepper.openHead()[0].cell == start);
        while (stepper.status() == PathStatus::InProgress) {
            headChecks += stepLikeTrace(stepper, trace);
            ++checkedSteps;
        }
        CHECK(stepper.finished());
        CHECK(stepper.status() == status);
        CHECK(stepper.stepCount() == trace.stepCount());
        CHECK(stepper.stepCount() == untraced.expanded);
        CHECK(stepper.result() == untraced);
        CHECK(stepper.trace().expanded == trace.expanded);
        CHECK(stepper.trace().opened == trace.opened);
        CHECK(stepper.trace().openedBegin == trace.openedBegin);
    }
    CHECK(checkedSteps > 2000);
    CHECK(headChecks > 50);
    CHECK(partials > 5);
}

TEST_CASE("advance(n) and finish() give the same search as single steps", "[path][stepper]")
{
    std::mt19937 rng(99);
    const CostField f = stepperField(rng, 40, 30, 0.2);
    NavGrid grid;
    REQUIRE(grid.reset(40, 30));
    REQUIRE(grid.addLayer("walker", f, MoveRules{}) == 0);
    for (const SearchMode& mode : kOrders) {
        INFO("mode " << mode);
        SearchStepper one, many, all;
        one.begin(grid, 0, {0, 0}, {39, 29}, mode);
        many.begin(grid, 0, {0, 0}, {39, 29}, mode);
        all.begin(grid, 0, {0, 0}, {39, 29}, mode);
        while (one.step() == PathStatus::InProgress) {
        }
        int calls = 0;
        while (many.advance(7) == PathStatus::InProgress) {
            ++calls;
            CHECK(many.stepCount() == 7 * calls);
        }
        all.finish();
        CHECK(one.finished());
        CHECK(many.result() == one.result());
        CHECK(all.result() == one.result());
        CHECK(many.trace().expanded == one.trace().expanded);
        CHECK(many.trace().neighbours == one.trace().neighbours);
        CHECK(all.trace().neighbours == one.trace().neighbours);
        // A finished stepper does nothing more.
        const int steps = one.stepCount();
        CHECK(one.step() == one.status());
        CHECK(one.stepCount() == steps);
    }
}

TEST_CASE("neighbour outcomes: opened, improved, not better, closed, wall, corner rule", "[path][stepper]")
{
    // Dijkstra (h = 0), no corner cutting, diagonal factor 1.414. The start reaches the 3 at
    // (1,1) diagonally for 3 x 1.414; the next expansion, (1,0) at g 1, reaches it for 1 + 3.
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        S.#
        .3G
    )");
    NavGrid grid;
    REQUIRE(grid.reset(g.field.width, g.field.height));
    REQUIRE(grid.addLayer("walker", g.field, MoveRules{}) == 0);
    SearchStepper stepper;
    REQUIRE(stepper.begin(grid, 0, g.start, g.goal, {SearchOrder::Dijkstra}) == PathStatus::InProgress);
    CHECK(stepper.neighbours().empty());
    CHECK(stepper.current() == nullptr);

    REQUIRE(stepper.step() == PathStatus::InProgress);
    REQUIRE(stepper.current()->cell == TileCoord{0, 0});
    {
        const std::vector<TraceNeighbour> expect = {
            {{0, -1}, NeighbourOutcome::Wall, 0.0, 0.0, 0.0},
            {{1, 0}, NeighbourOutcome::Opened, 1.0, 0.0, 1.0},
            {{0, 1}, NeighbourOutcome::Opened, 1.0, 0.0, 1.0},
            {{-1, 0}, NeighbourOutcome::Wall, 0.0, 0.0, 0.0},
            {{1, -1}, NeighbourOutcome::Wall, 0.0, 0.0, 0.0},
            {{1, 1}, NeighbourOutcome::Opened, 3.0 * 1.414, 0.0, 3.0 * 1.414},
            {{-1, 1}, NeighbourOutcome::Wall, 0.0, 0.0, 0.0},
            {{-1, -1}, NeighbourOutcome::Wall, 0.0, 0.0, 0.0},
        };
        const std::vector<TraceNeighbour> got(stepper.neighbours().begin(), stepper.neighbours().end());
        CHECK(got == expect);
    }
    // Head: (1,0) and (0,1) tie at f 1 (row-major first), then (1,1).
    REQUIRE(stepper.openHead().size() == 3);
    CHECK(stepper.openHead()[0].cell == TileCoord{1, 0});
    CHECK(stepper.openHead()[1].cell == TileCoord{0, 1});
    CHECK(stepper.openHead()[2].cell == TileCoord{1, 1});
    CHECK(stepper.openHead()[2].g == Approx(3.0 * 1.414));

    REQUIRE(stepper.step() == PathStatus::InProgress);
    REQUIRE(stepper.current()->cell == TileCoord{1, 0});
    {
        const std::vector<TraceNeighbour> expect = {
            {{1, -1}, NeighbourOutcome::Wall, 0.0, 0.0, 0.0},
            {{2, 0}, NeighbourOutcome::Wall, 0.0, 0.0, 0.0},
            {{1, 1}, NeighbourOutcome::Improved, 4.0, 0.0, 4.0},
            {{0, 0}, NeighbourOutcome::Closed, 1.0 + 1.0, 0.0, 2.0},
            {{2, -1}, NeighbourOutcome::Wall, 0.0, 0.0, 0.0},
            {{2, 1}, NeighbourOutcome::CornerRule, 1.0 + 1.414, 0.0, 1.0 + 1.414},
            {{0, 1}, NeighbourOutcome::NotBetter, 1.0 + 1.414, 0.0, 1.0 + 1.414},
            {{0, -1}, NeighbourOutcome::Wall, 0.0, 0.0, 0.0},
        };
        const std::vector<TraceNeighbour> got(stepper.neighbours().begin(), stepper.neighbours().end());
        CHECK(got == expect);
    }
    // The improved (1,1) is listed once, with its new g; its older entry is skipped.
    REQUIRE(stepper.openHead().size() == 2);
    CHECK(stepper.openHead()[0].cell == TileCoord{0, 1});
    CHECK(stepper.openHead()[1].cell == TileCoord{1, 1});
    CHECK(stepper.openHead()[1].g == 4.0);
    CHECK(stepper.openHead()[1].parent == TileCoord{1, 0});
    const isostar::path::TraceSnapshot s = stepper.snapshot();
    CHECK(s.state[0] == isostar::path::TraceCellState::Closed);
    CHECK(s.state[1] == isostar::path::TraceCellState::Closed);
    CHECK(s.state[3] == isostar::path::TraceCellState::Open);
    CHECK(s.state[4] == isostar::path::TraceCellState::Open);
    CHECK(s.g[4] == 4.0);

    CHECK(stepper.finish() == PathStatus::Found);
    CHECK(stepper.result().path.back() == g.goal);
    const std::span<const TraceNeighbour> last = stepper.neighbours();
    CHECK(last.empty());  // the step that expanded the goal looked at no neighbour
    CHECK(stepper.current()->cell == g.goal);
}

TEST_CASE("the open-list head is ordered as each search order pops", "[path][stepper]")
{
    std::mt19937 rng(5);
    const CostField f = stepperField(rng, 32, 32, 0.15);
    NavGrid grid;
    REQUIRE(grid.reset(32, 32));
    REQUIRE(grid.addLayer("walker", f, MoveRules{}) == 0);
    for (const SearchMode& mode : kOrders) {
        INFO("mode " << mode);
        SearchStepper stepper;
        stepper.setOpenHeadSize(16);
        stepper.begin(grid, 0, {16, 16}, {1, 30}, mode);
        int sorted = 0;
        while (stepper.advance(5) == PathStatus::InProgress) {
            const std::span<const TraceCell> head = stepper.openHead();
            for (std::size_t i = 1; i < head.size(); ++i) {
                const TraceCell& a = head[i - 1];
                const TraceCell& b = head[i];
                if (mode.order == SearchOrder::Greedy)
                    REQUIRE((a.h < b.h || (a.h == b.h && float(a.g) <= float(b.g))));
                else
                    REQUIRE((a.f < b.f || (a.f == b.f && float(a.h) <= float(b.h))));
                ++sorted;
            }
            // Each cell once, none of them closed.
            const isostar::path::TraceSnapshot s = stepper.snapshot();
            for (std::size_t i = 0; i < head.size(); ++i) {
                CHECK(s.state[std::size_t(head[i].cell.y * 32 + head[i].cell.x)] == isostar::path::TraceCellState::Open);
                for (std::size_t j = i + 1; j < head.size(); ++j)
                    CHECK_FALSE(head[i].cell == head[j].cell);
            }
        }
        CHECK(sorted > (mode.order == SearchOrder::Greedy ? 20 : 100));
    }
}

TEST_CASE("a step-through stops when its layer changes, refusals are final at once", "[path][stepper]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        S.......
        ........
        .......G
    )");
    NavGrid grid;
    REQUIRE(grid.reset(g.field.width, g.field.height));
    REQUIRE(grid.addLayer("walker", g.field, MoveRules{}) == 0);
    SearchStepper stepper;
    CHECK(stepper.status() == PathStatus::InvalidInput);
    CHECK(stepper.step() == PathStatus::InvalidInput);  // nothing begun
    CHECK(stepper.snapshot().state.empty());
    REQUIRE(stepper.begin(grid, 0, g.start, g.goal) == PathStatus::InProgress);
    REQUIRE(stepper.step() == PathStatus::InProgress);
    const CellChange wall[] = {{{4, 1}, Impassable}};
    grid.apply(0, wall);
    CHECK(stepper.step() == PathStatus::InvalidInput);
    CHECK(stepper.finished());
    CHECK(stepper.result().status == PathStatus::InvalidInput);
    CHECK(stepper.result().path.empty());
    CHECK(stepper.openHead().empty());

    CHECK(stepper.begin(grid, 0, {-1, 0}, g.goal) == PathStatus::StartInvalid);
    CHECK(stepper.finished());
    CHECK(stepper.result().status == PathStatus::StartInvalid);
    CHECK(stepper.begin(grid, 0, g.start, {99, 0}) == PathStatus::GoalInvalid);
    CHECK(stepper.begin(grid, 0, g.start, g.goal, {SearchOrder::WeightedAStar, 0.0}) == PathStatus::InvalidInput);
    CHECK(stepper.begin(grid, 3, g.start, g.goal) == PathStatus::InvalidInput);
    // Begin again after all that: a fresh search from scratch.
    REQUIRE(stepper.begin(grid, 0, g.start, g.goal, {SearchOrder::Greedy}) == PathStatus::InProgress);
    CHECK(stepper.stepCount() == 0);
    CHECK(stepper.mode().order == SearchOrder::Greedy);
    CHECK(stepper.start() == g.start);
    CHECK(stepper.goal() == g.goal);
    CHECK(stepper.finish() == PathStatus::Found);
    stepper.reset();
    CHECK(stepper.status() == PathStatus::InvalidInput);
    CHECK(stepper.stepCount() == 0);
    CHECK(stepper.current() == nullptr);
}

TEST_CASE("stepping matches the full search with landmark bounds too, for every order", "[path][stepper]")
{
    std::mt19937 rng(2026);
    int landmarkSearches = 0;
    for (int round = 0; round < 40; ++round) {
        const int w = std::uniform_int_distribution<int>(8, 40)(rng);
        const int h = std::uniform_int_distribution<int>(8, 40)(rng);
        const CostField f = stepperField(rng, w, h, 0.2);
        NavGrid grid;
        grid.setLandmarks({isostar::path::LandmarkMode::On, 4});
        REQUIRE(grid.reset(w, h));
        REQUIRE(grid.addLayer("walker", f, MoveRules{}) == 0);
        const TileCoord start = stepperCell(rng, f), goal = stepperCell(rng, f);
        for (const SearchMode& mode : kOrders) {
            INFO("round " << round << " mode " << mode << " " << start << " -> " << goal);
            GridQuery full;
            full.setSearchMode(mode);
            PathResult untraced;
            SearchTrace trace;
            full.findPath(grid, 0, start, goal, untraced, nullptr, &trace);
            landmarkSearches += full.usedLandmarks();
            if (mode.order == SearchOrder::Dijkstra)
                CHECK_FALSE(full.usedLandmarks());
            SearchStepper stepper;
            stepper.setOpenHeadSize(2);
            if (stepper.begin(grid, 0, start, goal, mode) != PathStatus::InProgress)
                continue;
            while (stepper.status() == PathStatus::InProgress) {
                REQUIRE_FALSE(stepper.openHead().empty());
                const TraceCell next = stepper.openHead()[0];
                stepper.step();
                REQUIRE(*stepper.current() == next);
            }
            CHECK(stepper.trace().expanded == trace.expanded);
            CHECK(stepper.result() == untraced);
        }
    }
    CHECK(landmarkSearches > 40);
}

TEST_CASE("a blocked overlay cell is a wall to the step-through, a penalty shows in g", "[path][stepper]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        ....
        .S.G
        ....
    )");
    NavGrid grid;
    REQUIRE(grid.reset(g.field.width, g.field.height));
    REQUIRE(grid.addLayer("walker", g.field, MoveRules{}) == 0);
    const TileCoord held[] = {{2, 1}};
    const isostar::path::QueryOverlay blocked{held, 0.0f, true};
    const isostar::path::QueryOverlay penalty{held, 4.0f, false};
    SearchStepper stepper;
    REQUIRE(stepper.begin(grid, 0, g.start, g.goal, {SearchOrder::Dijkstra}, &blocked) == PathStatus::InProgress);
    REQUIRE(stepper.step() == PathStatus::InProgress);
    REQUIRE(stepper.neighbours().size() == 8);
    CHECK(stepper.neighbours()[1] == TraceNeighbour{{2, 1}, NeighbourOutcome::Wall, 0.0, 0.0, 0.0});
    CHECK(stepper.finish() == PathStatus::Found);

    REQUIRE(stepper.begin(grid, 0, g.start, g.goal, {SearchOrder::Dijkstra}, &penalty) == PathStatus::InProgress);
    REQUIRE(stepper.step() == PathStatus::InProgress);
    REQUIRE(stepper.neighbours().size() == 8);
    CHECK(stepper.neighbours()[1] == TraceNeighbour{{2, 1}, NeighbourOutcome::Opened, 5.0, 0.0, 5.0});
}
