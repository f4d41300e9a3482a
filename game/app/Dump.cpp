/// \file Dump.cpp
/// The `dump` JSON, field by field as Dump.hpp lists them, and atomic writes.
#include "game/app/Dump.hpp"

#include "game/debug/DebugJson.hpp"

#include "engine/anim/Direction.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>

namespace game {

namespace {

using Json = nlohmann::json;

/// A grid cell as the player reads it: Tiled's coordinates (World::frame).
Json cellJson(const World& world, isostar::TileCoord grid)
{
    const isostar::TileCoord t = world.frame.toTiled(grid);
    return {t.x, t.y};
}

/// The remaining path to the unit's goal (remainingPlan: from its tile, or walking a smoothed
/// line from the last waypoint it passed), and its cost under the unit's profile in the
/// current world; the line it walks.
Json unitJson(const Unit& u, bool selected, const World& world, const View& view)
{
    const sf::Vector2f s = view.unitScreen(u);
    const std::vector<isostar::TileCoord> rest = remainingPlan(u);
    const isostar::TileCoord tile = remainingPath(u).front();
    // The layer it plans on (its footprint layer for its size), priced on the world's grid.
    const int profileLayer = std::clamp(u.profileLayer, 0, std::max(0, int(world.terrains.size()) - 1));
    const int layer = world.nav.validLayer(u.layer) ? u.layer : profileLayer;
    double pathCost = 0.0;
    Json path = Json::array();
    for (std::size_t k = 0; k < rest.size(); ++k) {
        path.push_back(cellJson(world, rest[k]));
        if (k == 0 || world.terrains.empty())
            continue;
        // Every step of a hexagonal map is to an edge neighbour (no diagonal factor there).
        const bool diagonal = rest[k].x != rest[k - 1].x && rest[k].y != rest[k - 1].y &&
                              world.map.orientation != isostar::map::Orientation::Hexagonal;
        const double c = double(world.nav.cost(layer, rest[k]));  // Impassable off the map
        pathCost += diagonal ? c * world.nav.rules(layer).diagonalFactor : c;
    }
    Json smoothed = nullptr;
    if (!u.walk.smoothed.waypoints.empty()) {
        Json waypoints = Json::array();
        for (isostar::TileCoord c : u.walk.smoothed.waypoints)
            waypoints.push_back(cellJson(world, c));
        smoothed = {{"waypoints", waypoints}, {"length", u.walk.smoothed.length}, {"cost", u.walk.smoothed.cost}};
    }
    const isostar::TilePos pos = world.frame.toTiled(u.pos);
    return {{"name", u.name},
            {"tile", cellJson(world, tile)},
            {"pos", {pos.x, pos.y}},
            {"screen", {std::lround(s.x), std::lround(s.y)}},
            {"moving", u.moving()},
            {"selected", selected},
            {"goal", cellJson(world, u.goal)},
            {"profile", world.profileName(profileLayer)},
            {"size", u.size},
            {"path_cost", std::isfinite(pathCost) ? Json(pathCost) : Json(nullptr)},
            {"facing", std::string(isostar::anim::directionName(u.facing))},
            {"animation", u.anim.clip},
            {"path", path},
            {"smoothed", smoothed}};
}

Json lastPathJson(const World& world, const std::optional<OrderReport>& order)
{
    if (!order)
        return nullptr;
    Json o = {{"status", std::string(isostar::path::statusName(order->status))},
              {"cost", order->cost},
              {"length", order->length},
              {"expanded", order->expanded},
              {"micros", order->micros},
              {"clicked", cellJson(world, order->clicked)},
              {"anchor_moved", order->anchorMoved}};
    if (order->anchor)
        o["anchor"] = cellJson(world, *order->anchor);
    return o;
}

/// The tuning panel's values now in force, {key: value}: numbers as numbers, true / false as
/// booleans, names as strings.
Json panelJson(const TuningPanel& tuning)
{
    Json panel = Json::object();
    for (const auto& [key, value] : tuning.values()) {
        double number = 0.0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
        if (value == "true" || value == "false")
            panel[key] = value == "true";
        else if (ec == std::errc() && end == value.data() + value.size())
            panel[key] = number;
        else
            panel[key] = value;
    }
    return panel;
}

Json dumpJson(GameParts parts)
{
    const Session& session = parts.session;
    const World& world = session.world();
    Json j;
    j["map"] = world.options.mapPath;
    j["time"] = session.gameTimeSec();
    Json units = Json::array();
    const Party& party = session.party();
    for (std::size_t i = 0; i < party.units().size(); ++i)
        units.push_back(unitJson(party.units()[i], party.selection().selected(int(i)), world, parts.view));
    j["units"] = units;
    j["world"] = {{"version", session.host().version()},
                  {"reloads", session.host().reloads()},
                  {"edits", session.host().edits()},
                  {"config", world.configPath.empty() ? world.configUsed : world.configPath},
                  {"reload_frames", parts.hud.reloadFrames()}};
    const std::optional<isostar::TileCoord>& hover = parts.hud.hover();
    j["hover_tile"] = hover ? cellJson(world, *hover) : Json(nullptr);
    j["last_path"] = lastPathJson(world, session.lastOrder());
    const Camera& camera = parts.view.camera();
    j["camera"] = {{"center", {camera.center().x, camera.center().y}}, {"zoom", camera.zoom()}};
    j["trace_visible"] = parts.debug.overlays().search;
    j["panel"] = panelJson(parts.tuning);
    j["panel_visible"] = parts.tuning.visible();
    j["help_visible"] = parts.input.helpShown();
    j["hint_bar_visible"] = parts.hud.hintBarShown();
    // The view: follow mode and the minimap.
    j["follow"] = parts.view.following();
    j["minimap"] = {{"visible", parts.view.minimap().visible()}};
    j["fog"] = {{"enabled", session.fogOn()}, {"known", session.fog().knownCount()}};
    j["audio"] = {{"enabled", parts.audio.enabled()},
                  {"muted", parts.audio.muted()},
                  {"played", Json(std::vector<std::string>(parts.audio.played().begin(), parts.audio.played().end()))}};
    debug::addDumpFields(j, parts.debug, parts.debugFrame());
    Json shown = Json::array();
    for (const MessageLog::Message& m : session.messages().shown())
        shown.push_back(m.text);
    j["messages_on_screen"] = shown;
    j["messages"] = Json(std::vector<std::string>(session.messages().log().begin(), session.messages().log().end()));
    return j;
}

} // namespace

bool writeAtomically(const std::string& file, const std::string& tmpSuffix,
                     const std::function<bool(const std::string& tmpPath)>& write, std::string& error)
{
    namespace fs = std::filesystem;
    const fs::path target(file);
    std::error_code ec;
    if (target.has_parent_path())
        fs::create_directories(target.parent_path(), ec);
    const fs::path tmp = target.parent_path() / ("." + target.stem().string() + ".tmp" + tmpSuffix);
    if (!write(tmp.string())) {
        fs::remove(tmp, ec);
        error = "cannot write " + file;
        return false;
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        fs::remove(tmp, ec);
        error = "cannot write " + file + ": " + ec.message();
        return false;
    }
    return true;
}

bool writeDump(const std::string& file, GameParts parts, std::string& error)
{
    // Names and messages may carry bytes from user files: invalid UTF-8 becomes U+FFFD.
    const std::string text = dumpJson(parts).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
    return writeAtomically(file, ".json", [&](const std::string& tmp) {
        std::ofstream out(tmp, std::ios::binary);
        out << text;
        return bool(out.flush());
    }, error);
}

} // namespace game
