/// \file WorldLoader.cpp
/// WorldLoader: loadWorld on a std::async worker, the step it runs behind a mutex.
#include "game/world/WorldLoader.hpp"

namespace game {

void WorldLoader::start(WorldOptions options)
{
    auto shared = std::make_shared<Shared>();
    m_shared = shared;
    m_result = std::async(std::launch::async, [options = std::move(options), shared] {
        return loadWorld(options, [shared](const std::string& step) {
            const std::lock_guard lock(shared->mutex);
            shared->step = step;
            shared->since = Clock::now();
        });
    });
}

bool WorldLoader::ready() const
{
    return running() && m_result.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

WorldLoader::Progress WorldLoader::progress() const
{
    if (!m_shared)
        return {};
    const std::lock_guard lock(m_shared->mutex);
    return {m_shared->step, std::chrono::duration<double>(Clock::now() - m_shared->since).count()};
}

isostar::Result<World> WorldLoader::take()
{
    isostar::Result<World> world = m_result.get();
    m_shared.reset();
    return world;
}

} // namespace game
