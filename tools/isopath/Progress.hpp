#pragma once
/// \file Progress.hpp
/// Progress of isopath's slow steps on a terminal: while a step runs for more than half a
/// second, stderr shows "isopath path: building landmark tables... 1.5 s", rewritten in place
/// and erased when the step ends. Nothing at all when stderr is not a terminal (pipes, files,
/// tests), so the output stays byte for byte the same there.
///
/// \code
/// TtyProgress progress("isopath path");
/// progress.step("reading the map");
/// loadMap(...);
/// progress.step("searching");   // ends the previous step
/// progress.done();              // or the destructor
/// \endcode

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace isopath {

class TtyProgress {
public:
    explicit TtyProgress(std::string prefix);
    ~TtyProgress();
    TtyProgress(const TtyProgress&) = delete;
    TtyProgress& operator=(const TtyProgress&) = delete;

    /// Starts a step named `name` (ends the one running).
    void step(std::string name);
    /// Ends the running step, erasing its line.
    void done();

private:
    void run(std::stop_token stop);
    /// Erases the line shown (m_mutex held).
    void eraseLine();

    std::string m_prefix;
    std::mutex m_mutex;
    std::condition_variable_any m_wake;
    std::string m_step;           ///< "" = no step running
    unsigned m_generation = 0;    ///< bumped by each step() and done()
    bool m_shown = false;         ///< a line is on the terminal
    std::jthread m_thread;        ///< last: stopped and joined first
};

} // namespace isopath
