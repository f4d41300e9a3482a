#include "engine/anim/SpriteSheet.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace isostar::anim {

const AnimationClip* SpriteSheet::find(const std::string& clipName, Direction8 dir) const
{
    for (const DirectionalClip& c : clips)
        if (c.name == clipName)
            return &c.byDirection[std::size_t(dir)];
    return nullptr;
}

namespace {

using Json = nlohmann::json;

/// Reads a positive/non-negative integer member; records a diagnostic when it is missing or bad.
bool readInt(const Json& obj, const char* key, int& out, bool required, int minValue, const std::string& where,
             std::vector<Diagnostic>& errors, const std::string& path)
{
    auto it = obj.find(key);
    if (it == obj.end()) {
        if (required)
            errors.push_back({path, 0, where + "missing \"" + key + "\""});
        return false;
    }
    if (!it->is_number_integer() || it->get<long long>() < minValue || it->get<long long>() > 1000000) {
        errors.push_back({path, 0, where + "\"" + key + "\" must be an integer >= " + std::to_string(minValue)});
        return false;
    }
    out = it->get<int>();
    return true;
}

/// The rows of the sheet, one per facing ("directions": the 8 facings, each once).
std::vector<Direction8> readDirections(const Json& j, std::vector<Diagnostic>& errors, const std::string& path)
{
    std::vector<Direction8> rows;
    if (auto it = j.find("directions"); it != j.end() && it->is_array()) {
        bool seen[DirectionCount] = {};
        for (const Json& d : *it) {
            std::optional<Direction8> dir = d.is_string() ? parseDirection(d.get<std::string>()) : std::nullopt;
            if (!dir) {
                errors.push_back({path, 0, "\"directions\": unknown direction " + d.dump() + " (expected N, NE, E, SE, S, SW, W, NW)"});
                continue;
            }
            if (seen[int(*dir)])
                errors.push_back({path, 0, "\"directions\": " + d.dump() + " listed twice"});
            seen[int(*dir)] = true;
            rows.push_back(*dir);
        }
        for (int d = 0; d < DirectionCount; ++d)
            if (!seen[d] && it->size() == DirectionCount)
                errors.push_back({path, 0, "\"directions\": " + std::string(directionName(Direction8(d))) + " is missing"});
        if (it->size() != DirectionCount)
            errors.push_back({path, 0, "\"directions\": expected 8 entries, got " + std::to_string(it->size())});
    } else {
        errors.push_back({path, 0, "missing \"directions\": the facing of each row, e.g. [\"S\", \"SW\", ...]"});
    }
    return rows;
}

/// One entry of "clips" (frames `first` .. `first + count - 1` of every row) into `s`.
void readClip(const std::string& name, const Json& c, const std::vector<Direction8>& rows, int imageW, int imageH,
              SpriteSheet& s, std::vector<Diagnostic>& errors, const std::string& path)
{
    const std::string where = "clip \"" + name + "\": ";
    if (!c.is_object()) {
        errors.push_back({path, 0, where + "expected an object"});
        return;
    }
    int first = 0, count = 0;
    const bool okFirst = readInt(c, "first", first, true, 0, where, errors, path);
    const bool okCount = readInt(c, "count", count, true, 1, where, errors, path);
    double frameTime = 0.0;
    auto ft = c.find("frame_time");
    if (ft == c.end() || !ft->is_number() || !(ft->get<double>() > 0.0) || ft->get<double>() > 60.0) {
        errors.push_back({path, 0, where + "\"frame_time\" must be a number of seconds > 0"});
        return;
    }
    frameTime = ft->get<double>();
    bool loop = true;
    if (auto l = c.find("loop"); l != c.end()) {
        if (!l->is_boolean()) {
            errors.push_back({path, 0, where + "\"loop\" must be true or false"});
            return;
        }
        loop = l->get<bool>();
    }
    if (!okFirst || !okCount || rows.size() != std::size_t(DirectionCount) || s.frameWidth <= 0 || s.frameHeight <= 0)
        return;
    if (imageW > 0 && (first + count) * s.frameWidth > imageW) {
        errors.push_back({path, 0, where + "frames " + std::to_string(first) + ".." + std::to_string(first + count - 1) +
                                       " run past the image width " + std::to_string(imageW)});
        return;
    }
    if (imageH > 0 && DirectionCount * s.frameHeight > imageH) {
        errors.push_back({path, 0, "8 rows of " + std::to_string(s.frameHeight) + " pixels run past the image height " +
                                       std::to_string(imageH)});
        return;
    }
    DirectionalClip dc;
    dc.name = name;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        AnimationClip& clip = dc.byDirection[std::size_t(rows[r])];
        clip.name = name;
        clip.loop = loop;
        for (int k = 0; k < count; ++k)
            clip.frames.push_back({{(first + k) * s.frameWidth, int(r) * s.frameHeight, s.frameWidth, s.frameHeight}, frameTime});
    }
    s.clips.push_back(std::move(dc));
}

} // namespace

