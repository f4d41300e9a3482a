#include "engine/path/MoveRules.hpp"

#include "engine/path/PathResult.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <sstream>

using isostar::path::DiagonalMode;
using isostar::path::Heuristic;

TEST_CASE("diagonal modes and heuristics round-trip through their names")
{
    for (DiagonalMode m : {DiagonalMode::Never, DiagonalMode::NoCornerCutting, DiagonalMode::AtMostOneObstacle,
                           DiagonalMode::Always})
        CHECK(isostar::path::parseDiagonalMode(isostar::path::diagonalModeName(m)) == m);
    for (Heuristic h : {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Manhattan, Heuristic::Chebyshev,
                        Heuristic::Zero})
        CHECK(isostar::path::parseHeuristic(isostar::path::heuristicName(h)) == h);
    CHECK(isostar::path::diagonalModeName(DiagonalMode::NoCornerCutting) == "no-corner-cutting");
    CHECK(isostar::path::diagonalModeName(DiagonalMode::AtMostOneObstacle) == "one-obstacle");
    CHECK(isostar::path::parseHeuristic("dijkstra") == Heuristic::Zero);
    CHECK(isostar::path::parseDiagonalMode("always") == DiagonalMode::Always);
    CHECK_FALSE(isostar::path::parseDiagonalMode("Always"));
    CHECK_FALSE(isostar::path::parseDiagonalMode(""));
    CHECK_FALSE(isostar::path::parseHeuristic("astar"));
}

TEST_CASE("move rules default to the article's and are validated")
{
    const isostar::path::MoveRules r;
    CHECK(r.diagonal == DiagonalMode::NoCornerCutting);
    CHECK(r.diagonalFactor == 1.414);
    CHECK(r.heuristic == Heuristic::Octile);
    CHECK(r.weight == 1.0);
    CHECK(isostar::path::isValid(r));
    isostar::path::MoveRules bad = r;
    bad.weight = -1.0;
    CHECK_FALSE(isostar::path::isValid(bad));
    bad = r;
    bad.diagonalFactor = std::numeric_limits<double>::infinity();
    CHECK_FALSE(isostar::path::isValid(bad));
    std::ostringstream os;
    os << r;
    CHECK(os.str() == "{diagonal no-corner-cutting, factor 1.414, heuristic octile, weight 1}");
}

TEST_CASE("statuses have names")
{
    CHECK(isostar::path::statusName(isostar::path::PathStatus::Partial) == "partial");
    CHECK(isostar::path::statusName(isostar::path::PathStatus::StartInvalid) == "start-invalid");
    CHECK(isostar::path::hasPath(isostar::path::PathStatus::Found));
    CHECK_FALSE(isostar::path::hasPath(isostar::path::PathStatus::NoPath));
}
