#pragma once
/// \file KeyNames.hpp
/// Key names used by scripts (`key T`, `key Ctrl+A`, `key F5`) and their SFML keys.

#include <SFML/Window/Keyboard.hpp>

#include <optional>
#include <string>

namespace game {

struct KeyChord {
    sf::Keyboard::Key key = sf::Keyboard::Unknown;
    bool ctrl = false;
    bool shift = false;
    bool alt = false;
    bool operator==(const KeyChord&) const = default;
};

/// "A".."Z", "0".."9", "F1".."F12", "Escape", "Space", "Tab", "Enter", "Left", "Right", "Up",
/// "Down", "Plus", "Minus" (the keypad's), "Equal", "Hyphen", "Home", with optional "Ctrl+", "Shift+", "Alt+" prefixes
/// (case-insensitive). nullopt for anything else.
std::optional<KeyChord> parseKeyChord(const std::string& name);
/// For the script parser: is `name` a known chord?
bool isKeyName(const std::string& name);
/// Reads the "Ctrl+", "Shift+", "Alt+" prefixes of `name` (any order, case-insensitive) into
/// `chord`; returns the rest in upper case ("shift+click" -> "CLICK", Shift set).
std::string takeModifiers(const std::string& name, KeyChord& chord);

} // namespace game
