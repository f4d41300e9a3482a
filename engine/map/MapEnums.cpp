// One table per keyword enum: Tiled's spelling <-> value (TMX reference, Tiled 1.8-1.10).

#include "engine/map/MapEnums.hpp"

#include <utility>

namespace isostar::map {

namespace {

template <typename E>
using Table = std::pair<E, std::string_view>;

constexpr Table<ObjectAlignment> kObjectAlignments[] = {
    {ObjectAlignment::Unspecified, "unspecified"}, {ObjectAlignment::TopLeft, "topleft"},
    {ObjectAlignment::Top, "top"},                 {ObjectAlignment::TopRight, "topright"},
    {ObjectAlignment::Left, "left"},               {ObjectAlignment::Center, "center"},
    {ObjectAlignment::Right, "right"},             {ObjectAlignment::BottomLeft, "bottomleft"},
    {ObjectAlignment::Bottom, "bottom"},           {ObjectAlignment::BottomRight, "bottomright"},
};
constexpr Table<TileRenderSize> kTileRenderSizes[] = {{TileRenderSize::Tile, "tile"}, {TileRenderSize::Grid, "grid"}};
constexpr Table<FillMode> kFillModes[] = {{FillMode::Stretch, "stretch"},
                                          {FillMode::PreserveAspectFit, "preserve-aspect-fit"}};
constexpr Table<DrawOrder> kDrawOrders[] = {{DrawOrder::TopDown, "topdown"}, {DrawOrder::Index, "index"}};
constexpr Table<HorizontalAlign> kHorizontalAligns[] = {{HorizontalAlign::Left, "left"},
                                                        {HorizontalAlign::Center, "center"},
                                                        {HorizontalAlign::Right, "right"},
                                                        {HorizontalAlign::Justify, "justify"}};
constexpr Table<VerticalAlign> kVerticalAligns[] = {
    {VerticalAlign::Top, "top"}, {VerticalAlign::Center, "center"}, {VerticalAlign::Bottom, "bottom"}};

template <typename E, std::size_t N>
std::string_view nameIn(const Table<E> (&table)[N], E value)
{
    for (const auto& [v, name] : table)
        if (v == value)
            return name;
    return "?"; // unreachable for values of the enum
}

template <typename E, std::size_t N>
std::optional<E> parseIn(const Table<E> (&table)[N], std::string_view s)
{
    for (const auto& [v, name] : table)
        if (name == s)
            return v;
    return std::nullopt;
}

} // namespace

std::string_view toString(ObjectAlignment a) { return nameIn(kObjectAlignments, a); }
std::string_view toString(TileRenderSize s) { return nameIn(kTileRenderSizes, s); }
std::string_view toString(FillMode m) { return nameIn(kFillModes, m); }
std::string_view toString(DrawOrder d) { return nameIn(kDrawOrders, d); }
std::string_view toString(HorizontalAlign a) { return nameIn(kHorizontalAligns, a); }
std::string_view toString(VerticalAlign a) { return nameIn(kVerticalAligns, a); }

std::optional<ObjectAlignment> parseObjectAlignment(std::string_view s) { return parseIn(kObjectAlignments, s); }
std::optional<TileRenderSize> parseTileRenderSize(std::string_view s) { return parseIn(kTileRenderSizes, s); }
std::optional<FillMode> parseFillMode(std::string_view s) { return parseIn(kFillModes, s); }
std::optional<DrawOrder> parseDrawOrder(std::string_view s) { return parseIn(kDrawOrders, s); }
std::optional<HorizontalAlign> parseHorizontalAlign(std::string_view s) { return parseIn(kHorizontalAligns, s); }
std::optional<VerticalAlign> parseVerticalAlign(std::string_view s) { return parseIn(kVerticalAligns, s); }

Vec2 alignmentFraction(ObjectAlignment a, Orientation orientation)
{
    switch (a) {
    case ObjectAlignment::Unspecified:
        return orientation == Orientation::Isometric ? Vec2{0.5, 1.0} : Vec2{0.0, 1.0};
    case ObjectAlignment::TopLeft: return {0.0, 0.0};
    case ObjectAlignment::Top: return {0.5, 0.0};
    case ObjectAlignment::TopRight: return {1.0, 0.0};
    case ObjectAlignment::Left: return {0.0, 0.5};
    case ObjectAlignment::Center: return {0.5, 0.5};
    case ObjectAlignment::Right: return {1.0, 0.5};
    case ObjectAlignment::BottomLeft: return {0.0, 1.0};
    case ObjectAlignment::Bottom: return {0.5, 1.0};
    case ObjectAlignment::BottomRight: return {1.0, 1.0};
    }
    return {0.0, 1.0};
}

} // namespace isostar::map
