#include "engine/core/Diagnostic.hpp"
#include "engine/core/Result.hpp"

#include <catch2/catch.hpp>

using eng::Diagnostic;

TEST_CASE("diagnostics format like a compiler message")
{
    CHECK(eng::formatDiagnostic({"maps/x.tmx", 12, "layer \"ground\": 15 tiles, expected 16"}) ==
          "maps/x.tmx:12: error: layer \"ground\": 15 tiles, expected 16");
    CHECK(eng::formatDiagnostic({"maps/terrain.toml", 0, "unknown key", eng::Severity::Warning}) ==
          "maps/terrain.toml: warning: unknown key");
}

TEST_CASE("a Result holds either a value or its diagnostics")
{
    eng::Result<int> good(42);
    REQUIRE(good);
    CHECK(good.value() == 42);
    CHECK(good.diagnostics().empty());

    auto bad = eng::Result<int>::failure(Diagnostic{"a.tmx", 3, "broken"});
    CHECK_FALSE(bad);
    REQUIRE(bad.diagnostics().size() == 1);
    CHECK(bad.diagnostics()[0].line == 3);
}
