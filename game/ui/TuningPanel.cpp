/// \file TuningPanel.cpp
/// TuningPanel: the model side (set / reset / save through isostar::terrain::ConfigTuning, applied
/// through the owner) and the ImGui window.
#include "game/ui/TuningPanel.hpp"

#include "engine/terrain/TerrainConfigFile.hpp"
#include "engine/terrain/TomlTextEdit.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace game {

namespace {

namespace fs = std::filesystem;

std::optional<std::string> readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool samePath(const std::string& a, const std::string& b)
{
    std::error_code ec1, ec2;
    const fs::path pa = fs::weakly_canonical(a, ec1), pb = fs::weakly_canonical(b, ec2);
    return ec1 || ec2 ? fs::path(a).lexically_normal() == fs::path(b).lexically_normal() : pa == pb;
}

const ImVec4 Yellow(1.0f, 0.86f, 0.45f, 1.0f);
const ImVec4 Red(1.0f, 0.45f, 0.4f, 1.0f);
const ImVec4 Green(0.6f, 0.95f, 0.6f, 1.0f);
const ImVec4 Dim(0.65f, 0.67f, 0.72f, 1.0f);

} // namespace

TuningPanel::TuningPanel(TuningActions actions) : m_actions(std::move(actions)) {}

void TuningPanel::worldLoaded(const World& world)
{
    m_hexMap = world.map.orientation == isostar::map::Orientation::Hexagonal;
    m_configPath = world.configPath;
    if (m_configPath.empty()) {
        // The built-in defaults: tuned from their TOML form (no file; Save needs one).
        if (m_model && m_model->fileName().empty() && m_model->fileConfig() == world.config) {
            reapply();
            return;
        }
        adopt(isostar::terrain::ConfigTuning::fromConfig(world.config, ""));
        return;
    }
    // The text the world parsed, from its one read of the file: the file on disk may hold
    // something else by now (being rewritten, broken), the world's config is this text's.
    if (m_model && m_model->fileName() == m_configPath && m_model->fileText() == world.configText) {
        reapply();  // the config's text did not change (a map-only reload): the panel's changes stay
        return;
    }
    // The config's text changed (an outside edit, or another config): the new text's values
    // apply, and the values tuned here and not saved stay on top of them (Reset takes the file's).
    std::vector<std::pair<std::string, std::string>> tuned;
    if (m_model && m_model->fileName() == m_configPath)
        for (const isostar::terrain::TuningKey& k : m_model->keys())
            if (k.edited && !k.value.empty())
                tuned.emplace_back(k.key, k.value);
    adopt(isostar::terrain::ConfigTuning::fromText(world.configText, m_configPath));
    if (!tuned.empty() && m_model)
        carryOver(tuned);
}

void TuningPanel::carryOver(const std::vector<std::pair<std::string, std::string>>& tuned)
{
    std::string dropped;
    for (const auto& [key, value] : tuned)
        if (m_model->set(key, value))
            dropped += (dropped.empty() ? "" : ", ") + key;
    if (m_model->edited() && m_actions.apply) {
        const std::string error = m_actions.apply(m_model->config());
        if (!error.empty()) {
            m_model->reset();
            noteResult(error, "");
            return;
        }
    }
    std::string text = m_configPath + " changed on disk: its values apply, your " + std::to_string(tuned.size()) +
                       " tuned value" + (tuned.size() == 1 ? "" : "s") + " stay on top (Reset takes the file's)";
    if (!dropped.empty())
        text += "; no longer valid there, dropped: " + dropped;
    noteResult(std::nullopt, text);
}

void TuningPanel::reapply()
{
    if (!m_model->edited() || !m_actions.apply)
        return;
    const std::string error = m_actions.apply(m_model->config());
    if (!error.empty()) {
        m_model->reset();
        noteResult(error, "");
    }
}

void TuningPanel::adopt(isostar::Result<isostar::terrain::ConfigTuning> model)
{
    m_refusedDisk.reset();  // a new start text: an earlier refusal no longer stands
    if (!model) {
        m_model.reset();
        m_unavailable = isostar::formatDiagnostic(model.diagnostics().front());
        return;
    }
    // Parsed from the world's own text (or config), its config is the world's: nothing to apply.
    m_model = std::move(model).value();
    m_unavailable.clear();
}

