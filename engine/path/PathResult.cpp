#include "engine/path/PathResult.hpp"

#include <ostream>

namespace isostar::path {

std::string_view statusName(PathStatus s)
{
    switch (s) {
    case PathStatus::Found: return "found";
    case PathStatus::Partial: return "partial";
    case PathStatus::NoPath: return "no-path";
    case PathStatus::InProgress: return "in-progress";
    case PathStatus::StartInvalid: return "start-invalid";
    case PathStatus::GoalInvalid: return "goal-invalid";
    case PathStatus::InvalidInput: return "invalid-input";
    }
    return "?";
}

std::ostream& operator<<(std::ostream& os, PathStatus s)
{
    return os << statusName(s);
}

std::ostream& operator<<(std::ostream& os, const PathResult& r)
{
    os << "{status " << r.status << ", cost " << r.cost << ", expanded " << r.expanded << ", path";
    for (const TileCoord& c : r.path)
        os << ' ' << c;
    return os << '}';
}

} // namespace isostar::path
