#pragma once
// SFML 2.5 destroys its shared OpenGL context whenever the last GL resource goes away and makes
// a new one (a new X display connection) for the next. When that connection was the X server's
// last client, a server started without -noreset resets and may refuse the reconnection, and
// SFML aborts inside sf::Texture(). The GL tests keep one context alive for the whole program,
// as a game does with its window.
#include <SFML/Window/Context.hpp>

inline void keepGlContextAlive()
{
    static sf::Context* const context = new sf::Context; // lives until exit, on purpose
    (void)context;
}
