/// \file ConfigTuning.cpp
/// The tuning model over one config file's text: made from text, a file or a config; set writes
/// the edits into the text and keeps the result only if the loader accepts it (an edit back to
/// the file's value is dropped); reset, save and markSaved. Keys: ConfigTuningKeys.cpp.
#include "engine/terrain/ConfigTuning.hpp"

#include "engine/core/AtomicFile.hpp"
#include "engine/terrain/TerrainConfigFormat.hpp"
#include "engine/terrain/detail/TuningKeys.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace isostar::terrain {

namespace {

std::string joinMessages(const std::vector<Diagnostic>& ds)
{
    std::string out;
    for (const Diagnostic& d : ds) {
        if (!out.empty())
            out += '\n';
        out += d.message;
    }
    return out;
}

} // namespace

Result<ConfigTuning> ConfigTuning::fromText(std::string text, std::string fileName)
{
    Result<TerrainConfig> parsed = parseTerrainConfig(text, fileName);
    if (!parsed)
        return Result<ConfigTuning>::failure(parsed.diagnostics());
    ConfigTuning t;
    t.m_fileName = std::move(fileName);
    t.m_fileText = std::move(text);
    t.m_fileConfig = std::move(parsed).value();
    t.m_text = t.m_fileText;
    t.m_config = t.m_fileConfig;
    t.rebuildInFile();
    return t;
}

Result<ConfigTuning> ConfigTuning::fromFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Result<ConfigTuning>::failure(Diagnostic{path, 0, "cannot open terrain config"});
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad())
        return Result<ConfigTuning>::failure(Diagnostic{path, 0, "cannot read terrain config"});
    return fromText(text.str(), path);
}

Result<ConfigTuning> ConfigTuning::fromConfig(const TerrainConfig& config, std::string fileName)
{
    return fromText(formatTerrainConfig(config), std::move(fileName));
}

void ConfigTuning::rebuildInFile()
{
    m_inFile.clear();
    toml::table doc;
    try {
        doc = toml::parse(m_fileText, m_fileName);
    } catch (const toml::parse_error&) {
        return; // cannot happen: the text parsed in fromText / was written by set
    }
    auto exists = [&](const std::vector<std::string>& path) {
        const toml::node* n = &doc;
        for (const std::string& part : path) {
            const toml::table* t = n->as_table();
            if (!t)
                return false;
            n = t->get(part);
            if (!n)
                return false;
        }
        return true;
    };
    std::vector<std::string> scopes{""};
    for (const TerrainProfile& p : m_fileConfig.profiles)
        scopes.push_back(p.name);
    for (const std::string& scope : scopes)
        for (const detail::KeySpec& s : detail::specsOf(m_fileConfig, m_fileConfig.base, scope, true))
            if (exists(s.path))
                m_inFile.push_back(s.key);
    std::sort(m_inFile.begin(), m_inFile.end());
}

std::vector<TuningKey> ConfigTuning::keys() const
{
    std::vector<TuningKey> out;
    std::vector<std::string> scopes{""};
    for (const TerrainProfile& p : m_fileConfig.profiles)
        scopes.push_back(p.name);
    for (const std::string& scope : scopes) {
        const TerrainRules* rules = detail::rulesOf(m_config, scope);
        if (!rules)
            continue;
        for (const detail::KeySpec& s : detail::specsOf(m_fileConfig, *rules, scope, false))
            out.push_back(detail::describe(s, m_config, m_fileConfig, m_inFile, m_edits));
    }
    return out;
}

std::optional<TuningKey> ConfigTuning::find(std::string_view key) const
{
    Result<detail::KeySpec> spec = detail::resolveKey(m_fileConfig, key);
    if (!spec)
        return std::nullopt;
    return detail::describe(spec.value(), m_config, m_fileConfig, m_inFile, m_edits);
}

std::optional<std::string> ConfigTuning::set(std::string_view key, std::string_view valueText)
{
    Result<detail::KeySpec> spec = detail::resolveKey(m_fileConfig, key);
    if (!spec)
        return joinMessages(spec.diagnostics());
    Result<std::string> token = detail::tokenFor(spec.value(), valueText);
    if (!token)
        return joinMessages(token.diagnostics());

    auto render = [&](const std::vector<std::pair<std::string, TomlValueEdit>>& edits) {
        std::vector<TomlValueEdit> list;
        for (const auto& e : edits)
            list.push_back(e.second);
        return editTomlValues(m_fileText, list, m_fileName);
    };

    std::vector<std::pair<std::string, TomlValueEdit>> without = m_edits;
    const bool wasEdited = std::erase_if(without, [&](const auto& e) { return e.first == spec.value().key; }) > 0;
    std::vector<std::pair<std::string, TomlValueEdit>> with = m_edits;
    const TomlValueEdit edit{spec.value().path, token.value()};
    auto it = std::find_if(with.begin(), with.end(), [&](const auto& e) { return e.first == spec.value().key; });
    if (it != with.end())
        it->second = edit;
    else
        with.emplace_back(spec.value().key, edit);

    Result<std::string> withText = render(with);
    if (!withText)
        return joinMessages(withText.diagnostics());
    Result<TerrainConfig> withConfig = parseTerrainConfig(withText.value(), m_fileName);
    if (!withConfig)
        return joinMessages(withConfig.diagnostics());

    // A value that changes nothing (back to the file's) drops its edit, so a save leaves its line.
    if (wasEdited) {
        Result<std::string> withoutText = render(without);
        if (withoutText) {
            Result<TerrainConfig> withoutConfig = parseTerrainConfig(withoutText.value(), m_fileName);
            if (withoutConfig && withoutConfig.value() == withConfig.value()) {
                m_edits = std::move(without);
                m_text = std::move(withoutText).value();
                m_config = std::move(withoutConfig).value();
                return std::nullopt;
            }
        }
    } else if (withConfig.value() == m_config) {
        return std::nullopt;
    }
    m_edits = std::move(with);
    m_text = std::move(withText).value();
    m_config = std::move(withConfig).value();
    return std::nullopt;
}

void ConfigTuning::reset()
{
    m_edits.clear();
    m_text = m_fileText;
    m_config = m_fileConfig;
}

std::vector<std::string> ConfigTuning::editedKeys() const
{
    std::vector<std::string> out;
    for (const auto& e : m_edits)
        out.push_back(e.first);
    return out;
}

std::vector<std::pair<std::string, std::string>> ConfigTuning::values() const
{
    std::vector<std::pair<std::string, std::string>> out;
    for (TuningKey& k : keys())
        if (!k.value.empty())
            out.emplace_back(std::move(k.key), std::move(k.value));
    return out;
}

std::optional<std::string> ConfigTuning::save(const std::string& path, bool keepBackup) const
{
    std::string error;
    if (!writeFileAtomically(path, m_text, keepBackup, error))
        return error;
    return std::nullopt;
}

void ConfigTuning::markSaved()
{
    m_fileText = m_text;
    m_fileConfig = m_config;
    m_edits.clear();
    rebuildInFile();
}

} // namespace isostar::terrain
