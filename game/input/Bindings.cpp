/// \file Bindings.cpp
/// The binding table (keys and mouse gestures -> commands, with what each does) and its look-ups.
#include "game/input/Bindings.hpp"

#include <algorithm>
#include <type_traits>

namespace game {

namespace {

constexpr unsigned AnyMod = ModCtrl | ModShift | ModAlt;
constexpr unsigned BothBars = BarPlay | BarEditor;

/// Appends the rows of one group.
struct Rows {
    std::vector<Binding>& rows;
    KeyGroup group;
    void operator()(std::string trigger, Mode mode, unsigned anyMods, Command command, std::string what,
                    std::string hint = {}, unsigned bars = 0) const
    {
        rows.push_back({std::move(trigger), mode, anyMods, std::move(command), group, std::move(what), std::move(hint),
                        bars});
    }
};

/// First in the table: while the help overlay shows, Esc closes it rather than deselecting.
/// H comes before it, so messages name H for the help (keyOf).
void helpRows(std::vector<Binding>& rows)
{
    const Rows add{rows, KeyGroup::Help};
    add("H", Mode::Any, ModCtrl | ModAlt, cmd::ToggleHelp{}, "this help on / off: every key, grouped", "help", BothBars);
    add("F1", Mode::Any, AnyMod, cmd::ToggleHelp{}, "this help on / off: every key, grouped");
    add("Escape", Mode::Help, AnyMod, cmd::ToggleHelp{}, "close this help");
    add("Shift+H", Mode::Any, ModCtrl | ModAlt, cmd::ToggleHintBar{}, "the hint bar at the bottom on / off");
}

/// Edits in both modes, and the editor's own keys and gestures (before the camera's rows: Ctrl+
/// wheel picks the brush in the editor, the wheel alone zooms).
void editorRows(std::vector<Binding>& rows)
{
    const Rows add{rows, KeyGroup::Editor};
    add("Ctrl+Z", Mode::Any, ModAlt, cmd::Undo{}, "undo an edit", "undo/redo", BarEditor);
    add("Ctrl+Y", Mode::Any, ModShift | ModAlt, cmd::Redo{}, "redo an edit", "undo/redo", BarEditor);
    add("Ctrl+Shift+Z", Mode::Any, ModAlt, cmd::Redo{}, "redo an edit");
    add("Ctrl+S", Mode::Any, ModShift | ModAlt, cmd::Save{}, "save the map to its file (the old one kept as .bak)",
        "save", BarEditor);
    add("click", Mode::Editor, AnyMod, cmd::BrushClick{}, "paint the brush; on a volcano: erupt / go dormant", "paint",
        BarEditor);
    add("drag", Mode::Editor, AnyMod, cmd::Paint{}, "paint the brush along the drag (one undo)", "paint", BarEditor);
    add("rclick", Mode::Editor, AnyMod, cmd::Erase{}, "erase the overlay tile", "erase", BarEditor);
    add("Tab", Mode::Editor, ModCtrl | ModAlt, cmd::CycleBrush{1}, "next brush", "brush", BarEditor);
    add("Shift+Tab", Mode::Editor, ModCtrl | ModAlt, cmd::CycleBrush{-1}, "previous brush", "brush", BarEditor);
    add("Ctrl+wheelup", Mode::Editor, ModShift | ModAlt, cmd::CycleBrush{-1}, "previous brush");
    add("Ctrl+wheeldown", Mode::Editor, ModShift | ModAlt, cmd::CycleBrush{1}, "next brush");
}

/// The debug tools (game/debug).
void debugRows(std::vector<Binding>& rows)
{
    const Rows add{rows, KeyGroup::Debug};
    add("C", Mode::Any, ModShift, cmd::ToggleOverlay{"heat"}, "overlay: cost heat map of the selected unit's profile",
        "overlays", BarPlay);
    add("I", Mode::Any, ModShift, cmd::ToggleOverlay{"influence"}, "overlay: influence of volcanoes and tombstones",
        "overlays", BarPlay);
    add("T", Mode::Any, AnyMod, cmd::ToggleOverlay{"search"}, "overlay: the last search (closed, open, path)",
        "overlays", BarPlay);
    add("V", Mode::Any, ModShift, cmd::ToggleOverlay{"numbers"}, "overlay: g, h, f numbers on the tiles (zoomed in)",
        "overlays", BarPlay);
    add("L", Mode::Any, ModShift, cmd::ToggleOverlay{"field"}, "overlay: the flow field of the selected group",
        "overlays", BarPlay);
    add("K", Mode::Any, ModShift, cmd::ToggleOverlay{"clearance"},
        "overlay: clearance, where the selected unit's footprint may stand", "overlays", BarPlay);
    add("G", Mode::Any, ModShift, cmd::StepMode{}, "step-through on / off (a click then starts a stepped search)",
        "step", BarPlay);
    add("N", Mode::Any, 0, cmd::Step{1}, "step-through: one expansion", "step", BarPlay);
    add("Shift+N", Mode::Any, 0, cmd::StepPlay{}, "step-through: play / pause");
    add("Ctrl+N", Mode::Any, ModShift, cmd::StepSpeed{}, "step-through: next speed");
    add("Shift+click", Mode::Play, ModCtrl | ModAlt, cmd::Race{}, "race A*, Dijkstra, greedy and weighted A* there",
        "race", BarPlay);
    add("R", Mode::Any, ModShift, cmd::ClearRace{}, "clear the race");
    add("Y", Mode::Any, ModShift, cmd::ToggleWhy{}, "why this path: its cost by terrain and influence");
}

/// Selecting units and ordering them.
void selectRows(std::vector<Binding>& rows)
{
    const Rows add{rows, KeyGroup::Select};
    add("unitclick", Mode::Play, ModCtrl | ModAlt, cmd::SelectUnit{}, "select that unit alone");
    add("Shift+unitclick", Mode::Play, ModCtrl | ModAlt, cmd::SelectUnit{0, true},
        "add that unit to the selection, or take it out");
    add("drag", Mode::Play, ModCtrl | ModAlt, cmd::SelectBox{}, "select the units in the box");
    add("Shift+drag", Mode::Play, ModCtrl | ModAlt, cmd::SelectBox{0, 0, 0, 0, true},
        "add the units in the box to the selection");
    add("Ctrl+A", Mode::Any, ModShift | ModAlt, cmd::SelectAll{}, "select the whole party", "all", BarPlay);
    // Number keys: unit N alone, or toggled in the selection with Shift.
    for (int i = 0; i < 9; ++i)
        add(std::to_string(i + 1), Mode::Any, ModCtrl | ModAlt, cmd::SelectUnit{i, false}, "select unit N alone");
    for (int i = 0; i < 9; ++i)
        add("Shift+" + std::to_string(i + 1), Mode::Any, ModCtrl | ModAlt, cmd::SelectUnit{i, true},
            "add unit N to the selection, or take it out");
    add("Escape", Mode::Any, AnyMod, cmd::SelectNone{}, "select none");
    add("click", Mode::Play, ModCtrl | ModAlt, cmd::Order{}, "move the selection there (a formation around the tile)",
        "move", BarPlay);
    add("rclick", Mode::Play, AnyMod, cmd::Order{}, "move the selection there (on the ground or the minimap)");
    add("hover", Mode::Any, AnyMod, cmd::PointerMoved{}, "preview the selection's path there; the tile's costs");
}

/// The camera: pan, zoom, centre, follow, the minimap.
void viewRows(std::vector<Binding>& rows)
{
    const Rows add{rows, KeyGroup::View};
    const std::string pan = "pan the view";
    // Pan keys: held in play (with Ctrl up: Ctrl+S, Ctrl+A are other rows), a step per scripted press.
    add("W", Mode::Any, ModShift | ModAlt, cmd::Pan{0, -1}, pan, "pan", BarPlay);
    add("A", Mode::Any, ModShift | ModAlt, cmd::Pan{-1, 0}, pan, "pan", BarPlay);
    add("S", Mode::Any, ModShift | ModAlt, cmd::Pan{0, 1}, pan, "pan", BarPlay);
    add("D", Mode::Any, ModShift | ModAlt, cmd::Pan{1, 0}, pan, "pan", BarPlay);
    add("Up", Mode::Any, ModShift | ModAlt, cmd::Pan{0, -1}, pan);
    add("Left", Mode::Any, ModShift | ModAlt, cmd::Pan{-1, 0}, pan);
    add("Down", Mode::Any, ModShift | ModAlt, cmd::Pan{0, 1}, pan);
    add("Right", Mode::Any, ModShift | ModAlt, cmd::Pan{1, 0}, pan);
    add("mdrag", Mode::Any, AnyMod, cmd::Pan{}, "drag the view");
    add("rdrag", Mode::Any, AnyMod, cmd::Pan{}, "drag the view");
    add("edge", Mode::Any, AnyMod, cmd::Pan{}, "pan the view towards that edge");
    add("wheelup", Mode::Any, AnyMod, cmd::Zoom{1, true}, "zoom in / out around the pointer", "zoom", BarPlay);
    add("wheeldown", Mode::Any, AnyMod, cmd::Zoom{-1, true}, "zoom in / out around the pointer", "zoom", BarPlay);
    add("Equal", Mode::Any, AnyMod, cmd::Zoom{1}, "zoom in / out around the centre");
    add("Plus", Mode::Any, AnyMod, cmd::Zoom{1}, "zoom in / out around the centre");
    add("Hyphen", Mode::Any, AnyMod, cmd::Zoom{-1}, "zoom in / out around the centre");
    add("Minus", Mode::Any, AnyMod, cmd::Zoom{-1}, "zoom in / out around the centre");
    add("Space", Mode::Any, AnyMod, cmd::CenterView{}, "centre the view on the selection (or the party)");
    add("Home", Mode::Any, AnyMod, cmd::CenterView{}, "centre the view on the selection (or the party)");
    add("F", Mode::Any, ModShift, cmd::ToggleFollow{}, "follow the selection's leader until the view moves", "follow",
        BarPlay);
    add("M", Mode::Any, ModShift, cmd::ToggleMinimap{}, "the minimap (bottom right) on / off", "map", BarPlay);
    add("mapclick", Mode::Any, AnyMod, cmd::LookAt{}, "look there");
}

/// The world's rules, panels and files.
void worldRows(std::vector<Binding>& rows)
{
    const Rows add{rows, KeyGroup::World};
    add("E", Mode::Any, ModShift, cmd::ToggleEditor{}, "editor on / off (paint, erase, erupt volcanoes)", "editor",
        BothBars);
    add("O", Mode::Any, ModShift, cmd::ToggleFog{}, "fog of war on / off", "fog", BarPlay);
    add("U", Mode::Any, ModShift, cmd::ToggleMute{}, "sound on / off (mute)");
    add("F2", Mode::Any, AnyMod, cmd::ToggleTuning{}, "tuning panel: terrain costs and movement rules, live", "tune",
        BarPlay);
    add("F5", Mode::Any, AnyMod, cmd::Reload{}, "reload the map and its config", "reload", BarPlay);
}

std::vector<Binding> makeBindings()
{
    std::vector<Binding> rows;
    helpRows(rows);
    editorRows(rows);
    debugRows(rows);
    selectRows(rows);
    viewRows(rows);
    worldRows(rows);
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

bool modeApplies(Mode mode, bool editing, bool helpShown)
{
    switch (mode) {
    case Mode::Any: return true;
    case Mode::Play: return !editing;
    case Mode::Editor: return editing;
    case Mode::Help: return helpShown;
    }
    return false;
}

bool matches(const Binding& row, const Trigger& bound, const Trigger& pressed, bool editing, bool helpShown)
{
    if (!modeApplies(row.mode, editing, helpShown))
        return false;
    if (bound.gesture != pressed.gesture || (bound.gesture == Gesture::Key && bound.chord.key != pressed.chord.key))
        return false;
    const auto same = [&](unsigned bit, bool a, bool b) { return (row.anyMods & bit) != 0 || a == b; };
    return same(ModCtrl, bound.chord.ctrl, pressed.chord.ctrl) && same(ModShift, bound.chord.shift, pressed.chord.shift) &&
           same(ModAlt, bound.chord.alt, pressed.chord.alt);
}

/// "Ctrl+" of "Ctrl+Z", "wheel " of "wheel up", "" of "Tab": what a label shares with the one
/// before it in "Ctrl+Z/Y", "wheel up/down".
std::string labelPrefix(const std::string& label)
{
    const std::size_t cut = label.find_last_of("+ ", label.size() >= 2 ? label.size() - 2 : 0);
    return cut == std::string::npos ? std::string() : label.substr(0, cut + 1);
}

} // namespace

Command atTile(Command c, isostar::TileCoord tile)
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
    static const Named gestures[] = {
        {"CLICK", Gesture::Click},         {"RCLICK", Gesture::RightClick}, {"DRAG", Gesture::Drag},
        {"WHEELUP", Gesture::WheelUp},     {"WHEELDOWN", Gesture::WheelDown}, {"UNITCLICK", Gesture::ClickUnit},
        {"MDRAG", Gesture::MiddleDrag},    {"RDRAG", Gesture::RightDrag},   {"MAPCLICK", Gesture::MinimapClick},
        {"EDGE", Gesture::Edge},           {"HOVER", Gesture::Hover}};
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

std::optional<Command> commandFor(const Trigger& pressed, bool editing, bool helpShown)
{
    const std::vector<Binding>& rows = bindings();
    const std::vector<Trigger>& parsed = parsedTriggers();
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (matches(rows[i], parsed[i], pressed, editing, helpShown))
            return rows[i].command;
    return std::nullopt;
}

std::optional<Command> commandForKey(const KeyChord& pressed, bool editing, bool helpShown)
{
    return commandFor(Trigger{Gesture::Key, pressed}, editing, helpShown);
}

std::vector<Command> heldCommands(const std::function<bool(sf::Keyboard::Key)>& down, bool editing,
                                  const std::function<bool(const Command&)>& wanted)
{
    using K = sf::Keyboard;
    std::optional<KeyChord> mods;  // asked once a wanted key is down
    std::vector<Command> out;
    std::vector<K::Key> seen;
    const std::vector<Binding>& rows = bindings();
    const std::vector<Trigger>& parsed = parsedTriggers();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Trigger& t = parsed[i];
        // Only the keys of wanted rows are asked about (each a query of the keyboard).
        if (t.gesture != Gesture::Key || !wanted(rows[i].command) ||
            std::find(seen.begin(), seen.end(), t.chord.key) != seen.end() || !down(t.chord.key))
            continue;
        seen.push_back(t.chord.key);
        if (!mods) {
            mods.emplace();
            mods->ctrl = down(K::LControl) || down(K::RControl);
            mods->shift = down(K::LShift) || down(K::RShift);
            mods->alt = down(K::LAlt) || down(K::RAlt);
        }
        KeyChord held = *mods;
        held.key = t.chord.key;
        const std::optional<Command> c = commandForKey(held, editing);
        if (c && wanted(*c) && std::find(out.begin(), out.end(), *c) == out.end())
            out.push_back(*c);
    }
    return out;
}

std::string keysFor(std::initializer_list<Command> commands, const std::string& separator)
{
    std::vector<std::string> labels;
    for (const Command& c : commands)
        for (const Binding& b : bindings())
            if (b.command == c) {
                labels.push_back(keyLabel(b.trigger));
                break;
            }
    return joinLabels(labels, separator);
}

std::string joinLabels(const std::vector<std::string>& labels, const std::string& separator)
{
    std::string out, previousPrefix;
    for (const std::string& label : labels) {
        const std::string prefix = labelPrefix(label);
        const bool shared = !out.empty() && !prefix.empty() && prefix == previousPrefix;
        out += (out.empty() ? "" : separator) + (shared ? label.substr(prefix.size()) : label);
        previousPrefix = prefix;
    }
    return out;
}

const char* groupTitle(KeyGroup group)
{
    switch (group) {
    case KeyGroup::Help: return "Help";
    case KeyGroup::Select: return "Select and move";
    case KeyGroup::View: return "Camera and view";
    case KeyGroup::Debug: return "Debug tools";
    case KeyGroup::World: return "World, panels, files";
    case KeyGroup::Editor: return "Editor (E)";
    }
    return "";
}

std::string keyLabel(const std::string& trigger)
{
    struct Shown {
        Gesture gesture;
        const char* label;
    };
    static const Shown gestures[] = {
        {Gesture::Click, "click"},          {Gesture::RightClick, "right click"},
        {Gesture::Drag, "drag"},            {Gesture::WheelUp, "wheel up"},
        {Gesture::WheelDown, "wheel down"}, {Gesture::ClickUnit, "click a unit"},
        {Gesture::MiddleDrag, "middle-drag"}, {Gesture::RightDrag, "right-drag"},
        {Gesture::MinimapClick, "click / drag on the minimap"}, {Gesture::Edge, "pointer at a window edge"},
        {Gesture::Hover, "hover"}};
    static const std::pair<const char*, const char*> keys[] = {
        {"Escape", "Esc"}, {"Equal", "="}, {"Hyphen", "-"}, {"Plus", "keypad +"}, {"Minus", "keypad -"}};
    const std::optional<Trigger> t = parseTrigger(trigger);
    if (!t)
        return trigger;
    std::string mods = (t->chord.ctrl ? "Ctrl+" : "") + std::string(t->chord.shift ? "Shift+" : "") +
                       (t->chord.alt ? "Alt+" : "");
    for (const Shown& g : gestures)
        if (g.gesture == t->gesture)
            return mods + g.label;
    const std::string name = trigger.substr(trigger.rfind('+', trigger.size() >= 2 ? trigger.size() - 2 : 0) + 1);
    for (const auto& [from, to] : keys)
        if (name == from)
            return mods + to;
    return trigger;
}

} // namespace game
