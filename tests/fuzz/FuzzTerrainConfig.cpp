// libFuzzer target for engine/terrain's TOML config parser (parseTerrainConfig, in memory).
// Beyond "no crash, no leak, every failure explained": an accepted config keeps every documented
// [Limit:] of TerrainRules (costs and multipliers finite and > 0, radii finite and >= 0, an
// influence's factor > 0 at 0 and at its radius), for the base rules and every profile.

#include "engine/terrain/TerrainConfigFile.hpp"
#include "tests/fuzz/FuzzSupport.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace {

void require(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "fuzz oracle: accepted config breaks a limit: %s\n", what);
        std::abort();
    }
}

void checkRules(const isostar::terrain::TerrainRules& rules)
{
    for (const isostar::terrain::TerrainRule& t : rules.terrains) {
        if (t.baseCost)
            require(std::isfinite(*t.baseCost) && *t.baseCost > 0, "baseCost finite and > 0");
        require(std::isfinite(t.multiplier) && t.multiplier > 0, "multiplier finite and > 0");
        if (t.influence) {
            const isostar::terrain::Influence& i = *t.influence;
            require(std::isfinite(i.radius) && i.radius >= 0, "radius finite and >= 0");
            require(i.factor(0) > 0 && i.factor(i.radius) > 0, "influence factor > 0 over its radius");
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto r = isostar::terrain::parseTerrainConfig(fuzzsupport::asText(data, size), "fuzz.toml");
    fuzzsupport::checkResult(r);
    if (r) {
        checkRules(r.value().base);
        for (const isostar::terrain::TerrainProfile& p : r.value().profiles)
            checkRules(p.rules);
        std::ostringstream printed;
        printed << r.value();
    }
    return 0;
}
