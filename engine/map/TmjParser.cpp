// Temporary: JSON formats land in the next commit of issue 2.
#include "engine/map/detail/Tmj.hpp"

namespace eng::map::detail {

MapData parseTmjMap(LoadContext& ctx, const std::string& path, std::string)
{
    ctx.error(path, 0, "JSON maps are not supported yet (issue 2)");
    return {};
}
std::optional<Tileset> parseTsjFile(LoadContext& ctx, const std::string& path, std::string)
{
    ctx.error(path, 0, "JSON tilesets are not supported yet (issue 2)");
    return std::nullopt;
}
std::optional<TemplateData> parseTjFile(LoadContext& ctx, const std::string& path, std::string)
{
    ctx.error(path, 0, "JSON templates are not supported yet (issue 2)");
    return std::nullopt;
}

} // namespace eng::map::detail