std::optional<std::string> TuningPanel::set(std::string_view key, std::string_view valueText)
{
    if (!m_model)
        return "panel: " + m_unavailable;
    const isostar::terrain::ConfigTuning before = *m_model;
    if (std::optional<std::string> error = m_model->set(key, valueText))
        return error;
    if (m_model->config() == before.config())
        return std::nullopt;  // the same value again: nothing to rebuild
    if (m_actions.apply) {
        const std::string error = m_actions.apply(m_model->config());
        if (!error.empty()) {
            *m_model = before;
            return std::string(key) + ": " + error;
        }
    }
    return std::nullopt;
}

std::optional<std::string> TuningPanel::reset()
{
    if (!m_model)
        return "panel: " + m_unavailable;
    const isostar::terrain::ConfigTuning before = *m_model;
    m_model->reset();
    if (m_actions.apply && !(m_model->config() == before.config())) {
        const std::string error = m_actions.apply(m_model->config());
        if (!error.empty()) {
            *m_model = before;
            return "reset: " + error;
        }
    }
    return std::nullopt;
}

std::optional<std::string> TuningPanel::checkDisk(const std::string& path)
{
    DiskFile disk;
    std::error_code ec;
    disk.exists = fs::exists(path, ec) && !ec;
    if (const std::optional<std::string> text = readFile(path)) {
        disk.readable = true;
        disk.text = *text;
    }
    if (disk.readable && disk.text == m_model->fileText()) {
        m_refusedDisk.reset();
        return std::nullopt;
    }
    if (m_refusedDisk && *m_refusedDisk == disk)
        return std::nullopt;  // reported by the last save and unchanged since: overwrite knowingly
    m_refusedDisk = disk;
    const std::string keep = "; your values stay in the panel: Save again to overwrite it (the file on disk is then "
                             "kept as " + path + ".bak)";
    if (!disk.exists)
        return "not saved: " + path + " is no longer on disk; your values stay in the panel: Save again to write it";
    if (!disk.readable)
        return "not saved: cannot read " + path + " to check it is the text the panel started from" + keep;
    std::string what = "not saved: " + path + " changed on disk since the panel read it";
    if (auto parsed = isostar::terrain::parseTerrainConfig(disk.text, path); !parsed)
        what += " and does not load (" + isostar::formatDiagnostic(parsed.diagnostics().front()) + ")";
    return what + keep;
}

std::optional<std::string> TuningPanel::save(const std::string& path)
{
    if (!m_model)
        return "panel: " + m_unavailable;
    const bool toConfig = !m_configPath.empty() && samePath(path, m_configPath);
    if (toConfig)
        if (std::optional<std::string> refused = checkDisk(path))
            return refused;
    if (std::optional<std::string> error = m_model->save(path, true))
        return error;
    if (toConfig) {
        m_model->markSaved();
        m_refusedDisk.reset();
    }
    if (m_actions.wrote)
        m_actions.wrote(path);
    return std::nullopt;
}

std::optional<std::string> TuningPanel::saveToConfig()
{
    if (m_configPath.empty())
        return std::string("the map uses the built-in defaults: no config file to save to (start with --config "
                           "FILE, or use the script's `panel save FILE`)");
    return save(m_configPath);
}

std::vector<std::pair<std::string, std::string>> TuningPanel::values() const
{
    if (!m_model)
        return {};
    return m_model->values();
}

void TuningPanel::setSelectedProfile(const std::string& profile)
{
    if (profile == m_selectedProfile)
        return;
    m_selectedProfile = profile;
    m_profile = profile;
}

void TuningPanel::noteResult(const std::optional<std::string>& error, const std::string& okText)
{
    m_status = error ? *error : okText;
    m_statusError = error.has_value();
    if (m_actions.say && !m_status.empty())
        m_actions.say(m_status, m_statusError);
}

// ------------------------------------------------------------------------------------------------
// ImGui

