#include "engine/path/SearchMode.hpp"

#include <ostream>

namespace isostar::path {

std::optional<SearchOrder> parseSearchOrder(std::string_view name)
{
    for (SearchOrder o : {SearchOrder::AStar, SearchOrder::Dijkstra, SearchOrder::WeightedAStar, SearchOrder::Greedy})
        if (name == searchOrderName(o))
            return o;
    return std::nullopt;
}

std::string_view searchOrderName(SearchOrder order)
{
    switch (order) {
    case SearchOrder::AStar: return "astar";
    case SearchOrder::Dijkstra: return "dijkstra";
    case SearchOrder::WeightedAStar: return "weighted";
    case SearchOrder::Greedy: return "greedy";
    }
    return "?";
}

std::ostream& operator<<(std::ostream& os, SearchOrder order)
{
    return os << searchOrderName(order);
}

std::ostream& operator<<(std::ostream& os, const SearchMode& mode)
{
    os << mode.order;
    if (mode.order == SearchOrder::WeightedAStar)
        os << " w=" << mode.weight;
    return os;
}

} // namespace isostar::path
