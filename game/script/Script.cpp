#include "game/script/Script.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <ostream>
#include <sstream>

namespace game {

namespace {

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
    // std::from_chars for double is in libstdc++ 11+; strict whole-string check.
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

} // namespace

eng::Result<std::vector<ScriptCommand>> parseScript(const std::string& text, const std::string& path,
                                                    bool (*isKeyName)(const std::string&))
{
    std::vector<ScriptCommand> cmds;
    std::vector<eng::Diagnostic> errors;
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
        auto fail = [&](const std::string& msg) { errors.push_back({path, lineNo, msg}); };
        ScriptCommand c;
        c.line = lineNo;
        const std::string& op = w[0];
        auto ints = [&](std::size_t n, int* outs[]) {
            if (w.size() != n + 1) {
                fail(op + ": expected " + std::to_string(n) + " integers, got " + std::to_string(w.size() - 1) + " arguments");
                return false;
            }
            for (std::size_t i = 0; i < n; ++i)
                if (!parseInt(w[i + 1], *outs[i])) {
                    fail(op + ": \"" + w[i + 1] + "\" is not an integer");
                    return false;
                }
            return true;
        };
        if (op == "select") {
            if (w.size() != 2) {
                fail("select: expected `select all`, `select none` or `select NAME`");
                continue;
            }
            c.type = w[1] == "all" ? CommandType::SelectAll : w[1] == "none" ? CommandType::SelectNone : CommandType::SelectName;
            c.text = w[1];
        } else if (op == "move" || op == "click" || op == "rclick" || op == "mousemove") {
            int* outs[] = {&c.a, &c.b};
            if (!ints(2, outs))
                continue;
            c.type = op == "move" ? CommandType::Move : op == "click" ? CommandType::Click
                   : op == "rclick" ? CommandType::RClick : CommandType::MouseMove;
        } else if (op == "drag") {
            int* outs[] = {&c.a, &c.b, &c.c, &c.d};
            if (!ints(4, outs))
                continue;
            c.type = CommandType::Drag;
        } else if (op == "wheel") {
            int* outs[] = {&c.a, &c.b, &c.c};
            if (!ints(3, outs))
                continue;
            c.type = CommandType::Wheel;
        } else if (op == "key") {
            if (w.size() != 2) {
                fail("key: expected one key name, e.g. `key T` or `key Ctrl+A`");
                continue;
            }
            if (isKeyName && !isKeyName(w[1])) {
                fail("key: unknown key \"" + w[1] + "\"");
                continue;
            }
            c.type = CommandType::Key;
            c.text = w[1];
        } else if (op == "wait") {
            if (w.size() != 2 || !parseSeconds(w[1], c.seconds) || c.seconds < 0.0 || c.seconds > 3600.0) {
                fail("wait: expected seconds between 0 and 3600, got \"" + joinRest(w, 1) + "\"");
                continue;
            }
            c.type = CommandType::Wait;
        } else if (op == "screenshot" || op == "dump") {
            if (w.size() < 2) {
                fail(op + ": expected a file name");
                continue;
            }
            c.type = op == "screenshot" ? CommandType::Screenshot : CommandType::Dump;
            c.text = joinRest(w, 1);
        } else if (op == "paint") {
            if (w.size() != 4) {
                fail("paint: expected `paint X Y TERRAIN`, got " + std::to_string(w.size() - 1) + " arguments");
                continue;
            }
            if (!parseInt(w[1], c.a) || !parseInt(w[2], c.b)) {
                fail("paint: \"" + (parseInt(w[1], c.a) ? w[2] : w[1]) + "\" is not an integer");
                continue;
            }
            c.type = CommandType::Paint;
            c.text = w[3];
        } else if (op == "erase") {
            int* outs[] = {&c.a, &c.b};
            if (!ints(2, outs))
                continue;
            c.type = CommandType::Erase;
        } else if (op == "erupt") {
            if (w.size() != 4 || (w[3] != "on" && w[3] != "off")) {
                fail("erupt: expected `erupt X Y on` or `erupt X Y off`, got \"" + joinRest(w, 1) + "\"");
                continue;
            }
            if (!parseInt(w[1], c.a) || !parseInt(w[2], c.b)) {
                fail("erupt: \"" + (parseInt(w[1], c.a) ? w[2] : w[1]) + "\" is not an integer");
                continue;
            }
            c.type = CommandType::Erupt;
            c.c = w[3] == "on" ? 1 : 0;
            c.text = w[3];
        } else if (op == "undo" || op == "redo") {
            if (w.size() != 1) {
                fail(op + ": takes no arguments");
                continue;
            }
            c.type = op == "undo" ? CommandType::Undo : CommandType::Redo;
        } else if (op == "save") {
            if (w.size() < 2) {
                fail("save: expected a file name (.tmx)");
                continue;
            }
            c.type = CommandType::Save;
            c.text = joinRest(w, 1);
        } else if (op == "sleep") {
            if (w.size() != 2 || !parseSeconds(w[1], c.seconds) || c.seconds < 0.0 || c.seconds > 3600.0) {
                fail("sleep: expected seconds between 0 and 3600, got \"" + joinRest(w, 1) + "\"");
                continue;
            }
            c.type = CommandType::Sleep;
        } else if (op == "overlay") {
            static const char* const names[] = {"heat", "influence", "search", "numbers", "none"};
            if (w.size() != 2 || std::find(std::begin(names), std::end(names), w[1]) == std::end(names)) {
                fail("overlay: expected `overlay heat|influence|search|numbers|none`, got \"" + joinRest(w, 1) + "\"");
                continue;
            }
            c.type = CommandType::Overlay;
            c.text = w[1];
        } else if (op == "step") {
            int* outs[] = {&c.a};
            if (!ints(1, outs))
                continue;
            if (c.a < 0 || c.a > 1000000) {
                fail("step: expected a number of expansions between 0 and 1000000, got " + std::to_string(c.a));
                continue;
            }
            c.type = CommandType::Step;
        } else if (op == "race") {
            int* outs[] = {&c.a, &c.b};
            if (!ints(2, outs))
                continue;
            c.type = CommandType::Race;
        } else if (op == "panel") {
            if (w.size() >= 4 && w[1] == "set") {
                c.type = CommandType::PanelSet;
                c.text = w[2];
                c.value = joinRest(w, 3);
            } else if (w.size() >= 3 && w[1] == "save") {
                c.type = CommandType::PanelSave;
                c.text = joinRest(w, 2);
            } else {
                fail("panel: expected `panel set KEY VALUE` or `panel save FILE`, got \"" + joinRest(w, 1) + "\"");
                continue;
            }
        } else if (op == "quit") {
            if (w.size() != 1) {
                fail("quit: takes no arguments");
                continue;
            }
            c.type = CommandType::Quit;
        } else {
            fail("unknown command \"" + op + "\" (expected select, move, click, rclick, drag, mousemove, wheel, key, wait, sleep, paint, erase, erupt, "
                 "undo, redo, save, overlay, step, race, panel, screenshot, dump or quit)");
            continue;
        }
        cmds.push_back(std::move(c));
    }
    if (!errors.empty())
        return eng::Result<std::vector<ScriptCommand>>::failure(std::move(errors));
    return cmds;
}

eng::Result<std::vector<ScriptCommand>> loadScript(const std::string& path, bool (*isKeyName)(const std::string&))
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return eng::Result<std::vector<ScriptCommand>>::failure(eng::Diagnostic{path, 0, "cannot open script file"});
    std::ostringstream ss;
    ss << in.rdbuf();
    return parseScript(ss.str(), path, isKeyName);
}

std::ostream& operator<<(std::ostream& os, const ScriptCommand& c)
{
    return os << "command " << int(c.type) << " line " << c.line << " (" << c.a << ',' << c.b << ',' << c.c << ','
              << c.d << ") " << c.seconds << " \"" << c.text << '"';
}

} // namespace game