Result<SpriteSheet> parseSpriteSheet(const std::string& jsonText, const std::string& path)
{
    std::vector<Diagnostic> errors;
    Json j;
    try {
        j = Json::parse(jsonText);
    } catch (const Json::parse_error& e) {
        // nlohmann reports a byte offset: turn it into a line for the message.
        int line = 1;
        for (std::size_t i = 0; i < e.byte && i < jsonText.size(); ++i)
            line += jsonText[i] == '\n';
        return Result<SpriteSheet>::failure(Diagnostic{path, line, "invalid JSON: " + std::string(e.what())});
    }
    if (!j.is_object())
        return Result<SpriteSheet>::failure(Diagnostic{path, 0, "expected a JSON object"});

    SpriteSheet s;
    if (auto it = j.find("name"); it != j.end() && it->is_string())
        s.name = it->get<std::string>();
    else
        s.name = std::filesystem::path(path).stem().string();
    if (auto it = j.find("image"); it != j.end() && it->is_string() && !it->get<std::string>().empty())
        s.image = (std::filesystem::path(path).parent_path() / it->get<std::string>()).lexically_normal().string();
    else
        errors.push_back({path, 0, "missing \"image\" (the sprite sheet PNG, relative to this file)"});
    readInt(j, "frame_width", s.frameWidth, true, 1, "", errors, path);
    readInt(j, "frame_height", s.frameHeight, true, 1, "", errors, path);
    int imageW = 0, imageH = 0;
    readInt(j, "image_width", imageW, false, 1, "", errors, path);
    readInt(j, "image_height", imageH, false, 1, "", errors, path);
    if (auto it = j.find("origin"); it != j.end() && it->is_array() && it->size() == 2 && (*it)[0].is_number_integer() &&
                                    (*it)[1].is_number_integer()) {
        s.originX = (*it)[0].get<int>();
        s.originY = (*it)[1].get<int>();
    } else {
        errors.push_back({path, 0, "missing or bad \"origin\": expected [x, y], the feet inside a frame in pixels"});
    }

    // Rows of the sheet, one per facing.
    const std::vector<Direction8> rows = readDirections(j, errors, path);

    auto clipsIt = j.find("clips");
    if (clipsIt == j.end() || !clipsIt->is_object() || clipsIt->empty()) {
        errors.push_back({path, 0, "missing \"clips\": e.g. {\"idle\": {\"first\": 0, \"count\": 4, \"frame_time\": 0.2}}"});
    } else {
        for (auto [name, c] : clipsIt->items())
            readClip(name, c, rows, imageW, imageH, s, errors, path);
    }
    if (!errors.empty())
        return Result<SpriteSheet>::failure(std::move(errors));
    return s;
}

Result<SpriteSheet> loadSpriteSheet(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Result<SpriteSheet>::failure(Diagnostic{path, 0, "cannot open sprite sheet description"});
    std::ostringstream ss;
    ss << in.rdbuf();
    return parseSpriteSheet(ss.str(), path);
}

} // namespace isostar::anim
