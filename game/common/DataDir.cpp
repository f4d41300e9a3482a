#include "game/common/DataDir.hpp"

#include <cstdlib>
#include <system_error>

namespace game {

std::filesystem::path dataDir()
{
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec || exe.empty())
        return {};
    return (exe.parent_path() / ISOSTAR_DATA_FROM_BIN).lexically_normal();
}

std::string defaultMapPath()
{
    const std::filesystem::path dir = dataDir();
    return (dir.empty() ? std::filesystem::path("maps/valley.tmx") : dir / "maps" / "valley.tmx").string();
}

std::filesystem::path assetsDir()
{
    if (const char* env = std::getenv("ISOSTAR_ASSETS"))
        return env;
    const std::filesystem::path dir = dataDir();
    return dir.empty() ? std::filesystem::path("assets") : dir / "assets";
}

} // namespace game
