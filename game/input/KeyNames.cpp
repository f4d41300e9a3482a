#include "game/input/KeyNames.hpp"

#include <algorithm>
#include <cctype>

namespace game {

namespace {

std::string upper(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    return s;
}

std::optional<sf::Keyboard::Key> keyFromName(const std::string& n)
{
    if (n.size() == 1 && n[0] >= 'A' && n[0] <= 'Z')
        return sf::Keyboard::Key(sf::Keyboard::A + (n[0] - 'A'));
    if (n.size() == 1 && n[0] >= '0' && n[0] <= '9')
        return sf::Keyboard::Key(sf::Keyboard::Num0 + (n[0] - '0'));
    if (n.size() >= 2 && n[0] == 'F') {
        const std::string digits = n.substr(1);
        if (std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }) && digits.size() <= 2) {
            const int k = std::stoi(digits);
            if (k >= 1 && k <= 12)
                return sf::Keyboard::Key(sf::Keyboard::F1 + (k - 1));
        }
    }
    struct Named {
        const char* name;
        sf::Keyboard::Key key;
    };
    static const Named table[] = {
        {"ESCAPE", sf::Keyboard::Escape}, {"ESC", sf::Keyboard::Escape}, {"SPACE", sf::Keyboard::Space},
        {"TAB", sf::Keyboard::Tab},       {"ENTER", sf::Keyboard::Enter}, {"RETURN", sf::Keyboard::Enter},
        {"LEFT", sf::Keyboard::Left},     {"RIGHT", sf::Keyboard::Right}, {"UP", sf::Keyboard::Up},
        {"DOWN", sf::Keyboard::Down},     {"PLUS", sf::Keyboard::Add},    {"MINUS", sf::Keyboard::Subtract},
        {"HOME", sf::Keyboard::Home},     {"EQUAL", sf::Keyboard::Equal}, {"HYPHEN", sf::Keyboard::Hyphen},
    };
    for (const Named& e : table)
        if (n == e.name)
            return e.key;
    return std::nullopt;
}

} // namespace

std::string takeModifiers(const std::string& name, KeyChord& chord)
{
    std::string rest = upper(name);
    for (;;) {
        if (rest.rfind("CTRL+", 0) == 0) {
            chord.ctrl = true;
            rest = rest.substr(5);
        } else if (rest.rfind("SHIFT+", 0) == 0) {
            chord.shift = true;
            rest = rest.substr(6);
        } else if (rest.rfind("ALT+", 0) == 0) {
            chord.alt = true;
            rest = rest.substr(4);
        } else {
            return rest;
        }
    }
}

std::optional<KeyChord> parseKeyChord(const std::string& name)
{
    KeyChord chord;
    const auto key = keyFromName(takeModifiers(name, chord));
    if (!key)
        return std::nullopt;
    chord.key = *key;
    return chord;
}

bool isKeyName(const std::string& name)
{
    return parseKeyChord(name).has_value();
}

} // namespace game