void TuningPanel::drawKey(const isostar::terrain::TuningKey& k)
{
    ImGui::PushID(k.key.c_str());
    ImGui::AlignTextToFramePadding();
    if (k.changed())
        ImGui::TextColored(Yellow, "%s *", k.field.c_str());
    else
        ImGui::TextUnformatted(k.field.c_str());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\nfile: %s%s", k.key.c_str(), k.fileValue.empty() ? "(not set)" : k.fileValue.c_str(),
                          k.inFile ? "" : " (not written in the file)");
    ImGui::SameLine(ImGui::GetFontSize() * 9.f);
    ImGui::SetNextItemWidth(-1.f);
    std::optional<std::string> error;
    bool changed = false;
    switch (k.kind) {
    case isostar::terrain::TuningKind::Number: {
        // What set() accepts now (the loader's bound, narrowed for an influence by its factor
        // rule): the slider stays inside, an exclusive end a hair within. Unbounded ends bound
        // only the drag; typing (Ctrl+click) is clamped the same way.
        double v = k.number.value_or(1.0);
        const isostar::terrain::NumberRange& r = k.range;
        const double span = 1e6;
        double lo = std::isfinite(r.min) ? r.min : -span, hi = std::isfinite(r.max) ? r.max : span;
        if (std::isfinite(r.min) && r.minExclusive)
            lo += std::max(1e-4, std::abs(r.min) * 1e-6);
        if (std::isfinite(r.max) && r.maxExclusive)
            hi -= std::max(1e-4, std::abs(r.max) * 1e-6);
        if (hi < lo)
            hi = lo;
        const float speed = float(std::max(0.005, std::abs(v) * 0.01));
        const char* format = k.number ? "%.4g" : "(not set: 1)";
        if (ImGui::DragScalar("##v", ImGuiDataType_Double, &v, speed, &lo, &hi, format, ImGuiSliderFlags_AlwaysClamp)) {
            error = set(k.key, isostar::terrain::formatTomlNumber(v));
            changed = true;
        }
        break;
    }
    case isostar::terrain::TuningKind::Whole: {
        // Whole numbers within the loader's bounds (sight: 1..64).
        int v = int(k.number.value_or(k.range.min));
        const int lo = int(std::ceil(k.range.min)), hi = std::isfinite(k.range.max) ? int(k.range.max) : 1 << 20;
        if (ImGui::DragInt("##v", &v, 0.1f, lo, hi, "%d", ImGuiSliderFlags_AlwaysClamp)) {
            error = set(k.key, std::to_string(v));
            changed = true;
        }
        break;
    }
    case isostar::terrain::TuningKind::Bool: {
        bool b = k.value == "true";
        if (ImGui::Checkbox("##v", &b)) {
            error = set(k.key, b ? "true" : "false");
            changed = true;
        }
        break;
    }
    case isostar::terrain::TuningKind::Choice:
        if (ImGui::BeginCombo("##v", k.value.c_str())) {
            for (const std::string& choice : k.choices) {
                const bool selected = choice == k.value;
                if (ImGui::Selectable(choice.c_str(), selected) && !selected) {
                    error = set(k.key, choice);
                    changed = true;
                }
                if (selected)
                    ImGui::SetItemDefaultFocus();
            }
            ImGui::EndCombo();
        }
        break;
    }
    if (changed) {
        m_status = error ? *error : std::string();
        m_statusError = error.has_value();
    }
    ImGui::PopID();
}

void TuningPanel::draw()
{
    if (!m_visible)
        return;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float top = 200.f;
    ImGui::SetNextWindowPos(ImVec2(10.f, top), ImGuiCond_FirstUseEver);
    // Down to above the message lines (bottom centre), which it would otherwise cover.
    ImGui::SetNextWindowSize(ImVec2(440.f, std::max(200.f, display.y - top - 120.f)), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.94f);
    if (!ImGui::Begin("Tuning (F2)", &m_visible)) {
        ImGui::End();
        return;
    }
    if (!m_model) {
        ImGui::TextColored(Red, "Nothing to tune");
        ImGui::TextWrapped("%s", m_unavailable.c_str());
        ImGui::End();
        return;
    }
    const std::vector<isostar::terrain::TuningKey> keys = m_model->keys();
    drawButtons(keys);
    drawProfileChoice();
    ImGui::Separator();
    ImGui::BeginChild("values", ImVec2(0.f, 0.f), false);
    drawValues(keys);
    ImGui::EndChild();
    ImGui::End();
}

