/// \file Bindings.cpp
/// The binding table (keys and mouse gestures -> commands) and the help lines written from it.
#include "game/input/Bindings.hpp"

#include <type_traits>

namespace game {

namespace {

constexpr unsigned AnyMod = ModCtrl | ModShift | ModAlt;

std::vector<Binding> makeBindings()
{
    std::vector<Binding> rows = {
        // Editing, in both modes.
        {"Ctrl+Z", Mode::Any, ModAlt, cmd::Undo{}},
        {"Ctrl+Y", Mode::Any, ModShift | ModAlt, cmd::Redo{}},
        {"Ctrl+Shift+Z", Mode::Any, ModAlt, cmd::Redo{}},
        {"Ctrl+S", Mode::Any, ModShift | ModAlt, cmd::Save{}},
        {"E", Mode::Any, ModShift, cmd::ToggleEditor{}},
        // Debug tools (game/debug).
        {"Ctrl+N", Mode::Any, ModShift, cmd::StepSpeed{}},
        {"Shift+N", Mode::Any, 0, cmd::StepPlay{}},
        {"N", Mode::Any, 0, cmd::Step{1}},
        {"C", Mode::Any, ModShift, cmd::ToggleOverlay{"heat"}},
        {"I", Mode::Any, ModShift, cmd::ToggleOverlay{"influence"}},
        {"T", Mode::Any, AnyMod, cmd::ToggleOverlay{"search"}},
        {"V", Mode::Any, ModShift, cmd::ToggleOverlay{"numbers"}},
        {"L", Mode::Any, ModShift, cmd::ToggleOverlay{"field"}},
        {"Y", Mode::Any, ModShift, cmd::ToggleWhy{}},
        {"G", Mode::Any, ModShift, cmd::StepMode{}},
        {"R", Mode::Any, ModShift, cmd::ClearRace{}},
        // The editor's brush.
        {"Tab", Mode::Editor, ModCtrl | ModAlt, cmd::CycleBrush{1}},
        {"Shift+Tab", Mode::Editor, ModCtrl | ModAlt, cmd::CycleBrush{-1}},
        // Selection, panels, reload.
        {"Ctrl+A", Mode::Any, ModShift | ModAlt, cmd::SelectAll{}},
        {"Escape", Mode::Any, AnyMod, cmd::SelectNone{}},
        {"F5", Mode::Any, AnyMod, cmd::Reload{}},
        {"F2", Mode::Any, AnyMod, cmd::ToggleTuning{}},
        {"H", Mode::Any, AnyMod, cmd::ToggleHelp{}},
        {"F1", Mode::Any, AnyMod, cmd::ToggleHelp{}},
        // The view: follow the party, the minimap.
        {"F", Mode::Any, ModShift, cmd::ToggleFollow{}},
        {"M", Mode::Any, ModShift, cmd::ToggleMinimap{}},
        // Fog of war.
        {"O", Mode::Any, ModShift, cmd::ToggleFog{}},
        // Mouse gestures on a cell (the tile under the pointer goes into the command).
        {"click", Mode::Play, ModCtrl | ModAlt, cmd::Order{}},
        {"Shift+click", Mode::Play, ModCtrl | ModAlt, cmd::Race{}},
        {"rclick", Mode::Play, AnyMod, cmd::Order{}},
        {"click", Mode::Editor, AnyMod, cmd::BrushClick{}},
        {"drag", Mode::Editor, AnyMod, cmd::Paint{}},
        {"rclick", Mode::Editor, AnyMod, cmd::Erase{}},
        {"Ctrl+wheelup", Mode::Editor, ModShift | ModAlt, cmd::CycleBrush{-1}},
        {"Ctrl+wheeldown", Mode::Editor, ModShift | ModAlt, cmd::CycleBrush{1}},
    };
    // Number keys: unit N alone, or toggled in the selection with Shift.
    for (int i = 0; i < 9; ++i) {
        const std::string digit = std::to_string(i + 1);
        rows.push_back({digit, Mode::Any, ModCtrl | ModAlt, cmd::SelectUnit{i, false}});
        rows.push_back({"Shift+" + digit, Mode::Any, ModCtrl | ModAlt, cmd::SelectUnit{i, true}});
    }
    return rows;
}

/// bindings() with each trigger parsed (the table is checked by a test: every trigger parses).
const std::vector<Trigger>& parsedTriggers()
{
    static const std::vector<Trigger> parsed = [] {
        std::vector<Trigger> out;
        for (const Binding& b : bindings())
            out.push_back(parseTrigger(b.trigger).value_or(Trigger{}));
        return out;
    }();
    return parsed;
}

bool matches(const Binding& row, const Trigger& bound, const Trigger& pressed, bool editing)
{
    if (row.mode != Mode::Any && (row.mode == Mode::Editor) != editing)
        return false;
    if (bound.gesture != pressed.gesture || (bound.gesture == Gesture::Key && bound.chord.key != pressed.chord.key))
        return false;
    const auto same = [&](unsigned bit, bool a, bool b) { return (row.anyMods & bit) != 0 || a == b; };
    return same(ModCtrl, bound.chord.ctrl, pressed.chord.ctrl) && same(ModShift, bound.chord.shift, pressed.chord.shift) &&
           same(ModAlt, bound.chord.alt, pressed.chord.alt);
}

/// "Ctrl+" of "Ctrl+Z", "" of "Tab".
std::string modifierPrefix(const std::string& trigger)
{
    const std::size_t plus = trigger.rfind('+', trigger.size() >= 2 ? trigger.size() - 2 : 0);
    return plus == std::string::npos ? std::string() : trigger.substr(0, plus + 1);
}

} // namespace

Command atTile(Command c, eng::TileCoord tile)
{
    std::visit(
        [&](auto& x) {
            if constexpr (requires { x.tile; })
                x.tile = tile;
        },
        c);
    return c;
}

std::optional<Trigger> parseTrigger(const std::string& text)
{
    struct Named {
        const char* name;
        Gesture gesture;
    };
    static const Named gestures[] = {{"CLICK", Gesture::Click},     {"RCLICK", Gesture::RightClick},
                                     {"DRAG", Gesture::Drag},       {"WHEELUP", Gesture::WheelUp},
                                     {"WHEELDOWN", Gesture::WheelDown}};
    Trigger t;
    const std::string rest = takeModifiers(text, t.chord);
    for (const Named& g : gestures)
        if (rest == g.name) {
            t.gesture = g.gesture;
            return t;
        }
    const std::optional<KeyChord> chord = parseKeyChord(text);
    if (!chord)
        return std::nullopt;
    t.chord = *chord;
    return t;
}

const std::vector<Binding>& bindings()
{
    static const std::vector<Binding> rows = makeBindings();
    return rows;
}

std::optional<Command> commandFor(const Trigger& pressed, bool editing)
{
    const std::vector<Binding>& rows = bindings();
    const std::vector<Trigger>& parsed = parsedTriggers();
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (matches(rows[i], parsed[i], pressed, editing))
            return rows[i].command;
    return std::nullopt;
}

std::optional<Command> commandForKey(const KeyChord& pressed, bool editing)
{
    return commandFor(Trigger{Gesture::Key, pressed}, editing);
}

std::string keysFor(std::initializer_list<Command> commands, const std::string& separator)
{
    std::string out, previousPrefix;
    for (const Command& c : commands) {
        for (const Binding& b : bindings()) {
            if (b.command != c)
                continue;
            const std::string prefix = modifierPrefix(b.trigger);
            const bool shared = !out.empty() && !prefix.empty() && prefix == previousPrefix;
            out += (out.empty() ? "" : separator) + (shared ? b.trigger.substr(prefix.size()) : b.trigger);
            previousPrefix = prefix;
            break;
        }
    }
    return out;
}

std::string playHelp()
{
    // Fits a 1280 px window at the hint bar's 13 px: the long names are in the README and help.
    return "LMB select/move/box  RMB move/pan  1-4 " + keysFor({cmd::SelectAll{}}) + " select  WASD pan  wheel zoom  " +
           keysFor({cmd::ToggleFollow{}}) + " follow  " + keysFor({cmd::ToggleMinimap{}}) + " map  " +
           keysFor({cmd::ToggleFog{}}) + " fog  " + keysFor({cmd::ToggleEditor{}}) + " edit  " +
           keysFor({cmd::ToggleTuning{}}) + " tune  " + keysFor({cmd::Reload{}}) + " reload  " +
           keysFor({cmd::ToggleHelp{}}) + " help  |  " +
           keysFor({cmd::ToggleOverlay{"heat"}, cmd::ToggleOverlay{"influence"}, cmd::ToggleOverlay{"search"},
                    cmd::ToggleOverlay{"numbers"}, cmd::ToggleOverlay{"field"}},
                   " ") +
           " overlays  " + keysFor({cmd::StepMode{}, cmd::Step{1}}) + " step  " + keysFor({cmd::Race{}}) + " race  " +
           keysFor({cmd::ToggleWhy{}}) + " why";
}

std::string editorHelp()
{
    return keysFor({cmd::ToggleEditor{}}) + " play   LMB/drag paint   click volcano: erupt   RMB erase   " +
           keysFor({cmd::CycleBrush{1}, cmd::CycleBrush{-1}}) + ", Ctrl+wheel brush   " +
           keysFor({cmd::Undo{}, cmd::Redo{}}) + " undo/redo   " + keysFor({cmd::Save{}}) + " save";
}

} // namespace game
