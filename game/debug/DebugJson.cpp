/// \file DebugJson.cpp
/// The debug fields of `dump`.
#include "game/debug/DebugJson.hpp"

namespace game::debug {

namespace {

using Json = nlohmann::json;

/// A grid cell in Tiled's coordinates, as the dump writes every cell.
Json cellJson(const isostar::map::CellFrame& frame, isostar::TileCoord grid)
{
    const isostar::TileCoord c = frame.toTiled(grid);
    return Json::array({c.x, c.y});
}

} // namespace

void addDumpFields(nlohmann::json& j, DebugTools& tools, const DebugFrame& f)
{
    j["overlays"] = tools.overlays().names();
    const isostar::map::CellFrame frame = f.world ? f.world->frame : isostar::map::CellFrame{};
    const auto cellJson = [&](isostar::TileCoord c) { return debug::cellJson(frame, c); };

    const std::optional<UnitWhy>& why = tools.why(f);
    if (why) {
        isostar::terrain::PathWhy shown = why->why;
        isostar::terrain::transformCells(shown, [&](isostar::TileCoord c) { return frame.toTiled(c); });
        Json w = Json::parse(isostar::terrain::whyJson(shown));
        w["unit"] = why->unit;
        w["profile"] = why->profile;
        w["steps"] = why->why.steps;
        w["diagonal_steps"] = why->why.diagonalSteps;
        w["straight_steps"] = why->why.straightSteps;
        w["text"] = isostar::terrain::describe(shown);
        if (why->smoothed)
            w["smoothed"] = {{"grid_cost", why->gridCost},
                             {"cost", why->smoothCost},
                             {"length", why->smoothLength},
                             {"saved", why->gridCost - why->smoothCost}};
        j["why"] = w;
    } else {
        j["why"] = nullptr;
    }

    const StepThrough& st = tools.stepper();
    if (st.active() || st.trace().stepCount() > 0) {
        Json s;
        s["mode"] = tools.stepMode();
        s["status"] = st.active() ? std::string(isostar::path::statusName(st.status())) : std::string("stopped");
        s["start"] = cellJson(st.start());
        s["goal"] = cellJson(st.goal());
        s["profile"] = f.world ? f.world->profileName(st.layer()) : std::string();
        s["expanded"] = st.expanded();
        Json order = Json::array();
        for (const isostar::path::TraceCell& c : st.trace().expanded)
            order.push_back(cellJson(c.cell));
        s["order"] = order;
        const std::optional<isostar::path::TraceCell> cur = st.current();
        s["current"] = cur ? cellJson(cur->cell) : Json(nullptr);
        Json opened = Json::array();
        for (const isostar::path::TraceCell& c : st.lastOpened())
            opened.push_back(cellJson(c.cell));
        s["opened_last"] = opened;
        const bool ended = st.active() && !st.running() && isostar::path::hasPath(st.result().status);
        s["cost"] = ended ? Json(st.result().cost) : Json(nullptr);
        j["step"] = s;
    } else {
        j["step"] = nullptr;
    }

    const Race& race = tools.race();
    if (race.active()) {
        Json lanes = Json::array();
        for (const RaceLane& l : race.lanes())
            lanes.push_back({{"name", l.name},
                             {"key", l.key},
                             {"status", std::string(isostar::path::statusName(l.status))},
                             {"cost", isostar::path::hasPath(l.status) ? Json(l.cost) : Json(nullptr)},
                             {"expanded", l.expanded},
                             {"micros", l.micros},
                             {"optimal", l.optimal},
                             {"path_length", l.path.size()}});
        j["race"] = {{"start", cellJson(race.start())},
                     {"goal", cellJson(race.goal())},
                     {"profile", f.world ? f.world->profileName(race.layer()) : std::string()},
                     {"lanes", lanes}};
    } else {
        j["race"] = nullptr;
    }
}

} // namespace game::debug