void TuningPanel::drawButtons(const std::vector<isostar::terrain::TuningKey>& keys)
{
    ImGui::TextColored(Dim, "Config:");
    ImGui::SameLine();
    ImGui::TextWrapped("%s", m_configPath.empty() ? "built-in defaults (no file)" : m_configPath.c_str());
    const auto changedCount = std::count_if(keys.begin(), keys.end(), [](const auto& k) { return k.changed(); });
    if (ImGui::Button("Reset"))
        noteResult(reset(), "back to the file's values");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("every value back to the file's");
    ImGui::SameLine();
    if (m_configPath.empty()) {
        ImGui::TextColored(Dim, "(built-in: Save needs --config FILE)");
    } else {
        if (ImGui::Button("Save"))
            noteResult(saveToConfig(), "saved " + m_configPath + " (the previous file kept as .bak)");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("write the changed values into %s", m_configPath.c_str());
    }
    ImGui::SameLine();
    ImGui::TextColored(changedCount ? Yellow : Dim, "%d differ from the file", int(changedCount));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("values now in force that differ from the file's (marked *), profiles included");
    if (!m_status.empty())
        ImGui::TextColored(m_statusError ? Red : Green, "%s", m_status.c_str());
}

void TuningPanel::drawProfileChoice()
{
    // The base rules or one profile (starts on the selected unit's).
    const isostar::terrain::TerrainConfig& config = m_model->config();
    if (!m_profile.empty() && !config.profile(m_profile))
        m_profile.clear();
    const std::string shown = m_profile.empty() ? std::string("base rules (every unit)") : "profile " + m_profile;
    ImGui::SetNextItemWidth(-1.f);
    if (ImGui::BeginCombo("##profile", shown.c_str())) {
        if (ImGui::Selectable("base rules (every unit)", m_profile.empty()))
            m_profile.clear();
        for (const isostar::terrain::TerrainProfile& p : config.profiles) {
            const std::string label = "profile " + p.name + (p.name == m_selectedProfile ? "  (selected unit)" : "");
            if (ImGui::Selectable(label.c_str(), p.name == m_profile))
                m_profile = p.name;
        }
        ImGui::EndCombo();
    }
    if (!m_profile.empty())
        if (const auto it = std::find_if(config.profiles.begin(), config.profiles.end(),
                                         [&](const auto& p) { return p.name == m_profile; });
            it != config.profiles.end() && !it->description.empty())
            ImGui::TextColored(Dim, "%s", it->description.c_str());
}

void TuningPanel::drawValues(const std::vector<isostar::terrain::TuningKey>& keys)
{
    ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    if (ImGui::CollapsingHeader("Movement")) {
        if (m_hexMap)
            ImGui::TextColored(Dim, "%s", HexDiagonalNote);
        for (const isostar::terrain::TuningKey& k : keys)
            if (k.profile == m_profile && k.terrain.empty()) {
                // On hexagons every neighbour shares an edge: the diagonal rules have nothing
                // to act on (still editable: they are the config's, for its square maps).
                const bool inert = m_hexMap && (k.field == "diagonal" || k.field == "diagonal_factor");
                if (inert)
                    ImGui::BeginDisabled();
                drawKey(k);
                if (inert)
                    ImGui::EndDisabled();
            }
    }
    ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    if (!ImGui::CollapsingHeader("Terrain"))
        return;
    // One tree node per terrain of the shown profile, yellow when one of its values changed.
    std::size_t i = 0;
    while (i < keys.size()) {
        const isostar::terrain::TuningKey& first = keys[i];
        std::size_t end = i;
        while (end < keys.size() && keys[end].profile == first.profile && keys[end].terrain == first.terrain)
            ++end;
        if (first.profile == m_profile && !first.terrain.empty()) {
            const bool anyChanged = std::any_of(keys.begin() + std::ptrdiff_t(i), keys.begin() + std::ptrdiff_t(end),
                                                [](const auto& k) { return k.changed(); });
            ImGui::SetNextItemOpen(true, ImGuiCond_Once);
            if (anyChanged)
                ImGui::PushStyleColor(ImGuiCol_Text, Yellow);
            const bool open = ImGui::TreeNode(first.terrain.c_str());
            if (anyChanged)
                ImGui::PopStyleColor();
            if (open) {
                for (std::size_t k = i; k < end; ++k)
                    drawKey(keys[k]);
                ImGui::TreePop();
            }
        }
        i = end;
    }
}

} // namespace game
