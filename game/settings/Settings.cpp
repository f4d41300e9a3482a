/// \file Settings.cpp
/// The settings file: its keys (one table drives reading, checking and writing them), reading
/// with toml++ (which keeps each value's line), writing as a text edit of the file as it is now.
#include "game/settings/Settings.hpp"

#include "engine/core/AtomicFile.hpp"
#include "engine/terrain/TomlTextEdit.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <tuple>

namespace game {

namespace fs = std::filesystem;

namespace {

/// One key of the file: where it is, the range its value must be in (numbers), and `ref`, a
/// generic lambda giving the Settings member (`auto&`: const for a const Settings).
template <typename T, typename Ref>
struct SettingsKey {
    std::string_view table;
    std::string_view key;
    T min;
    T max;
    Ref ref;
};

template <typename T, typename Ref>
SettingsKey<T, Ref> settingsKey(std::string_view table, std::string_view key, T min, T max, Ref ref)
{
    return {table, key, min, max, ref};
}

/// Every key, table by table, in the order a new file lists them.
const auto& settingsKeys()
{
    using L = SettingsLimits;
    static const auto keys = std::make_tuple(
        settingsKey("audio", "master", 0.f, 1.f, [](auto& s) -> auto& { return s.audio.master; }),
        settingsKey("audio", "effects", 0.f, 1.f, [](auto& s) -> auto& { return s.audio.effects; }),
        settingsKey("audio", "ambience", 0.f, 1.f, [](auto& s) -> auto& { return s.audio.ambience; }),
        settingsKey("audio", "muted", false, true, [](auto& s) -> auto& { return s.audio.muted; }),
        settingsKey("window", "width", L::MinWindowWidth, L::MaxWindowSide, [](auto& s) -> auto& { return s.windowWidth; }),
        settingsKey("window", "height", L::MinWindowHeight, L::MaxWindowSide, [](auto& s) -> auto& { return s.windowHeight; }),
        settingsKey("view", "zoom", L::MinZoom, L::MaxZoom, [](auto& s) -> auto& { return s.zoom; }),
        settingsKey("view", "minimap", false, true, [](auto& s) -> auto& { return s.minimap; }),
        settingsKey("view", "follow", false, true, [](auto& s) -> auto& { return s.follow; }),
        settingsKey("game", "last_map", std::string(), std::string(), [](auto& s) -> auto& { return s.lastMap; }));
    return keys;
}

template <typename F>
void forEachSettingsKey(F&& f)
{
    std::apply([&](const auto&... k) { (f(k), ...); }, settingsKeys());
}

constexpr std::string_view SettingsTables[] = {"audio", "window", "view", "game"};

/// The shortest text that reads back as `v`; as a TOML float (`token`) always with a `.` or an
/// exponent ("1.0"), in a message as short as it gets ("1").
std::string settingsFloatText(float v, bool token)
{
    char buf[32];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, r.ptr);
    if (token && s.find_first_of(".ein") == std::string::npos)
        s += ".0";
    return s;
}

/// A value as the file writes it (`token`) or as a message shows it.
template <typename T>
std::string settingsValueText(const T& v, bool token)
{
    if constexpr (std::is_same_v<T, float>)
        return settingsFloatText(v, token);
    else if constexpr (std::is_same_v<T, bool>)
        return v ? "true" : "false";
    else if constexpr (std::is_same_v<T, unsigned>)
        return std::to_string(v);
    else if (token)
        return isostar::terrain::formatTomlString(v);
    else
        return v.empty() ? std::string("none") : "\"" + v + "\"";
}

/// What a key takes, for messages: "a number from 0 to 1".
template <typename T>
std::string settingsExpected(const T& min, const T& max)
{
    if constexpr (std::is_same_v<T, float>)
        return "a number from " + settingsFloatText(min, false) + " to " + settingsFloatText(max, false);
    else if constexpr (std::is_same_v<T, bool>)
        return "true or false";
    else if constexpr (std::is_same_v<T, unsigned>)
        return "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
    else
        return "a string (a map's path)";
}

std::string nodeTypeName(const toml::node& n)
{
    std::ostringstream s;
    s << n.type();
    return s.str();
}

/// Reads one key's node into `out`; on a wrong type or a value out of range leaves `out` at its
/// default and returns the problem ("" when the value was taken).
template <typename T>
std::string readSettingsValue(const toml::node& n, const T& min, const T& max, const fs::path& file, T& out)
{
    const std::string expected = "expected " + settingsExpected(min, max);
    if constexpr (std::is_same_v<T, float>) {
        const std::optional<double> v = n.is_number() ? n.value<double>() : std::nullopt;
        if (!v)
            return expected + ", got " + nodeTypeName(n);
        if (!(*v >= double(min) && *v <= double(max)))
            return expected + ", got " + settingsFloatText(float(*v), false);
        out = float(*v);
    } else if constexpr (std::is_same_v<T, bool>) {
        if (!n.is_boolean())
            return expected + ", got " + nodeTypeName(n);
        out = *n.value<bool>();
    } else if constexpr (std::is_same_v<T, unsigned>) {
        if (!n.is_integer())
            return expected + ", got " + nodeTypeName(n);
        const std::int64_t v = *n.value<std::int64_t>();
        if (v < std::int64_t(min) || v > std::int64_t(max))
            return expected + ", got " + std::to_string(v);
        out = unsigned(v);
    } else {
        if (!n.is_string())
            return expected + ", got " + nodeTypeName(n);
        fs::path p(*n.value<std::string>());
        if (!p.empty() && p.is_relative())
            p = file.parent_path() / p;
        out = p.lexically_normal().string();
    }
    return {};
}

int lineOf(const toml::node& n)
{
    return int(n.source().begin.line);
}

/// The checks of a parsed document: each key into `load.settings`, each problem into `load.problems`.
void readSettingsDocument(const toml::table& doc, const fs::path& file, SettingsLoad& load)
{
    const std::string name = file.string();
    const auto problem = [&](int line, std::string message, isostar::Severity severity = isostar::Severity::Error) {
        load.problems.push_back({name, line, std::move(message), severity});
    };
    for (const std::string_view table : SettingsTables) {
        const toml::node* t = doc.get(table);
        if (t && !t->is_table())
            problem(lineOf(*t), std::string(table) + ": expected a table ([" + std::string(table) + "]), got " +
                                    nodeTypeName(*t) + ": using the defaults for its keys");
    }
    forEachSettingsKey([&](const auto& k) {
        const toml::table* t = doc.get_as<toml::table>(k.table);
        const toml::node* n = t ? t->get(k.key) : nullptr;
        if (!n)
            return;
        auto& value = k.ref(load.settings);
        const std::string wrong = readSettingsValue(*n, k.min, k.max, file, value);
        if (!wrong.empty())
            problem(lineOf(*n), std::string(k.table) + "." + std::string(k.key) + ": " + wrong + ": using the default " +
                                    settingsValueText(value, false));
    });
    for (const std::string_view table : SettingsTables) {
        const toml::table* t = doc.get_as<toml::table>(table);
        if (!t)
            continue;
        std::string known;
        forEachSettingsKey([&](const auto& k) {
            if (k.table == table)
                known += (known.empty() ? "" : ", ") + std::string(k.key);
        });
        // Not a structured binding: clang 14 (the sanitizer tree) cannot capture one in a lambda.
        for (const auto& entry : *t) {
            const std::string_view key = entry.first.str();
            bool isKnown = false;
            forEachSettingsKey([&](const auto& k) { isKnown = isKnown || (k.table == table && k.key == key); });
            if (!isKnown)
                problem(lineOf(entry.second), std::string(table) + "." + std::string(key) + ": unknown key, left as it is (" +
                                                  std::string(table) + " has " + known + ")",
                        isostar::Severity::Warning);
        }
    }
    std::stable_sort(load.problems.begin(), load.problems.end(),
                     [](const isostar::Diagnostic& a, const isostar::Diagnostic& b) { return a.line < b.line; });
}

/// The file's bytes; nullopt with `error` set when it cannot be read.
std::optional<std::string> readSettingsText(const fs::path& file, std::string& error)
{
    std::error_code ec;
    if (fs::is_directory(file, ec)) {
        error = "it is a folder";
        return std::nullopt;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        error = "cannot open it";
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) {
        error = "cannot read it";
        return std::nullopt;
    }
    return text.str();
}

} // namespace

