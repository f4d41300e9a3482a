#include "engine/anim/SpriteSheet.hpp"

#include <catch2/catch.hpp>

using namespace isostar::anim;

namespace {
const char* const Good = R"({
  "name": "knight",
  "image": "knight.png",
  "image_width": 640, "image_height": 768,
  "frame_width": 64, "frame_height": 96,
  "origin": [32, 88],
  "directions": ["S", "SW", "W", "NW", "N", "NE", "E", "SE"],
  "clips": {
    "idle": {"first": 0, "count": 4, "frame_time": 0.25},
    "walk": {"first": 4, "count": 6, "frame_time": 0.1, "loop": true}
  }
})";
} // namespace

TEST_CASE("a sprite sheet description becomes clips per direction")
{
    auto r = parseSpriteSheet(Good, "assets/party/knight.json");
    REQUIRE(r.ok());
    const SpriteSheet& s = r.value();
    CHECK(s.name == "knight");
    CHECK(s.image == "assets/party/knight.png");
    CHECK(s.originX == 32);
    CHECK(s.originY == 88);
    const AnimationClip* walkSE = s.find("walk", Direction8::SE);
    REQUIRE(walkSE);
    REQUIRE(walkSE->frames.size() == 6);
    CHECK(walkSE->frames[0].rect == FrameRect{4 * 64, 7 * 96, 64, 96});
    CHECK(walkSE->frames[5].rect == FrameRect{9 * 64, 7 * 96, 64, 96});
    CHECK(walkSE->frames[0].durationSec == Approx(0.1));
    const AnimationClip* idleS = s.find("idle", Direction8::S);
    REQUIRE(idleS);
    CHECK(idleS->frames[1].rect == FrameRect{64, 0, 64, 96});
    CHECK(s.find("attack", Direction8::S) == nullptr);
}

TEST_CASE("a broken description names every problem")
{
    auto r = parseSpriteSheet(R"({"image": "a.png", "frame_width": 0, "frame_height": 32, "origin": [1],
        "directions": ["S", "up"], "clips": {"walk": {"first": 0, "count": 2}}})",
                              "x.json");
    REQUIRE_FALSE(r.ok());
    const auto& d = r.diagnostics();
    REQUIRE(d.size() == 5);
    CHECK(isostar::formatDiagnostic(d[0]) == "x.json: error: \"frame_width\" must be an integer >= 1");
    CHECK(isostar::formatDiagnostic(d[1]) ==
          "x.json: error: missing or bad \"origin\": expected [x, y], the feet inside a frame in pixels");
    CHECK(isostar::formatDiagnostic(d[2]) ==
          "x.json: error: \"directions\": unknown direction \"up\" (expected N, NE, E, SE, S, SW, W, NW)");
    CHECK(isostar::formatDiagnostic(d[3]) == "x.json: error: \"directions\": expected 8 entries, got 2");
    CHECK(isostar::formatDiagnostic(d[4]) == "x.json: error: clip \"walk\": \"frame_time\" must be a number of seconds > 0");
}

TEST_CASE("frames outside the image are refused")
{
    std::string text = Good;
    text.replace(text.find("\"count\": 6"), 10, "\"count\": 7");
    auto r = parseSpriteSheet(text, "k.json");
    REQUIRE_FALSE(r.ok());
    CHECK(isostar::formatDiagnostic(r.diagnostics()[0]) ==
          "k.json: error: clip \"walk\": frames 4..10 run past the image width 640");
}

TEST_CASE("JSON syntax errors carry the line")
{
    auto r = parseSpriteSheet("{\n\"image\": \"a.png\",\n oops\n}", "bad.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.diagnostics()[0].line == 3);
    CHECK(r.diagnostics()[0].message.rfind("invalid JSON: ", 0) == 0);
}

TEST_CASE("a missing description file is one diagnostic")
{
    auto r = loadSpriteSheet("/nonexistent/knight.json");
    REQUIRE_FALSE(r.ok());
    CHECK(isostar::formatDiagnostic(r.diagnostics()[0]) ==
          "/nonexistent/knight.json: error: cannot open sprite sheet description");
}
