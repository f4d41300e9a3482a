#pragma once
/// \file KeyHelp.hpp
/// What the player reads about the keys, all written from the binding table (Bindings.hpp):
/// the help overlay (H), the hint bar at the bottom and README's key table (`isostar
/// --keys-markdown`; a test compares it with README.md). Rows that do the same thing ("pan the
/// view": W, A, S, D, the arrows, the drags) are one entry; number keys read "1-9".
///
/// \code
/// hud.helpSheet = game::helpSheet();          // the overlay's groups and lines
/// hud.help = game::hintBar(input.editing());  // "H: help  click: move  Ctrl+A: all  ..."
/// std::cout << game::keysMarkdown();          // README's table, between its markers
/// \endcode

#include "game/input/Bindings.hpp"
#include "game/view/View.hpp"

#include <string>
#include <vector>

namespace game {

/// One thing the keys do: every trigger doing it, as labels ("W, A, S, D, Up, ...").
struct KeyHelpEntry {
    KeyGroup group = KeyGroup::Help;
    std::vector<std::string> triggers;  ///< the rows' triggers, in table order
    std::string what;
    bool operator==(const KeyHelpEntry&) const = default;
};

/// Every row of the table, rows with the same group and `what` merged, by group (KeyGroup's
/// order) then table order.
std::vector<KeyHelpEntry> keyHelp();

/// An entry's triggers as the help overlay writes them: labels joined by ", ", a run of digit
/// keys with one prefix as "1-9" ("Shift+1-9"); with `markdown`, each key in backticks.
std::string entryKeys(const KeyHelpEntry& entry, bool markdown = false);

/// The help overlay: a group per KeyGroup with (keys, what) lines, and its title line.
HelpSheet helpSheet();

/// The hint bar of play (`editing` false) or of the editor: the rows with a hint for that bar,
/// those with the same hint as one item ("C/I/T/V/L/K: overlays"), in keyHelp()'s order.
std::string hintBar(bool editing);

/// README's key table (the text between `<!-- keys:begin -->` and `<!-- keys:end -->`): a line
/// saying where it comes from, then a Markdown table of keyHelp() with a bold row per group.
std::string keysMarkdown();

} // namespace game