std::optional<fs::path> settingsPathFor(const char* xdgConfigHome, const char* home)
{
    if (xdgConfigHome && *xdgConfigHome && fs::path(xdgConfigHome).is_absolute())
        return fs::path(xdgConfigHome) / "isostar" / "settings.toml";
    if (home && *home)
        return fs::path(home) / ".config" / "isostar" / "settings.toml";
    return std::nullopt;
}

std::optional<fs::path> settingsPath()
{
    return settingsPathFor(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"));
}

SettingsLoad loadSettings(const fs::path& file)
{
    SettingsLoad load;
    std::error_code ec;
    if (!fs::exists(file, ec) && !ec)
        return load;
    const std::string leftAlone = ": using the default settings; the game leaves this file as it is";
    std::string error;
    const std::optional<std::string> text = readSettingsText(file, error);
    if (!text) {
        load.saveAllowed = false;
        load.problems.push_back({file.string(), 0, "cannot read the settings file (" + error + ")" + leftAlone});
        return load;
    }
    toml::table doc;
    try {
        doc = toml::parse(*text, file.string());
    } catch (const toml::parse_error& e) {
        load.saveAllowed = false;
        load.problems.push_back({file.string(), int(e.source().begin.line),
                                 "not valid TOML (column " + std::to_string(e.source().begin.column) + ": " +
                                     std::string(e.description()) + ")" + leftAlone});
        return load;
    }
    readSettingsDocument(doc, file, load);
    return load;
}

std::string settingsText(const Settings& s)
{
    std::string text = "# IsoStar's settings (docs/SETTINGS.md). The game writes the values it changes and keeps\n"
                       "# the rest of this file as it is: comments, other keys and tables.\n";
    std::string_view table;
    forEachSettingsKey([&](const auto& k) {
        if (k.table != table) {
            table = k.table;
            text += "\n[" + std::string(table) + "]\n";
        }
        text += std::string(k.key) + " = " + settingsValueText(k.ref(s), true) + "\n";
    });
    return text;
}

std::string saveSettings(const fs::path& file, const Settings& now, const Settings& base)
{
    if (now == base)
        return {};
    const std::string notSaved = ": the settings were not saved";
    std::error_code ec;
    std::string text;
    if (!fs::exists(file, ec) && !ec) {
        fs::create_directories(file.parent_path(), ec);
        if (ec)
            return "cannot write " + file.string() + ": cannot make its folder: " + ec.message() + notSaved;
        text = settingsText(now);
    } else {
        std::string error;
        const std::optional<std::string> current = readSettingsText(file, error);
        if (!current)
            return file.string() + ": error: cannot read the settings file (" + error + ")" + notSaved;
        try {
            (void)toml::parse(*current, file.string());
        } catch (const toml::parse_error& e) {
            return file.string() + ":" + std::to_string(e.source().begin.line) + ": error: not valid TOML any more" +
                   notSaved + " (the game leaves this file as it is)";
        }
        std::vector<isostar::terrain::TomlValueEdit> edits;
        forEachSettingsKey([&](const auto& k) {
            if (k.ref(now) != k.ref(base))
                edits.push_back({{std::string(k.table), std::string(k.key)}, settingsValueText(k.ref(now), true)});
        });
        isostar::Result<std::string> edited = isostar::terrain::editTomlValues(*current, edits, file.string());
        if (!edited) {
            std::string message = isostar::formatDiagnostics(edited.diagnostics());
            while (!message.empty() && message.back() == '\n')
                message.pop_back();
            return message + notSaved;
        }
        text = std::move(edited).value();
    }
    std::string error;
    if (!isostar::writeFileAtomically(file.string(), text, /*keepBackup=*/false, error))
        return error + notSaved;
    return {};
}

StartMap startMap(const Settings& settings, const std::string& fallback)
{
    if (settings.lastMap.empty())
        return {fallback, {}};
    std::error_code ec;
    if (fs::is_regular_file(settings.lastMap, ec))
        return {settings.lastMap, {}};
    return {fallback, "the last map played, " + settings.lastMap + ", is gone: playing " + fallback};
}

} // namespace game
