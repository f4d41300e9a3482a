#pragma once
/// \file ServiceSlot.hpp
/// PathService's slot: one request (a path or a field) and its state, shared by
/// PathService.cpp, PathServiceSearch.cpp and PathServiceWorker.cpp.

#include "engine/path/PathService.hpp"

namespace isostar::path {

struct PathService::Slot {
    std::uint32_t generation = 1;   ///< current generation of the slot (never 0)
    RequestState state = RequestState::Invalid;
    PathRequest request;
    PathResult result;
    std::unique_ptr<GridQuery> query;  ///< while Running with A*
    SearchAlgorithm algorithm = SearchAlgorithm::AStar;  ///< the search that runs (request.algorithm, or Auto's pick when it (re)starts)
    std::shared_ptr<FlowField> field;  ///< a field request (its goals and region inside), else null
    std::shared_ptr<FieldWorker::Job> job;  ///< a field running on the worker (the job holds it too)
    std::uint64_t handedOutAt = 0;          ///< the update() count when the job went to the worker
    int progress = 0;
    bool stale = false;
    double key = 0.0;         ///< service order: smaller first (see PathService.hpp)
    std::uint64_t order = 0;  ///< ties of key: the earlier request first
};

} // namespace isostar::path
