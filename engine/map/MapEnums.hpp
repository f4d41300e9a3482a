#pragma once
/// \file MapEnums.hpp
/// Tiled's keyword attributes as enums, and the one table per enum that maps them to Tiled's
/// spelling. The loaders convert at load time (an unknown keyword is a load error naming the
/// file and line), so code that draws or places things compares enums, never strings.
///
/// \code
/// const std::optional<isostar::map::DrawOrder> d = isostar::map::parseDrawOrder("index"); // DrawOrder::Index
/// const std::string_view s = isostar::map::toString(isostar::map::ObjectAlignment::BottomLeft); // "bottomleft"
/// std::cout << s << (d == isostar::map::DrawOrder::Index ? ", index\n" : "\n");
/// \endcode

#include "engine/map/MapData.hpp"

#include <optional>
#include <string_view>

namespace isostar::map {

/// Tiled's spelling: "unspecified", "topleft", "top", "topright", "left", "center", "right",
/// "bottomleft", "bottom", "bottomright".
std::string_view toString(ObjectAlignment a);
std::string_view toString(TileRenderSize s);    ///< "tile", "grid"
std::string_view toString(FillMode m);          ///< "stretch", "preserve-aspect-fit"
std::string_view toString(DrawOrder d);         ///< "topdown", "index"
std::string_view toString(HorizontalAlign a);   ///< "left", "center", "right", "justify"
std::string_view toString(VerticalAlign a);     ///< "top", "center", "bottom"

/// The enum for Tiled's spelling (exact, case-sensitive as Tiled writes it); nullopt otherwise.
std::optional<ObjectAlignment> parseObjectAlignment(std::string_view s);
std::optional<TileRenderSize> parseTileRenderSize(std::string_view s);
std::optional<FillMode> parseFillMode(std::string_view s);
std::optional<DrawOrder> parseDrawOrder(std::string_view s);
std::optional<HorizontalAlign> parseHorizontalAlign(std::string_view s);
std::optional<VerticalAlign> parseVerticalAlign(std::string_view s);

/// Where a tile object's (x, y) sits inside its image, as fractions of the image's width and
/// height ({0, 1} = bottom-left). Unspecified resolves as Tiled does: bottom-left on orthogonal
/// (and staggered, hexagonal) maps, bottom-centre on isometric ones. The one home of this rule:
/// engine/map's objectCell and engine/render's tile objects both use it.
Vec2 alignmentFraction(ObjectAlignment a, Orientation orientation);

} // namespace isostar::map
