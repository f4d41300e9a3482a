/// \file Script.cpp
/// The script parser: one row per command word, each with its own small parser; the words of a
/// line are checked up front and every problem names the line.
#include "game/script/Script.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>

namespace game {

namespace {

using script::Command;

std::vector<std::string> splitWords(const std::string& line)
{
    std::vector<std::string> words;
    std::istringstream in(line);
    std::string w;
    while (in >> w)
        words.push_back(w);
    return words;
}

bool parseInt(const std::string& s, int& out)
{
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end;
}

bool parseSeconds(const std::string& s, double& out)
{
    // Strict: the whole word is a finite number.
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end && std::isfinite(out);
}

std::string joinRest(const std::vector<std::string>& w, std::size_t from)
{
    std::string out;
    for (std::size_t i = from; i < w.size(); ++i) {
        if (!out.empty())
            out += ' ';
        out += w[i];
    }
    return out;
}

/// One line being parsed: its words (the command word first) and the first problem found.
struct Words {
    const std::vector<std::string>& w;
    bool (*isKeyName)(const std::string&) = nullptr;
    std::string error;

    const std::string& op() const { return w[0]; }
    std::size_t args() const { return w.size() - 1; }
    std::string rest(std::size_t from = 1) const { return joinRest(w, from); }
    std::nullopt_t fail(std::string message)
    {
        error = std::move(message);
        return std::nullopt;
    }
    /// Exactly `n` integer arguments into `outs`.
    bool ints(std::initializer_list<int*> outs)
    {
        if (args() != outs.size()) {
            fail(op() + ": expected " + std::to_string(outs.size()) + " integers, got " + std::to_string(args()) +
                 " arguments");
            return false;
        }
        std::size_t i = 1;
        for (int* out : outs) {
            if (!parseInt(w[i], *out)) {
                fail(op() + ": \"" + w[i] + "\" is not an integer");
                return false;
            }
            ++i;
        }
        return true;
    }
    /// Arguments 1 and 2 as a cell (after the count was checked).
    bool cell(int& x, int& y)
    {
        if (!parseInt(w[1], x)) {
            fail(op() + ": \"" + w[1] + "\" is not an integer");
            return false;
        }
        if (!parseInt(w[2], y)) {
            fail(op() + ": \"" + w[2] + "\" is not an integer");
            return false;
        }
        return true;
    }
    /// One argument in seconds between 0 and 3600.
    bool seconds(double& out)
    {
        if (args() == 1 && parseSeconds(w[1], out) && out >= 0.0 && out <= 3600.0)
            return true;
        fail(op() + ": expected seconds between 0 and 3600, got \"" + rest() + "\"");
        return false;
    }
    bool noArguments()
    {
        if (args() == 0)
            return true;
        fail(op() + ": takes no arguments");
        return false;
    }
};

using Parsed = std::optional<Command>;

Parsed parseSelect(Words& l)
{
    if (l.args() != 1)
        return l.fail("select: expected `select all`, `select none` or `select NAME`");
    if (l.w[1] == "all")
        return script::SelectAll{};
    if (l.w[1] == "none")
        return script::SelectNone{};
    return script::SelectName{l.w[1]};
}

/// move, click, rclick, mousemove, erase, race: two integers.
template <typename T>
Parsed parsePoint(Words& l)
{
    int a = 0, b = 0;
    if (!l.ints({&a, &b}))
        return std::nullopt;
    return T{a, b};
}

Parsed parseDrag(Words& l)
{
    script::Drag d;
    if (!l.ints({&d.px, &d.py, &d.px2, &d.py2}))
        return std::nullopt;
    return d;
}

Parsed parseWheel(Words& l)
{
    script::Wheel wh;
    if (!l.ints({&wh.px, &wh.py, &wh.delta}))
        return std::nullopt;
    return wh;
}

Parsed parseKey(Words& l)
{
    if (l.args() != 1)
        return l.fail("key: expected one key name, e.g. `key T` or `key Ctrl+A`");
    if (l.isKeyName && !l.isKeyName(l.w[1]))
        return l.fail("key: unknown key \"" + l.w[1] + "\"");
    return script::Key{l.w[1]};
}

template <typename T>
Parsed parseSeconds(Words& l)
{
    T t;
    if (!l.seconds(t.seconds))
        return std::nullopt;
    return t;
}

/// screenshot, dump: the rest of the line is the file name.
template <typename T>
Parsed parseFile(Words& l)
{
    if (l.args() < 1)
        return l.fail(l.op() + ": expected a file name");
    return T{l.rest()};
}

template <typename T>
Parsed parseBare(Words& l)
{
    if (!l.noArguments())
        return std::nullopt;
    return T{};
}

Parsed parsePaint(Words& l)
{
    if (l.args() != 3)
        return l.fail("paint: expected `paint X Y TERRAIN`, got " + std::to_string(l.args()) + " arguments");
    script::Paint p;
    if (!l.cell(p.x, p.y))
        return std::nullopt;
    p.terrain = l.w[3];
    return p;
}

Parsed parseErupt(Words& l)
{
    if (l.args() != 3 || (l.w[3] != "on" && l.w[3] != "off"))
        return l.fail("erupt: expected `erupt X Y on` or `erupt X Y off`, got \"" + l.rest() + "\"");
    script::Erupt e;
    if (!l.cell(e.x, e.y))
        return std::nullopt;
    e.on = l.w[3] == "on";
    return e;
}

Parsed parseSave(Words& l)
{
    if (l.args() < 1)
        return l.fail("save: expected a file name (.tmx)");
    return script::Save{l.rest()};
}

Parsed parseOverlay(Words& l)
{
    static const char* const names[] = {"heat", "influence", "search", "numbers", "field", "clearance", "none"};
    if (l.args() != 1 || std::find(std::begin(names), std::end(names), l.w[1]) == std::end(names))
        return l.fail("overlay: expected `overlay heat|influence|search|numbers|field|clearance|none`, got \"" + l.rest() + "\"");
    return script::Overlay{l.w[1]};
}

Parsed parseStep(Words& l)
{
    script::Step s;
    if (!l.ints({&s.expansions}))
        return std::nullopt;
    if (s.expansions < 0 || s.expansions > 1000000)
        return l.fail("step: expected a number of expansions between 0 and 1000000, got " +
                      std::to_string(s.expansions));
    return s;
}

Parsed parsePanel(Words& l)
{
    if (l.w.size() >= 4 && l.w[1] == "set")
        return script::PanelSet{l.w[2], l.rest(3)};
    if (l.w.size() >= 3 && l.w[1] == "save")
        return script::PanelSave{l.rest(2)};
    return l.fail("panel: expected `panel set KEY VALUE` or `panel save FILE`, got \"" + l.rest() + "\"");
}

/// follow, minimap, fog: `on` or `off`.
template <typename T>
Parsed parseOnOff(Words& l)
{
    if (l.args() != 1 || (l.w[1] != "on" && l.w[1] != "off"))
        return l.fail(l.op() + ": expected `" + l.op() + " on` or `" + l.op() + " off`, got \"" + l.rest() + "\"");
    return T{l.w[1] == "on"};
}

struct ParserRow {
    const char* name;
    Parsed (*parse)(Words&);
};

/// Every command word and its parser, in the order the "unknown command" message lists them.
const ParserRow Parsers[] = {
    {"select", parseSelect},
    {"move", parsePoint<script::Move>},
    {"click", parsePoint<script::Click>},
    {"rclick", parsePoint<script::RClick>},
    {"drag", parseDrag},
    {"mousemove", parsePoint<script::MouseMove>},
    {"wheel", parseWheel},
    {"key", parseKey},
    {"wait", parseSeconds<script::Wait>},
    {"sleep", parseSeconds<script::Sleep>},
    {"paint", parsePaint},
    {"erase", parsePoint<script::Erase>},
    {"erupt", parseErupt},
    {"undo", parseBare<script::Undo>},
    {"redo", parseBare<script::Redo>},
    {"save", parseSave},
    {"overlay", parseOverlay},
    {"step", parseStep},
    {"race", parsePoint<script::Race>},
    {"panel", parsePanel},
    {"follow", parseOnOff<script::Follow>},
    {"minimap", parseOnOff<script::Minimap>},
    {"screenshot", parseFile<script::Screenshot>},
    {"dump", parseFile<script::Dump>},
    {"fog", parseOnOff<script::Fog>},
    {"quit", parseBare<script::Quit>},
};

std::string unknownCommand(const std::string& op)
{
    std::string known;
    const std::size_t n = std::size(Parsers);
    for (std::size_t i = 0; i < n; ++i)
        known += std::string(i == 0 ? "" : i + 1 == n ? " or " : ", ") + Parsers[i].name;
    return "unknown command \"" + op + "\" (expected " + known + ")";
}

/// Parses one line's words: the command, or nullopt with `l.error` set.
Parsed parseWords(Words& l)
{
    for (const ParserRow& row : Parsers)
        if (l.op() == row.name)
            return row.parse(l);
    return l.fail(unknownCommand(l.op()));
}

} // namespace

namespace script {

const char* commandName(const Command& c)
{
    // In the order of the variant's alternatives.
    static const char* const Names[] = {"select", "select", "select", "move", "click", "rclick", "drag",
                                        "mousemove", "wheel", "key", "wait", "sleep", "paint", "erase",
                                        "erupt", "undo", "redo", "save", "screenshot", "dump", "overlay",
                                        "step", "race", "panel", "panel", "follow", "minimap", "quit", "fog"};
    static_assert(std::size(Names) == std::variant_size_v<Command>);
    return Names[c.index()];
}

} // namespace script

isostar::Result<std::vector<ScriptCommand>> parseScript(const std::string& text, const std::string& path,
                                                    bool (*isKeyName)(const std::string&))
{
    std::vector<ScriptCommand> cmds;
    std::vector<isostar::Diagnostic> errors;
    std::istringstream in(text);
    std::string raw;
    int lineNo = 0;
    while (std::getline(in, raw)) {
        ++lineNo;
        if (!raw.empty() && raw.back() == '\r')
            raw.pop_back();
        const std::size_t hash = raw.find('#');
        const std::vector<std::string> w = splitWords(hash == std::string::npos ? raw : raw.substr(0, hash));
        if (w.empty())
            continue;
        Words words{w, isKeyName, {}};
        if (Parsed c = parseWords(words))
            cmds.push_back({lineNo, std::move(*c)});
        else
            errors.push_back({path, lineNo, words.error});
    }
    if (!errors.empty())
        return isostar::Result<std::vector<ScriptCommand>>::failure(std::move(errors));
    return cmds;
}

isostar::Result<std::vector<ScriptCommand>> loadScript(const std::string& path, bool (*isKeyName)(const std::string&))
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return isostar::Result<std::vector<ScriptCommand>>::failure(isostar::Diagnostic{path, 0, "cannot open script file"});
    std::ostringstream ss;
    ss << in.rdbuf();
    return parseScript(ss.str(), path, isKeyName);
}

