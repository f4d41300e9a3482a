#include "tools/isopath/Progress.hpp"

#include <chrono>
#include <cstdio>
#include <unistd.h>

namespace isopath {

namespace {

constexpr auto ShowAfter = std::chrono::milliseconds(500);
constexpr auto Refresh = std::chrono::milliseconds(250);

} // namespace

TtyProgress::TtyProgress(std::string prefix) : m_prefix(std::move(prefix))
{
    if (isatty(STDERR_FILENO) == 1)
        m_thread = std::jthread([this](std::stop_token stop) { run(stop); });
}

TtyProgress::~TtyProgress()
{
    done();
    if (m_thread.joinable()) {
        m_thread.request_stop();
        m_wake.notify_all();
    }
}

void TtyProgress::step(std::string name)
{
    const std::lock_guard lock(m_mutex);
    eraseLine();
    m_step = std::move(name);
    ++m_generation;
    m_wake.notify_all();
}

void TtyProgress::done()
{
    const std::lock_guard lock(m_mutex);
    eraseLine();
    m_step.clear();
    ++m_generation;
    m_wake.notify_all();
}

void TtyProgress::eraseLine()
{
    if (!m_shown)
        return;
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
    m_shown = false;
}

void TtyProgress::run(std::stop_token stop)
{
    using Clock = std::chrono::steady_clock;
    std::unique_lock lock(m_mutex);
    while (!stop.stop_requested()) {
        const unsigned generation = m_generation;
        const Clock::time_point start = Clock::now();
        // Wait while this step runs; after ShowAfter, redraw its line every Refresh.
        auto next = start + ShowAfter;
        while (!stop.stop_requested() && generation == m_generation) {
            m_wake.wait_until(lock, stop, next, [&] { return generation != m_generation; });
            if (generation != m_generation || stop.stop_requested() || m_step.empty())
                break;
            const double sec = std::chrono::duration<double>(Clock::now() - start).count();
            std::fprintf(stderr, "\r\033[K%s: %s... %.1f s", m_prefix.c_str(), m_step.c_str(), sec);
            std::fflush(stderr);
            m_shown = true;
            next = Clock::now() + Refresh;
        }
        if (m_step.empty())
            m_wake.wait(lock, stop, [&] { return generation != m_generation && !m_step.empty(); });
    }
}

} // namespace isopath
