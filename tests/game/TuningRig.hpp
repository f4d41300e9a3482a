#pragma once
/// \file TuningRig.hpp
/// The tuning tests' rig (TuningTest.cpp, TuningFileTest.cpp): a WorldHost on the valley with a
/// private copy of the shipped config and a panel wired the way App wires it; reading, writing
/// and editing config text; counting the cells whose costs differ between two grids.
#include "game/ui/TuningPanel.hpp"
#include "game/world/WorldHost.hpp"

#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tuningtest {

namespace fs = std::filesystem;

inline const std::string Valley = std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx";
inline const std::string ShippedConfig = std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml";

inline std::string readText(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void writeText(const fs::path& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

inline std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string l;
    while (std::getline(in, l))
        out.push_back(l);
    return out;
}

/// `text` with its one occurrence of `from` replaced by `to` (fails the test otherwise).
inline std::string replaceOnce(const std::string& text, const std::string& from, const std::string& to)
{
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    REQUIRE(text.find(from, at + 1) == std::string::npos);
    return text.substr(0, at) + to + text.substr(at + from.size());
}

/// Number of cells (over all layers) whose cost differs; also checks rules and shape.
inline int differingCells(const isostar::path::NavGrid& a, const isostar::path::NavGrid& b, bool* rulesEqual = nullptr)
{
    REQUIRE(a.width() == b.width());
    REQUIRE(a.height() == b.height());
    REQUIRE(a.layerCount() == b.layerCount());
    int diff = 0;
    bool same = true;
    for (int l = 0; l < a.layerCount(); ++l) {
        same = same && a.rules(l) == b.rules(l) && a.layerName(l) == b.layerName(l);
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x)
                if (a.cost(l, {x, y}) != b.cost(l, {x, y}))  // exact: bit-identical costs
                    ++diff;
    }
    if (rulesEqual)
        *rulesEqual = same;
    return diff;
}

inline game::World load(const std::string& map, const std::string& config)
{
    auto w = game::loadWorld({map, config, ""});
    if (!w)
        FAIL(isostar::formatDiagnostics(w.diagnostics()));
    return std::move(w).value();
}

/// A WorldHost on the valley with a private copy of the shipped config, and a panel on it
/// wired the way App wires it (apply = WorldHost::applyConfig, wrote = noteOwnWrite).
struct Rig {
    testsupport::TempDir tmp;  ///< removed with the rig
    fs::path dir;
    fs::path config;
    game::WorldHost host;
    game::TuningPanel panel;
    int applied = 0;

    explicit Rig(const std::string& name) : tmp("isostar_tuning_" + name), dir(tmp.path), config(dir / "terrain.toml")
    {
        fs::copy_file(ShippedConfig, config);
        const auto problems = host.open({Valley, config.string(), ""});
        REQUIRE(problems.empty());
        game::TuningActions a;
        a.apply = [this](const isostar::terrain::TerrainConfig& c) {
            ++applied;
            const game::WorldEdit e = host.applyConfig(c);
            return e.ok ? std::string() : e.error;
        };
        a.wrote = [this](const std::string&) { host.noteOwnWrite(); };
        panel = game::TuningPanel(a);
        panel.worldLoaded(host.world());
        REQUIRE(panel.available());
    }
};

} // namespace tuningtest
