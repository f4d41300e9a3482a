// libFuzzer target for engine/path's Moving AI readers, in memory; ISOSTAR_FUZZ_KIND picks
// "map" (parseMovingAiMap, then toCostField of an accepted map) or "scen"
// (parseMovingAiScenarios, then checkScenario of each scenario against a fixed 8x8 map).
// Oracle beyond "no crash": an accepted map holds exactly width x height cells.

#include "engine/path/MovingAi.hpp"
#include "tests/fuzz/FuzzSupport.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

constexpr std::string_view kKind = ISOSTAR_FUZZ_KIND;
static_assert(kKind == "map" || kKind == "scen");

[[maybe_unused]] const isostar::path::MovingAiMap& fixedMap()
{
    static const isostar::path::MovingAiMap map = [] {
        auto r = isostar::path::parseMovingAiMap("type octile\nheight 8\nwidth 8\nmap\n"
                                             "........\n..@@@...\n..T.....\n...SS...\n"
                                             "..WW....\n........\n.@@@@@@.\n........\n",
                                             "fixed.map");
        if (!r)
            std::abort();
        return r.value();
    }();
    return map;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzzsupport::asText(data, size);
    if constexpr (kKind == "map") {
        const auto r = isostar::path::parseMovingAiMap(text, "fuzz.map");
        fuzzsupport::checkResult(r);
        if (r) {
            const isostar::path::MovingAiMap& m = r.value();
            if (m.width <= 0 || m.height <= 0 || m.cells.size() != std::size_t(m.width) * std::size_t(m.height)) {
                std::fputs("fuzz oracle: accepted map's cells are not width x height\n", stderr);
                std::abort();
            }
            (void)isostar::path::toCostField(m, isostar::path::MovingAiTerrain::Ground);
        }
    } else { // scen
        const auto r = isostar::path::parseMovingAiScenarios(text, "fuzz.map.scen");
        fuzzsupport::checkResult(r);
        if (r)
            for (const isostar::path::MovingAiScenario& s : r.value().scenarios)
                (void)isostar::path::checkScenario(s, fixedMap(), "fuzz.map.scen");
    }
    return 0;
}
