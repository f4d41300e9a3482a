#pragma once
/// \file MessageLog.hpp
/// What the game says to the player: messages shown for a few seconds (errors longer) and a log
/// of everything said (for `dump`). No window: the HUD draws `shown()`, tests read it directly.
///
/// \code
/// game::MessageLog log;
/// log.say("reloaded maps/valley.tmx");
/// log.say("maps/terrain.toml:3: error: ...", true);
/// log.tick(1.0 / 60.0);   // each frame: messages fade and expire
/// \endcode

#include <deque>
#include <string>

namespace game {

class MessageLog {
public:
    struct Message {
        std::string text;
        double ttlSec = 0.0; ///< seconds left on screen
        bool error = false;
        std::string key;     ///< say(..., key): a later message with the same key replaces it
    };

    static constexpr std::size_t MaxShown = 6;  ///< older messages leave the screen first
    static constexpr std::size_t MaxLogged = 100;

    /// Shows `text` (4.5 s, errors 8 s) and logs it.
    void say(const std::string& text, bool error = false);
    /// Like say(), but when the newest message on screen was said with the same non-empty `key`
    /// it is replaced (new text, full time again, the log's line too) instead of stacking a new
    /// one: a drag that paints ten cells says "... replan" once, not ten times.
    void sayMerged(const std::string& key, const std::string& text, bool error = false);
    /// Is the newest message on screen one said with `key`?
    bool newestHasKey(const std::string& key) const;
    /// Ages the shown messages by `dtSec`; expired ones leave the screen.
    void tick(double dtSec);

    /// On screen now, oldest first.
    const std::deque<Message>& shown() const { return m_shown; }
    /// Everything said (the last MaxLogged), oldest first.
    const std::deque<std::string>& log() const { return m_log; }

private:
    std::deque<Message> m_shown;
    std::deque<std::string> m_log;
};

} // namespace game
