#pragma once
/// \file ConfigTuningSupport.hpp
/// What the ConfigTuning tests share: the shipped config (maps/terrain.toml) as a ConfigTuning,
/// and one unique text replacement.

#include "engine/terrain/ConfigTuning.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <utility>

namespace tuningtest {

inline const std::string ShippedPath = std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml";

/// maps/terrain.toml, loaded (the test fails when it does not load).
inline isostar::terrain::ConfigTuning shipped()
{
    isostar::Result<isostar::terrain::ConfigTuning> r = isostar::terrain::ConfigTuning::fromFile(ShippedPath);
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    return std::move(r).value();
}

/// `text` with its one occurrence of `from` replaced by `to` (the test fails when `from` is not
/// there exactly once).
inline std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    REQUIRE(text.find(from, at + 1) == std::string::npos);
    return text.replace(at, from.size(), to);
}

} // namespace tuningtest
