#pragma once
/// \file SpriteSheet.hpp
/// A character's sprite sheet as data: the image file, the frame size, the feet origin inside a
/// frame, and for each clip (idle, walk, ...) one AnimationClip per facing. Loaded from the JSON
/// description the art pipeline writes beside the PNG (format: assets/README.md).
///
/// \code
/// auto sheet = isostar::anim::loadSpriteSheet("assets/party/knight.json");
/// if (!sheet) { std::cerr << isostar::formatDiagnostics(sheet.diagnostics()); return 2; }
/// const isostar::anim::AnimationClip* walk = sheet.value().find("walk", isostar::anim::Direction8::SE);
/// if (walk) std::cout << walk->frames.size() << " frames\n";
/// \endcode

#include "engine/anim/AnimationClip.hpp"
#include "engine/anim/Direction.hpp"
#include "engine/core/Result.hpp"

#include <array>
#include <string>
#include <vector>

namespace isostar::anim {

/// One named clip in all eight facings.
struct DirectionalClip {
    std::string name;
    std::array<AnimationClip, DirectionCount> byDirection; ///< indexed by Direction8
    bool operator==(const DirectionalClip&) const = default;
};

struct SpriteSheet {
    std::string name;        ///< character name (e.g. "knight")
    std::string image;       ///< resolved path of the PNG (relative to the description's folder)
    int frameWidth = 0;      ///< pixels [Limit: > 0]
    int frameHeight = 0;     ///< pixels [Limit: > 0]
    int originX = 0;         ///< the feet inside a frame, pixels from the frame's left
    int originY = 0;         ///< ... and from its top
    std::vector<DirectionalClip> clips;

    /// The clip `name` facing `dir`, or nullptr when the sheet has no such clip.
    const AnimationClip* find(const std::string& name, Direction8 dir) const;
    bool operator==(const SpriteSheet&) const = default;
};

/// Parses a description from JSON text. `path` names the file in diagnostics and is the base for
/// the image path. Every problem (syntax with line, missing keys, bad numbers, unknown direction,
/// frames outside the image when its size is given) becomes a Diagnostic.
Result<SpriteSheet> parseSpriteSheet(const std::string& jsonText, const std::string& path);
/// Reads and parses a description file.
Result<SpriteSheet> loadSpriteSheet(const std::string& path);

} // namespace isostar::anim
