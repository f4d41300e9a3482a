#include "game/common/MessageLog.hpp"

#include <catch2/catch.hpp>

TEST_CASE("message log: merged messages replace the newest one with the same key")
{
    game::MessageLog log;
    log.say("welcome");
    log.sayMerged("replan", "knight replans");
    log.tick(3.0);
    log.sayMerged("replan", "knight, dwarf replan");
    REQUIRE(log.shown().size() == 2);
    CHECK(log.shown().back().text == "knight, dwarf replan");
    CHECK(log.shown().back().ttlSec == Approx(4.5));  // full time again
    REQUIRE(log.log().size() == 2);
    CHECK(log.log().back() == "knight, dwarf replan");
    CHECK(log.newestHasKey("replan"));

    // Another message in between: the next merged one stacks anew.
    log.say("saved");
    CHECK_FALSE(log.newestHasKey("replan"));
    log.sayMerged("replan", "mage replans");
    CHECK(log.shown().size() == 4);
    CHECK(log.log().size() == 4);

    // Expired: nothing to merge into.
    log.tick(10.0);
    CHECK(log.shown().empty());
    log.sayMerged("replan", "ranger replans");
    CHECK(log.shown().size() == 1);
}