std::ostream& operator<<(std::ostream& os, const ScriptCommand& c)
{
    os << "line " << c.line << ": " << script::commandName(c.command);
    std::visit(
        [&](const auto& cmd) {
            using namespace script;
            using T = std::decay_t<decltype(cmd)>;
            if constexpr (std::is_same_v<T, SelectAll>) os << " all";
            else if constexpr (std::is_same_v<T, SelectNone>) os << " none";
            else if constexpr (std::is_same_v<T, SelectName>) os << ' ' << cmd.name;
            else if constexpr (std::is_same_v<T, Move> || std::is_same_v<T, Erase> || std::is_same_v<T, Race>)
                os << ' ' << cmd.x << ' ' << cmd.y;
            else if constexpr (std::is_same_v<T, Click> || std::is_same_v<T, RClick> || std::is_same_v<T, MouseMove>)
                os << ' ' << cmd.px << ' ' << cmd.py;
            else if constexpr (std::is_same_v<T, Drag>) os << ' ' << cmd.px << ' ' << cmd.py << ' ' << cmd.px2 << ' ' << cmd.py2;
            else if constexpr (std::is_same_v<T, Wheel>) os << ' ' << cmd.px << ' ' << cmd.py << ' ' << cmd.delta;
            else if constexpr (std::is_same_v<T, Key>) os << ' ' << cmd.chord;
            else if constexpr (std::is_same_v<T, Wait> || std::is_same_v<T, Sleep>) os << ' ' << cmd.seconds;
            else if constexpr (std::is_same_v<T, Paint>) os << ' ' << cmd.x << ' ' << cmd.y << ' ' << cmd.terrain;
            else if constexpr (std::is_same_v<T, Erupt>) os << ' ' << cmd.x << ' ' << cmd.y << (cmd.on ? " on" : " off");
            else if constexpr (std::is_same_v<T, Save> || std::is_same_v<T, Screenshot> || std::is_same_v<T, Dump>)
                os << ' ' << cmd.file;
            else if constexpr (std::is_same_v<T, Overlay>) os << ' ' << cmd.name;
            else if constexpr (std::is_same_v<T, Step>) os << ' ' << cmd.expansions;
            else if constexpr (std::is_same_v<T, PanelSet>) os << " set " << cmd.key << ' ' << cmd.value;
            else if constexpr (std::is_same_v<T, PanelSave>) os << " save " << cmd.file;
            else if constexpr (std::is_same_v<T, Follow> || std::is_same_v<T, Minimap> || std::is_same_v<T, Fog>)
                os << (cmd.on ? " on" : " off");
        },
        c.command);
    return os;
}

} // namespace game
