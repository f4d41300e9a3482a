#pragma once
/// \file WorldLoader.hpp
/// loadWorld on a worker thread, for a window that must stay alive meanwhile (the open and
/// reloads of a big map): the owner starts it, looks at the step it runs from its own thread
/// each frame, and takes the result once it is ready. One load at a time per loader.
///
/// \code
/// game::WorldLoader loader;
/// loader.start(options);
/// while (!loader.ready()) drawProgress(loader.progress());   // the step and its seconds
/// isostar::Result<game::World> world = loader.take();              // the loader is idle again
/// \endcode

#include "game/world/World.hpp"

#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <string>

namespace game {

class WorldLoader {
public:
    /// What the worker does now.
    struct Progress {
        std::string step;      ///< the step's name (LoadProgress), "starting" before the first
        double stepSec = 0.0;  ///< seconds since that step began
    };

    /// Starts loading `options` on a worker thread. [Limit: not running()]
    void start(WorldOptions options);
    /// Started and not taken yet.
    bool running() const { return m_result.valid(); }
    /// running() and the worker is done: take() will not wait.
    bool ready() const;
    Progress progress() const;
    /// The loaded world or its problems (waits for the worker if needed); the loader is idle
    /// again. [Limit: running()]
    isostar::Result<World> take();

private:
    using Clock = std::chrono::steady_clock;
    struct Shared {
        std::mutex mutex;
        std::string step = "starting";
        Clock::time_point since = Clock::now();
    };
    std::shared_ptr<Shared> m_shared;
    std::future<isostar::Result<World>> m_result;
};

} // namespace game
