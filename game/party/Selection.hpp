#pragma once
/// \file Selection.hpp
/// Which units of a party are selected, by index. The party keeps it sized to its units
/// (resize); indices outside [0, size) are ignored. The leader of the selection is the selected
/// unit of lowest index: it leads orders (Party::orderSelected), the hover preview and the HUD.
///
/// \code
/// game::Selection& sel = party.selection();
/// sel.selectOnly(2);
/// sel.toggle(0);                  // Shift+click
/// int lead = sel.leader();        // 0
/// \endcode

#include <span>
#include <vector>

namespace game {

class Selection {
public:
    /// Units 0 .. count-1: new ones start unselected, those past the end are dropped.
    void resize(int count);
    int size() const { return int(m_selected.size()); }

    void selectAll();
    void selectNone();
    /// Only `index` (none when out of range).
    void selectOnly(int index);
    /// Flips `index` (Shift+click, Shift+1-9).
    void toggle(int index);
    /// A box drag: the units `inside` become selected; without `add` only they are.
    void selectBox(std::span<const int> inside, bool add);

    bool selected(int index) const;
    bool empty() const;
    /// The selected indices, ascending.
    std::vector<int> indices() const;
    /// The selected unit of lowest index, or -1 when none is selected.
    int leader() const;

private:
    std::vector<char> m_selected;
};

} // namespace game
