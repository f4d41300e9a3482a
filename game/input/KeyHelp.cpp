/// \file KeyHelp.cpp
/// The help overlay's sheet, the hint bars and README's key table, from the binding table.
#include "game/input/KeyHelp.hpp"

#include "IsoStarVersion.hpp"

#include <algorithm>
#include <cctype>

namespace game {

namespace {

constexpr KeyGroup Groups[] = {KeyGroup::Help,  KeyGroup::Select, KeyGroup::View,
                               KeyGroup::Debug, KeyGroup::World,  KeyGroup::Editor};

/// "Shift+" and '7' of "Shift+7"; nullopt when the trigger is not a digit key.
std::optional<std::pair<std::string, char>> digitKey(const std::string& trigger)
{
    if (trigger.empty() || !std::isdigit(static_cast<unsigned char>(trigger.back())))
        return std::nullopt;
    const std::string prefix = trigger.substr(0, trigger.size() - 1);
    if (!prefix.empty() && prefix.back() != '+')
        return std::nullopt;
    return std::make_pair(prefix, trigger.back());
}

std::string shown(const std::string& label, bool markdown)
{
    return markdown ? "`" + label + "`" : label;
}

/// A gesture's label with its modifiers in backticks and its words plain ("`Shift`+click").
std::string shownTrigger(const std::string& trigger, bool markdown)
{
    const std::string label = keyLabel(trigger);
    const std::optional<Trigger> t = parseTrigger(trigger);
    if (!markdown || !t || t->gesture == Gesture::Key)
        return shown(label, markdown);
    std::string out, rest = label;
    for (std::size_t plus = rest.find('+'); plus != std::string::npos && plus + 1 < rest.size(); plus = rest.find('+')) {
        out += "`" + rest.substr(0, plus) + "`+";
        rest = rest.substr(plus + 1);
    }
    return out + rest;
}

/// The Markdown table cell: `|` would end it.
std::string cell(std::string text)
{
    std::string out;
    for (char c : text)
        out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

} // namespace

std::vector<KeyHelpEntry> keyHelp()
{
    std::vector<KeyHelpEntry> out;
    for (KeyGroup group : Groups)
        for (const Binding& b : bindings()) {
            if (b.group != group)
                continue;
            const auto same = [&](const KeyHelpEntry& e) { return e.group == group && e.what == b.what; };
            const auto it = std::find_if(out.begin(), out.end(), same);
            if (it != out.end())
                it->triggers.push_back(b.trigger);
            else
                out.push_back({group, {b.trigger}, b.what});
        }
    return out;
}

std::string entryKeys(const KeyHelpEntry& entry, bool markdown)
{
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < entry.triggers.size();) {
        // A run of digit keys with one prefix, counting up: "1-9".
        std::size_t j = i + 1;
        const auto first = digitKey(entry.triggers[i]);
        while (first && j < entry.triggers.size()) {
            const auto next = digitKey(entry.triggers[j]);
            if (!next || next->first != first->first || next->second != char(first->second + (j - i)))
                break;
            ++j;
        }
        if (j - i >= 3)
            parts.push_back(shown(entry.triggers[i], markdown) + "-" + shown(std::string(1, entry.triggers[j - 1].back()), markdown));
        else
            for (std::size_t k = i; k < j; ++k)
                parts.push_back(shownTrigger(entry.triggers[k], markdown));
        i = j;
    }
    std::string out;
    for (const std::string& p : parts)
        out += (out.empty() ? "" : ", ") + p;
    return out;
}

HelpSheet helpSheet()
{
    HelpSheet sheet;
    sheet.title = std::string("IsoStar ") + isostar::Version + "  \xE2\x80\x94  Keys and mouse  (" + keysFor({cmd::ToggleHelp{}}) + " or Esc closes this help; " +
                  keysFor({cmd::ToggleHintBar{}}) + " hides the hint bar)";
    for (const KeyHelpEntry& e : keyHelp()) {
        if (sheet.groups.empty() || sheet.groups.back().title != groupTitle(e.group))
            sheet.groups.push_back({groupTitle(e.group), {}});
        sheet.groups.back().lines.emplace_back(entryKeys(e), e.what);
    }
    return sheet;
}

std::string hintBar(bool editing)
{
    const unsigned bar = editing ? BarEditor : BarPlay;
    // Items in keyHelp()'s order: by group, then table order.
    std::vector<std::pair<std::string, std::vector<std::string>>> items;  // hint, labels
    for (KeyGroup group : Groups)
        for (const Binding& b : bindings()) {
            if (b.group != group || b.hint.empty() || (b.bars & bar) == 0)
                continue;
            const auto it = std::find_if(items.begin(), items.end(), [&](const auto& i) { return i.first == b.hint; });
            if (it != items.end())
                it->second.push_back(keyLabel(b.trigger));
            else
                items.push_back({b.hint, {keyLabel(b.trigger)}});
        }
    std::string out;
    for (const auto& [hint, labels] : items)
        out += (out.empty() ? "" : "  ") + joinLabels(labels) + ": " + hint;
    return out;
}

std::string keysMarkdown()
{
    std::string out = "The keys and mouse gestures, written from the binding table (`game/input/Bindings.cpp`) by "
                      "`isostar --keys-markdown`; `" +
                      keysFor({cmd::ToggleHelp{}}) + "` in the game shows the same list.\n\n| Input | What it does |\n|---|---|\n";
    KeyGroup group = KeyGroup::Help;
    bool first = true;
    for (const KeyHelpEntry& e : keyHelp()) {
        if (first || e.group != group)
            out += "| **" + cell(groupTitle(e.group)) + "** | |\n";
        first = false;
        group = e.group;
        out += "| " + cell(entryKeys(e, true)) + " | " + cell(e.what) + " |\n";
    }
    return out;
}

} // namespace game
