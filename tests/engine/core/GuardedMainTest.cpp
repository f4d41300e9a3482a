// engine/core/GuardedMain: every exception that reaches main becomes a message and an exit code.

#include "engine/core/GuardedMain.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

TEST_CASE("runGuarded passes the body's exit code through", "[core][main]")
{
    std::ostringstream err;
    CHECK(isostar::runGuarded("tool", [] { return 0; }, err) == 0);
    CHECK(isostar::runGuarded("tool", [] { return 1; }, err) == 1);
    CHECK(err.str().empty());
}

TEST_CASE("runGuarded turns escaping exceptions into a message and exit 2 or 3", "[core][main]")
{
    std::ostringstream err;
    CHECK(isostar::runGuarded("tool", []() -> int { throw isostar::BadInputError("maps/x.tmx: no start"); }, err) ==
          isostar::ExitBadInput);
    CHECK(err.str() == "tool: error: maps/x.tmx: no start\n");

    err.str("");
    CHECK(isostar::runGuarded("tool", []() -> int { throw std::logic_error("a bug"); }, err) ==
          isostar::ExitInternalError);
    CHECK(err.str() == "tool: internal error: a bug\n");

    err.str("");
    CHECK(isostar::runGuarded("tool", [] { return int(std::vector<int>(1).at(5)); }, err) == isostar::ExitInternalError);
    CHECK(err.str().rfind("tool: internal error: ", 0) == 0);

    err.str("");
    CHECK(isostar::runGuarded("tool", []() -> int { throw std::bad_alloc(); }, err) == isostar::ExitInternalError);
    CHECK(err.str() == "tool: internal error: out of memory\n");

    err.str("");
    CHECK(isostar::runGuarded("tool", []() -> int { throw 42; }, err) == isostar::ExitInternalError);
    CHECK(err.str() == "tool: internal error: unknown exception\n");
}

TEST_CASE("runGuarded prints a user's broken bytes as U+FFFD", "[core][main][utf8]")
{
    std::ostringstream err;
    CHECK(isostar::runGuarded("tool", []() -> int { throw isostar::BadInputError("sewer\xFF.tsx: missing"); }, err) == 2);
    CHECK(err.str() == "tool: error: sewer\xEF\xBF\xBD.tsx: missing\n");
}
