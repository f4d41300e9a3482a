// isopath bench --edits N: the jump table's update cost per brush edit (JumpEdits.hpp).

#include "tools/isopath/JumpEdits.hpp"

#include "tools/isopath/Commands.hpp"

#include "engine/core/Percentile.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/WeightedJumpSearch.hpp"

#include <ctime>
#include <iomanip>
#include <iostream>
#include <random>
#include <string>
#include <vector>

namespace isopath {

namespace {

/// CPU time of this thread in microseconds: the machine may be shared, and an update is short
/// enough that wall time would mostly count other processes' turns.
double threadMicros()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e6 + double(t.tv_nsec) / 1e3;
}

struct BrushTimes {
    std::vector<double> micros;  ///< per edit (a painting or an erasing)
    bool fresh = true;           ///< the patched table equals a fresh build after the edits
};

/// `edits` brushes of `size` x `size` cells at random places of layer 0 of `grid`: walls
/// painted, then erased, each patched into `table`; the update times.
BrushTimes timeBrushes(isostar::path::NavGrid& grid, isostar::path::WeightedJumpGrid& table, int size, int edits,
                       std::mt19937_64& rng)
{
    using namespace isostar::path;
    BrushTimes times;
    std::vector<CellChange> paint, erase;
    for (int e = 0; e < edits; ++e) {
        const int x0 = int(rng() % std::uint64_t(grid.width()));
        const int y0 = int(rng() % std::uint64_t(grid.height()));
        paint.clear();
        erase.clear();
        for (int y = y0; y < std::min(grid.height(), y0 + size); ++y)
            for (int x = x0; x < std::min(grid.width(), x0 + size); ++x) {
                paint.push_back({{x, y}, Impassable});
                erase.push_back({{x, y}, grid.cost(0, {x, y})});
            }
        for (const std::vector<CellChange>* changes : {&paint, &erase}) {
            const NavDirty dirty = grid.apply(0, *changes);
            const double t0 = threadMicros();
            const bool patched = table.update(grid, dirty);
            times.micros.push_back(threadMicros() - t0);
            times.fresh = times.fresh && patched && table.matches(grid, 0);
        }
    }
    WeightedJumpGrid fresh;
    times.fresh = times.fresh && fresh.build(grid, 0) && table.sameTable(fresh);
    return times;
}

/// The update times of 1x1 and 5x5 brushes on `field`, printed with `suffix` after each name.
bool benchField(const isostar::path::CostField& field, const isostar::path::MoveRules& rules, int edits,
                std::uint64_t seed, const std::string& suffix)
{
    using namespace isostar::path;
    NavGrid grid;
    grid.setLandmarks({LandmarkMode::Off});
    if (!grid.reset(field.width, field.height) || grid.addLayer("ground", field, rules) != 0)
        return false;
    WeightedJumpGrid table;
    const double t0 = threadMicros();
    table.build(grid, 0);
    const double buildMs = (threadMicros() - t0) / 1000.0;
    std::mt19937_64 rng(seed);
    std::cout << std::fixed << std::setprecision(1) << "jump_table_build_ms" << suffix << ": " << buildMs << '\n'
              << std::setprecision(2) << "jump_table_bytes_per_cell" << suffix << ": "
              << double(table.bytes()) / double(grid.paddedSize()) << '\n';
    bool fresh = true;
    for (const int size : {1, 5}) {
        const BrushTimes t = timeBrushes(grid, table, size, edits, rng);
        fresh = fresh && t.fresh;
        std::cout << std::setprecision(1) << "jump_table_update_" << size << "x" << size << "_us" << suffix << ": median "
                  << isostar::percentile(t.micros, 0.5) << ", max " << isostar::percentile(t.micros, 1.0) << " ("
                  << t.micros.size() << " edits, walls painted and erased)\n";
    }
    std::cout << std::defaultfloat << std::setprecision(6);
    return fresh;
}

} // namespace

int benchJumpEdits(const isostar::path::CostField& field, const isostar::path::MoveRules& rules, int edits,
                   std::uint64_t seed)
{
    constexpr int kTiled = 2048;
    isostar::path::CostField tiled(kTiled, kTiled);
    for (int y = 0; y < kTiled; ++y)
        for (int x = 0; x < kTiled; ++x)
            tiled.at({x, y}) = field.at({x % field.width, y % field.height});
    const bool fresh = benchField(field, rules, edits, seed, "") &&
                       benchField(tiled, rules, edits, seed, "_tiled_2048");
    std::cout << "jump_table_patches: " << (fresh ? "equal to a fresh build" : "DIFFER from a fresh build") << '\n';
    return fresh ? ExitOk : ExitCheckFailed;
}

} // namespace isopath
