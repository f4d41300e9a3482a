#include "engine/core/Diagnostic.hpp"
#include "engine/core/Result.hpp"

#include <catch2/catch.hpp>

using isostar::Diagnostic;

TEST_CASE("diagnostics format like a compiler message")
{
    CHECK(isostar::formatDiagnostic({"maps/x.tmx", 12, "layer \"ground\": 15 tiles, expected 16"}) ==
          "maps/x.tmx:12: error: layer \"ground\": 15 tiles, expected 16");
    CHECK(isostar::formatDiagnostic({"maps/terrain.toml", 0, "unknown key", isostar::Severity::Warning}) ==
          "maps/terrain.toml: warning: unknown key");
}

TEST_CASE("a Result holds either a value or its diagnostics")
{
    isostar::Result<int> good(42);
    REQUIRE(good);
    CHECK(good.value() == 42);
    CHECK(good.diagnostics().empty());

    auto bad = isostar::Result<int>::failure(Diagnostic{"a.tmx", 3, "broken"});
    CHECK_FALSE(bad);
    REQUIRE(bad.diagnostics().size() == 1);
    CHECK(bad.diagnostics()[0].line == 3);
}

TEST_CASE("a diagnostic in an included file names the chain that led there", "[core][diagnostic]")
{
    Diagnostic d{"maps/t.tsx", 2, "XML syntax error: Start-end tags mismatch"};
    d.includedFrom = {{"maps/x.tmx", 3, "tileset \"t.tsx\""}};
    CHECK(isostar::formatDiagnostic(d) ==
          "maps/x.tmx: tileset \"t.tsx\" (line 3): maps/t.tsx:2: error: XML syntax error: Start-end tags mismatch");
    d.includedFrom = {{"maps/x.tmj", 0, "template \"a.tj\""}, {"maps/a.tj", 0, "tileset \"t.tsj\""}};
    d.line = 0;
    d.file = "maps/t.tsj";
    d.message = "tilewidth: must be greater than 0, got 0";
    CHECK(isostar::formatDiagnostic(d) == "maps/x.tmj: template \"a.tj\": maps/a.tj: tileset \"t.tsj\": maps/t.tsj: "
                                      "error: tilewidth: must be greater than 0, got 0");
}

TEST_CASE("a diagnostic prints invalid UTF-8 from user files as U+FFFD", "[core][diagnostic][utf8]")
{
    CHECK(isostar::formatDiagnostic({"maps/sew\xFFrs.tmx", 4, "cannot open tileset \"a\xE2\x82.tsx\""}) ==
          "maps/sew\xEF\xBF\xBDrs.tmx:4: error: cannot open tileset \"a\xEF\xBF\xBD.tsx\"");
}
