// libFuzzer target for the game's script language (game/script parseScript, in memory) with the
// game's own key table (game/input isKeyName). Oracle beyond "no crash": every accepted command
// has a line inside the text and wait/sleep seconds within their documented [0, 3600].

#include "game/input/KeyNames.hpp"
#include "game/script/Script.hpp"
#include "tests/fuzz/FuzzSupport.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(fuzzsupport::asText(data, size));
    const auto r = game::parseScript(text, "fuzz.script", &game::isKeyName);
    fuzzsupport::checkResult(r);
    if (!r)
        return 0;
    const long lines = long(std::count(text.begin(), text.end(), '\n')) + 1;
    std::ostringstream printed;
    for (const game::ScriptCommand& c : r.value()) {
        double seconds = 0.0;
        if (const auto* wait = std::get_if<game::script::Wait>(&c.command))
            seconds = wait->seconds;
        else if (const auto* sleep = std::get_if<game::script::Sleep>(&c.command))
            seconds = sleep->seconds;
        if (c.line < 1 || c.line > lines || !(seconds >= 0.0 && seconds <= 3600.0)) {
            std::fprintf(stderr, "fuzz oracle: command on line %d (of %ld), seconds %g\n", c.line, lines, seconds);
            std::abort();
        }
        printed << c << '\n';
    }
    return 0;
}
