#include "game/party/Selection.hpp"

#include <algorithm>

namespace game {

void Selection::resize(int count)
{
    m_selected.resize(std::size_t(std::max(0, count)), 0);
}

void Selection::selectAll()
{
    std::fill(m_selected.begin(), m_selected.end(), 1);
}

void Selection::selectNone()
{
    std::fill(m_selected.begin(), m_selected.end(), 0);
}

void Selection::selectOnly(int index)
{
    for (std::size_t i = 0; i < m_selected.size(); ++i)
        m_selected[i] = int(i) == index;
}

void Selection::toggle(int index)
{
    if (index >= 0 && index < size())
        m_selected[std::size_t(index)] = !m_selected[std::size_t(index)];
}

void Selection::selectBox(std::span<const int> inside, bool add)
{
    if (!add)
        selectNone();
    for (int i : inside)
        if (i >= 0 && i < size())
            m_selected[std::size_t(i)] = 1;
}

bool Selection::selected(int index) const
{
    return index >= 0 && index < size() && m_selected[std::size_t(index)];
}

bool Selection::empty() const
{
    return leader() < 0;
}

std::vector<int> Selection::indices() const
{
    std::vector<int> out;
    for (std::size_t i = 0; i < m_selected.size(); ++i)
        if (m_selected[i])
            out.push_back(int(i));
    return out;
}

int Selection::leader() const
{
    const auto it = std::find(m_selected.begin(), m_selected.end(), 1);
    return it == m_selected.end() ? -1 : int(it - m_selected.begin());
}

} // namespace game
