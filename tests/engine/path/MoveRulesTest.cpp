#include "engine/path/MoveRules.hpp"

#include "engine/path/PathResult.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <sstream>

using eng::path::DiagonalMode;
using eng::path::Heuristic;

TEST_CASE("diagonal modes and heuristics round-trip through their names")
{
    for (DiagonalMode m : {DiagonalMode::Never, DiagonalMode::NoCornerCutting, DiagonalMode::AtMostOneObstacle,
                           DiagonalMode::Always})
        CHECK(eng::path::parseDiagonalMode(eng::path::diagonalModeName(m)) == m);
    for (Heuristic h : {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Manhattan, Heuristic::Chebyshev,
                        Heuristic::Zero})
        CHECK(eng::path::parseHeuristic(eng::path::heuristicName(h)) == h);
    CHECK(eng::path::diagonalModeName(DiagonalMode::NoCornerCutting) == "no-corner-cutting");
    CHECK(eng::path::diagonalModeName(DiagonalMode::AtMostOneObstacle) == "one-obstacle");
    CHECK(eng::path::parseHeuristic("dijkstra") == Heuristic::Zero);
    CHECK(eng::path::parseDiagonalMode("always") == DiagonalMode::Always);
    CHECK_FALSE(eng::path::parseDiagonalMode("Always"));
    CHECK_FALSE(eng::path::parseDiagonalMode(""));
    CHECK_FALSE(eng::path::parseHeuristic("astar"));
}

TEST_CASE("move rules default to the article's and are validated")
{
    const eng::path::MoveRules r;
    CHECK(r.diagonal == DiagonalMode::NoCornerCutting);
    CHECK(r.diagonalFactor == 1.414);
    CHECK(r.heuristic == Heuristic::Octile);
    CHECK(r.weight == 1.0);
    CHECK(eng::path::isValid(r));
    eng::path::MoveRules bad = r;
    bad.weight = -1.0;
    CHECK_FALSE(eng::path::isValid(bad));
    bad = r;
    bad.diagonalFactor = std::numeric_limits<double>::infinity();
    CHECK_FALSE(eng::path::isValid(bad));
    std::ostringstream os;
    os << r;
    CHECK(os.str() == "{diagonal no-corner-cutting, factor 1.414, heuristic octile, weight 1}");
}

TEST_CASE("statuses have names")
{
    CHECK(eng::path::statusName(eng::path::PathStatus::Partial) == "partial");
    CHECK(eng::path::statusName(eng::path::PathStatus::StartInvalid) == "start-invalid");
    CHECK(eng::path::hasPath(eng::path::PathStatus::Found));
    CHECK_FALSE(eng::path::hasPath(eng::path::PathStatus::NoPath));
}
