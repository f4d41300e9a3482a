#include "engine/terrain/TerrainGrid.hpp"

#include "engine/core/Assert.hpp"

#include <algorithm>
#include <ostream>

namespace isostar::terrain {

TerrainGrid::TerrainGrid(int w, int h)
    : width(std::max(w, 0)), height(std::max(h, 0)), depth(1),
      slots(std::size_t(std::max(w, 0)) * std::size_t(std::max(h, 0)), NoTerrain)
{
}

TerrainId TerrainGrid::intern(std::string_view name)
{
    const TerrainId found = find(name);
    if (found != NoTerrain)
        return found;
    ISOSTAR_ASSERT(names.size() < MaxTerrainNames, "too many terrain names in one grid");
    names.emplace_back(name);
    origins.resize(names.size());
    return TerrainId(names.size() - 1);
}

TerrainId TerrainGrid::intern(std::string_view name, std::string_view origin)
{
    const TerrainId id = intern(name);
    origins.resize(names.size());
    std::string& listed = origins[id];
    if (origin.empty())
        return id;
    // Whole entries only: "class in a.tsx" must not match inside "class in a.tsx2".
    std::size_t at = 0;
    while (at <= listed.size()) {
        const std::size_t end = std::min(listed.find(", ", at), listed.size());
        if (std::string_view(listed).substr(at, end - at) == origin)
            return id;
        at = end + 2;
    }
    if (!listed.empty())
        listed += ", ";
    listed += origin;
    return id;
}

TerrainId TerrainGrid::find(std::string_view name) const
{
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name)
            return TerrainId(i);
    return NoTerrain;
}

std::span<const TerrainId> TerrainGrid::cell(TileCoord c) const
{
    ISOSTAR_ASSERT(inBounds(c), "TerrainGrid::cell out of bounds");
    const TerrainId* first = slots.data() + std::size_t(index(c)) * std::size_t(depth);
    int n = 0;
    while (n < depth && first[n] != NoTerrain)
        ++n;
    return {first, std::size_t(n)};
}

void TerrainGrid::grow(int newDepth)
{
    if (newDepth <= depth)
        return;
    std::vector<TerrainId> bigger(std::size_t(cellCount()) * std::size_t(newDepth), NoTerrain);
    for (std::size_t i = 0; i < std::size_t(cellCount()); ++i)
        std::copy_n(slots.begin() + std::ptrdiff_t(i * std::size_t(depth)), depth,
                    bigger.begin() + std::ptrdiff_t(i * std::size_t(newDepth)));
    slots = std::move(bigger);
    depth = newDepth;
}

void TerrainGrid::setCell(TileCoord c, std::span<const TerrainId> terrains)
{
    ISOSTAR_ASSERT(inBounds(c), "TerrainGrid::setCell out of bounds");
    // Copy first: `terrains` may point into `slots`, which grow() reallocates.
    std::vector<TerrainId> stack;
    for (TerrainId t : terrains)
        if (t != NoTerrain) {
            ISOSTAR_ASSERT(t < names.size(), "TerrainGrid::setCell: unknown terrain id");
            stack.push_back(t);
        }
    grow(int(stack.size()));
    TerrainId* first = slots.data() + std::size_t(index(c)) * std::size_t(depth);
    std::fill_n(first, depth, NoTerrain);
    std::copy(stack.begin(), stack.end(), first);
}

void TerrainGrid::setVoid(TileCoord c, bool isVoid)
{
    ISOSTAR_ASSERT(inBounds(c), "TerrainGrid::setVoid out of bounds");
    if (voids.empty() && !isVoid)
        return;
    if (voids.empty())
        voids.assign(std::size_t(cellCount()), 0);
    voids[std::size_t(index(c))] = isVoid ? 1 : 0;
}

void TerrainGrid::push(TileCoord c, TerrainId terrain)
{
    ISOSTAR_ASSERT(inBounds(c), "TerrainGrid::push out of bounds");
    ISOSTAR_ASSERT(terrain < names.size(), "TerrainGrid::push: unknown terrain id");
    const int n = int(cell(c).size());
    grow(n + 1);
    slots[std::size_t(index(c)) * std::size_t(depth) + std::size_t(n)] = terrain;
}

void TerrainGrid::fill(TerrainId terrain)
{
    ISOSTAR_ASSERT(terrain < names.size(), "TerrainGrid::fill: unknown terrain id");
    std::fill(slots.begin(), slots.end(), NoTerrain);
    for (std::size_t i = 0; i < std::size_t(cellCount()); ++i)
        slots[i * std::size_t(depth)] = terrain;
}

std::vector<std::string> TerrainGrid::cellNames(TileCoord c) const
{
    std::vector<std::string> out;
    for (TerrainId t : cell(c))
        out.push_back(names[t]);
    return out;
}

Result<TerrainGrid> terrainGridFromAscii(std::span<const std::string_view> rows,
                                         std::span<const std::pair<char, std::string_view>> legend)
{
    const std::string file = "<ascii>";
    const int height = int(rows.size());
    const int width = height > 0 ? int(rows[0].size()) : 0;
    TerrainGrid grid(width, height);
    std::vector<Diagnostic> errors;
    for (int y = 0; y < height; ++y) {
        if (int(rows[std::size_t(y)].size()) != width) {
            errors.push_back({file, y + 1, "row has " + std::to_string(rows[std::size_t(y)].size()) +
                                               " cells, expected " + std::to_string(width)});
            continue;
        }
        for (int x = 0; x < width; ++x) {
            const char ch = rows[std::size_t(y)][std::size_t(x)];
            auto it = std::find_if(legend.begin(), legend.end(), [&](const auto& e) { return e.first == ch; });
            if (it == legend.end()) {
                errors.push_back({file, y + 1, std::string("character '") + ch + "' at column " +
                                                   std::to_string(x) + " is not in the legend"});
                continue;
            }
            std::string_view names = it->second;
            while (!names.empty()) {
                const std::size_t space = names.find(' ');
                const std::string_view name = names.substr(0, space);
                if (!name.empty())
                    grid.push({x, y}, grid.intern(name));
                names = space == std::string_view::npos ? std::string_view{} : names.substr(space + 1);
            }
        }
    }
    if (!errors.empty())
        return Result<TerrainGrid>::failure(std::move(errors));
    return grid;
}

std::ostream& operator<<(std::ostream& os, const TerrainGrid& g)
{
    os << "TerrainGrid " << g.width << 'x' << g.height << " depth " << g.depth << " names {";
    for (std::size_t i = 0; i < g.names.size(); ++i)
        os << (i ? ", " : "") << g.names[i];
    return os << '}';
}

} // namespace isostar::terrain
